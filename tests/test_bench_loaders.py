"""Loaders: the development data in its upstream layout, the derived LOT items, and broken files."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from worldstate.bench.derive import SENPOS_MASK, derive_plotcom, derive_senpos
from worldstate.bench.loaders import (
    load_constory,
    load_constory_judge,
    load_flawedfictions,
    load_ikd,
    load_knp,
    load_lot_outgen,
    load_lot_senpos,
    load_story_cloze,
    load_storysumm,
)
from worldstate.errors import InputError
from worldstate.state.text import split_text


def test_shared_data_sizes(shared_data: Path) -> None:
    assert len(load_knp(shared_data / "act_on_known")) == 168
    ikd = load_ikd(shared_data / "act_on_known" / "IKD")
    assert len(ikd) == 270 and sum(i.gold["label"] for i in ikd) == 135
    assert len(load_storysumm(shared_data / "storysumm")) == 33
    assert len(load_constory(shared_data / "constory")) == 50
    assert len(load_story_cloze(shared_data / "story_cloze")) == 1871
    ff = load_flawedfictions(shared_data / "flawedfictions" / "format_examples.jsonl")
    assert [i.gold["has_error"] for i in ff] == [True, True, False, False]
    assert ff[0].gold["error_lines"] == ["with the support and blessings of his father"]
    assert len(load_lot_outgen(shared_data / "lot_outgen")) == 188
    judge = load_constory_judge(shared_data / "constory" / "judge_gpt-4o-mini-stories_by_gpt-4o-mini.csv")
    assert len(judge) == 50


def test_knp_options_shuffled_with_fixed_seed(shared_data: Path) -> None:
    first, again = load_knp(shared_data / "act_on_known"), load_knp(shared_data / "act_on_known")
    assert [i.inputs["options"] for i in first] == [i.inputs["options"] for i in again]
    for item in first[:20]:
        raw = json.loads((shared_data / "act_on_known" / "KNP" / f"{item.id}.json").read_text("utf-8"))
        assert item.inputs["options"][item.gold["correct"]] == raw["answer_without_knowledge"]
        assert "implausible_knowledge" not in item.inputs
    assert len({i.gold["correct"] for i in first}) == 2  # both positions occur


def test_derived_senpos_items_rebuild_the_story(shared_data: Path) -> None:
    stories = [json.loads(line)["story"] for line in (shared_data / "lot_outgen" / "outgen_val_dev.jsonl").open()]
    items = derive_senpos(stories[:30], seed=3)
    assert items == derive_senpos(stories[:30], seed=3)
    for item in items:
        pieces = item["story"].split(SENPOS_MASK)
        assert 1 <= item["label"] <= len(pieces) - 1
        rebuilt = "".join(pieces[: item["label"]]) + item["sentence"] + "".join(pieces[item["label"] :])
        assert rebuilt.replace(" ", "") == "".join(split_text(stories[int(item["id"][7:])])).replace(" ", "")
    loaded = load_lot_senpos(shared_data / "lot_outgen")
    assert loaded and all(0 <= i.gold["label"] < i.inputs["story"].count(SENPOS_MASK) for i in loaded)


def test_derivation_works_for_english() -> None:
    story = "Anna woke. She ate. She left the house. It rained. She came home wet."
    assert split_text(story)[2] == "She left the house."
    (item,) = derive_plotcom([story], seed=1)
    assert item["story"].count("<MASK>") == 1 and item["plot"] in story


def test_flawedfictions_html_story_and_csv(tmp_path: Path) -> None:
    path = tmp_path / "ff.csv"
    pd.DataFrame(
        [
            {
                "story": "<p>One &amp; two.</p><br>Three.",
                "cont_error": 1.0,
                "cont_error_lines": "Three.",
                "contradicted_lines": "NA",
                "example_id": "x1",
            }
        ]
    ).to_csv(path, index=False)
    (item,) = load_flawedfictions(path)
    assert "<" not in item.inputs["story"] and "One & two." in item.inputs["story"]
    assert item.gold == {"has_error": True, "error_lines": ["Three."], "contradicted_lines": []}


def test_truncated_json_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "storysumm.json"
    path.write_text('{\n "a": {\n  "label": 1,\n  "story": "x",\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_storysumm(path)
    assert info.value.path == str(path) and info.value.line is not None
    assert "truncated" in str(info.value)


def test_storysumm_stray_comma_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "storysumm.json"
    path.write_text('{\n "a": {\n  "summary": [\n   "One.",\n   ", "Two."\n  ]\n }\n}\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_storysumm(path)
    assert info.value.line == 5 and 'stray ", "' in str(info.value)


def test_wrong_columns_are_named(tmp_path: Path) -> None:
    path = tmp_path / "cloze.csv"
    path.write_text("InputStoryid,InputSentence1\nx,Hello.\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_story_cloze(path)
    assert "InputSentence2" in str(info.value) and "AnswerRightEnding" in str(info.value)
    parquet = tmp_path / "stories.parquet"
    pd.DataFrame([{"id": 1, "story": "no generated_story column"}]).to_parquet(parquet)
    with pytest.raises(InputError, match="generated_story"):
        load_constory(parquet)


def test_bad_jsonl_line_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "outgen.jsonl"
    path.write_text('{"outline": ["a"], "story": "b"}\n{"outline": ["a"], "sto\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_lot_outgen(path)
    assert info.value.line == 2


def test_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="KNP"):
        load_knp(tmp_path)


def test_constory_judge_csvs_beside_the_stories_are_scored(shared_data: Path) -> None:
    from worldstate.bench.tasks import constory_judges

    judges = constory_judges(shared_data / "constory")
    (name,) = judges
    assert judges[name]["n"] == 50 and 0.55 < judges[name]["metrics"]["quotes_verbatim"] < 0.7
