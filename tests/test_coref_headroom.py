"""`bench coref-headroom`: a random share of a run's wrong mentions put right, on hand-made clusters."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.bench.dev.coref_headroom import headroom, read_predictions, repair
from worldstate.bench.items import Item
from worldstate.errors import InputError

ALICE = {(0, 0), (3, 3), (6, 6), (9, 9), (12, 12)}
BOB = {(1, 1), (4, 4), (7, 7), (10, 10), (13, 13)}
# Alice is split in two; one of Bob's pronouns sits in Alice's main cluster.
PREDICTED = [{(0, 0), (3, 3), (6, 6), (4, 4)}, {(9, 9), (12, 12)}, {(1, 1), (7, 7), (10, 10), (13, 13)}]


def _item() -> Item:
    gold = [sorted(ALICE), sorted(BOB)]
    return Item("doc", {"text": ""}, {"clusters": gold, "characters": gold})


def _prediction() -> dict[str, list[list[list[int]]]]:
    return {"clusters": [sorted(map(list, c)) for c in PREDICTED]}


def test_share_zero_changes_nothing_and_share_one_puts_every_mention_home() -> None:
    gold = [ALICE, BOB]
    assert sorted(map(sorted, repair(gold, PREDICTED, 0.0, random.Random(0), {0, 1}))) == sorted(map(sorted, PREDICTED))
    assert sorted(map(sorted, repair(gold, PREDICTED, 1.0, random.Random(0), {0, 1}))) == sorted(
        map(sorted, [ALICE, BOB])
    )


def test_only_movable_entities_move() -> None:
    fixed = repair([ALICE, BOB], PREDICTED, 1.0, random.Random(0), {1})  # Bob only: Alice stays split
    assert {(9, 9), (12, 12)} in fixed and BOB in fixed


def test_headroom_reports_the_run_at_zero_and_the_targets_at_one() -> None:
    rows = headroom([_item()], {"doc": _prediction()}, shares=(0.0, 1.0), seeds=1)
    # At 0: Alice touches 2 clusters, Bob 2 (his own and Alice's), and the largest cluster holds both.
    assert rows[0]["clusters_per_character"] == 2.0 and rows[0]["merged_documents"] == 1.0
    assert rows[1]["clusters_per_character"] == 1.0 and rows[1]["merged_documents"] == 0.0
    assert rows[1]["conll_f1"] == pytest.approx(1.0)
    assert rows[0]["conll_f1"] < 1.0


def test_a_run_without_the_documents_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "predictions.jsonl").write_text(json.dumps({"id": "other", "prediction": None}) + "\n")
    with pytest.raises(InputError, match="no prediction"):
        headroom([_item()], read_predictions(tmp_path))
    with pytest.raises(InputError, match=r"predictions\.jsonl"):
        read_predictions(tmp_path / "nothing")


def test_the_gold_as_a_run_meets_every_target(tmp_path: Path, shared_data: Path) -> None:
    from worldstate.bench.litbank import load_coref
    from worldstate.cli.main import cli

    data = shared_data / "litbank"
    if not data.is_dir():
        pytest.skip(f"LitBank development half not found at {data}")

    items = load_coref(data)
    gold_as_run = [{"id": i.id, "prediction": {"clusters": i.gold["clusters"]}} for i in items]
    (tmp_path / "predictions.jsonl").write_text("".join(json.dumps(r) + "\n" for r in gold_as_run))
    out = tmp_path / "h.json"
    result = CliRunner().invoke(
        cli, ["bench", "coref-headroom", str(tmp_path), "--data", str(data), "--seeds", "1", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("share ") == 8
    rows = json.loads(out.read_text())["rows"]
    assert all(r["clusters_per_character"] == 1.0 and r["merged_documents"] == 0.0 for r in rows)
