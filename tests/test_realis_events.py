"""Realis event triggers: the tagger on hand-written sentences (asserted past events against negated, modal,
future, conditional, wished, generic and questioned ones), trigger spans, the shipped parameters, JSON of
old world states, ``predict_events`` and ``bench tune litbank-events`` on a three-document subset."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from worldstate.analysis import analyze
from worldstate.bench import litbank
from worldstate.bench.items import Item
from worldstate.bench.tune import parameters_in_use, tunable, tuner
from worldstate.bench.tune.store import TuneOptions
from worldstate.config import Settings
from worldstate.extract.realis import HASH_BITS, RealisModel, load_model, realis_model, shipped_path
from worldstate.state import WorldState
from worldstate.state.serialize import from_json, to_json


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings()


def _realis(text: str, settings: Settings) -> dict[str, bool]:
    """Trigger word → realis for every event of ``text``."""
    ws = analyze(text, settings).state
    out = {}
    for ev in ws.events:
        assert ev.trigger is not None
        out[text[ev.trigger.start : ev.trigger.end]] = ev.realis
    return out


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The old king drank the hot tea in the kitchen.", "drank"),
        ("The miller sold the mill and left the village.", "sold"),
        ("The miller sold the mill and left the village.", "left"),
        ("She screamed and ran out of the house.", "ran"),
        ('"Bring me the gold," the king said.', "said"),
    ],
)
def test_asserted_past_events_are_realis(text: str, word: str, settings: Settings) -> None:
    assert _realis(text, settings)[word] is True


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The old king did not drink the hot tea.", "drink"),  # negated
        ("The old king never drank the tea.", "drank"),  # negated
        ("The old king would drink the tea if he could.", "drink"),  # modal
        ("The miller might sell the mill.", "sell"),  # modal
        ("Tomorrow the old king will drink the tea.", "drink"),  # future
        ("If the queen comes back, the king will leave the castle.", "comes"),  # conditional
        ("If the queen comes back, the king will leave the castle.", "leave"),  # future consequence
        ("The king wanted to marry the princess.", "marry"),  # wished
        ("Every morning the king used to drink his tea in the garden.", "drink"),  # habitual
        ("The king always drinks tea in the morning.", "drinks"),  # generic
        ("Could the miller spin the straw into gold?", "spin"),  # question
        ('"Bring me the gold," the king said.', "Bring"),  # command
    ],
)
def test_irrealis_events_are_kept_but_not_realis(text: str, word: str, settings: Settings) -> None:
    assert _realis(text, settings)[word] is False


def test_triggers_are_single_words_and_nouns_can_be_events(settings: Settings) -> None:
    text = "Anna heard a loud noise in the garden. The death of the king surprised everyone."
    ws = analyze(text, settings).state
    heard = next(ev for ev in ws.events if ev.predicate == "hear")
    assert text[heard.trigger.start : heard.trigger.end] == "heard"  # type: ignore[union-attr]
    assert heard.span.start < heard.trigger.start  # type: ignore[union-attr]  # the span also holds the subject
    death = next(ev for ev in ws.events if ev.predicate == "death")
    assert death.realis and death.agent is None and text[death.span.start : death.span.end] == "death"
    assert [ev.id for ev in ws.events] == [f"ev{n}" for n in range(1, len(ws.events) + 1)]
    assert [ev.trigger.start for ev in ws.events] == sorted(ev.trigger.start for ev in ws.events)  # type: ignore[union-attr]


def test_shipped_parameters_load_with_their_provenance() -> None:
    model = realis_model(None)
    assert model is not None and model.weights.shape == (1 << HASH_BITS,)
    assert 0.0 < model.threshold < 1.0
    prov = model.provenance or {}
    assert prov["task"] == "litbank-events" and prov["items"] == 57
    assert prov["score"]["cv_f1"] >= 0.6  # document-level 5-fold CV on the LitBank dev half
    assert "bench tune litbank-events" in prov["command"]
    packaged = json.loads(Path(str(shipped_path())).with_name("realis_provenance.json").read_text())
    assert packaged["data_sha256"] == prov["data_sha256"]


def test_saved_model_round_trips_and_a_wrong_shape_is_refused(tmp_path: Path) -> None:
    weights = np.zeros(1 << HASH_BITS)
    weights[7] = 1.5
    path = RealisModel(weights, -0.25, 0.4).save(tmp_path / "m.npz", {"task": "x"})
    back = load_model(path)
    assert back.bias == -0.25 and back.threshold == 0.4 and back.weights[7] == 1.5 and back.provenance == {"task": "x"}
    np.savez(tmp_path / "bad.npz", weights=np.zeros(3), bias=0.0, threshold=0.5, provenance=np.array("{}"))
    with pytest.raises(ValueError, match="expected"):
        load_model(tmp_path / "bad.npz")


def test_world_state_json_keeps_triggers_and_reads_old_events(settings: Settings) -> None:
    ws = analyze("The miller might sell the mill. He sold it.", settings).state
    back = from_json(to_json(ws))
    assert [(e.trigger, e.realis) for e in back.events] == [(e.trigger, e.realis) for e in ws.events]
    data = json.loads(to_json(ws))
    for ev in data["events"]:  # a world state written before triggers existed
        del ev["trigger"], ev["realis"]
    old: WorldState = from_json(json.dumps(data))
    assert all(e.trigger is None and e.realis for e in old.events)


def test_predict_events_reads_realis_triggers(settings: Settings) -> None:
    text = "The miller might sell the mill .\nHe sold it and laughed .\n"
    item = Item("x", {"text": text}, {"events": []}, words=11)
    # tokens: The0 miller1 might2 sell3 the4 mill5 .6 He7 sold8 it9 and10 laughed11 .12
    assert litbank.predict_events(item, settings)["events"] == [8, 11]


def test_litbank_events_is_tunable() -> None:
    assert tunable()["litbank-events"] == "worldstate.bench.tune.events:tune_litbank_events"


def _subset(litbank_root: Path, folder: Path, n: int = 3) -> Path:
    """The first ``n`` documents of LitBank: their brat texts and event tsv files."""
    texts = sorted((litbank_root / "coref" / "brat").glob("*_brat.txt"))[:n]
    for sub in ("coref/brat", "events/tsv"):
        (folder / sub).mkdir(parents=True)
    for txt in texts:
        shutil.copy(txt, folder / "coref" / "brat" / txt.name)
        tsv = txt.name.replace(".txt", ".tsv")
        shutil.copy(litbank_root / "events" / "tsv" / tsv, folder / "events" / "tsv" / tsv)
    return folder


def test_tune_on_three_documents_writes_parameters_and_provenance(
    shared_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = shared_data / "litbank"
    if not (root / "events" / "tsv").is_dir():
        pytest.skip(f"LitBank not found at {root}")
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    settings = Settings.from_env()
    data = _subset(root, tmp_path / "litbank")
    prov = tuner("litbank-events")(data, settings, TuneOptions(cv=3, progress=False))
    written = tmp_path / "cache" / "tuned" / "litbank-events"
    assert (written / "realis.npz").is_file() and (written / "provenance.json").is_file()
    assert prov["items"] == 3 and "3-fold" in prov["evaluation"]
    assert 0.0 < prov["score"]["cv_f1"] <= 1.0 and prov["score"]["in_sample_f1"] >= prov["score"]["cv_f1"]
    assert "VERB" in prov["score"]["cv_by_pos"]
    used = parameters_in_use("litbank-events", settings, data)
    assert used is not None and used["source"] == "tuned" and used["in_sample"] is True
    assert load_model(written / "realis.npz").provenance["data_sha256"] == prov["data_sha256"]  # type: ignore[index]
