"""ConStory-style injection: every subtype is planted with verbatim ground truth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldstate.detect.answers import CONSTORY_COLUMNS
from worldstate.make.constory import inject_all, plant, recipes
from worldstate.make.corpus import SourceStory
from worldstate.resources.models import load_spacy
from worldstate.state import Story

_OPENING = (
    "Anna Weber lived in London with her brother Peter Weber. "
    "Anna brushed her long red hair every morning before work. "
    "Anna and Peter owned three horses and two dogs. "
    "Peter said that he loved London more than any other city. "
)
_MIDDLE = "Anna walked to the market and bought bread. Peter fed the horses and cleaned the stable. "
_ENDING = "Anna looked at the sky and smiled. Peter waved to Anna from the gate. "


def long_story() -> SourceStory:
    text = _OPENING + _MIDDLE * 8 + _ENDING * 6
    return SourceStory(id="weber", title="Weber", text=text, origin="test")


def test_every_subtype_has_a_recipe() -> None:
    assert set(recipes()) == set(CONSTORY_COLUMNS)


@pytest.mark.parametrize("subtype", CONSTORY_COLUMNS)
def test_plant_each_subtype_with_verbatim_spans(subtype: str) -> None:
    source = long_story()
    doc = load_spacy()(Story.from_text(source.text).text)
    result = plant(source, subtype, doc, seed=1)
    assert not isinstance(result, str), result
    error = result.error
    assert result.story[result.quote_span.start : result.quote_span.end] == error["exact_quote"]
    assert error["exact_quote"] not in source.text or subtype == "factual_detail_nomenclature_confusions"
    if result.pair_span is not None:
        assert result.story[result.pair_span.start : result.pair_span.end] == error["contradiction_pair"]
        assert result.pair_span.start < result.quote_span.start or subtype.endswith("simultaneity_contradictions")
    assert result.record()["errors"][subtype] == [error]
    assert sum(len(v) for v in result.record()["errors"].values()) == 1


def test_anchored_errors_contradict_their_anchor() -> None:
    source = long_story()
    doc = load_spacy()(Story.from_text(source.text).text)
    count = plant(source, "factual_detail_quantitative_mismatches", doc, seed=0)
    assert "three horses" in count.error["contradiction_pair"] and "four horses" in count.error["exact_quote"]
    colour = plant(source, "factual_detail_appearance_mismatches", doc, seed=0)
    assert "red hair" in colour.error["contradiction_pair"] and "red" not in colour.error["exact_quote"]
    rename = plant(source, "factual_detail_nomenclature_confusions", doc, seed=0)
    assert "Anna" not in rename.error["exact_quote"] and rename.story.count("Anna") == source.text.count("Anna") - 1


def test_inject_all_writes_jsonl_and_reports_skips(tmp_path: Path) -> None:
    short = SourceStory(id="short", title="Short", text="A fox ran. It hid. It slept.", origin="test")
    made = inject_all([short, long_story()], load_spacy(), seed=0)
    assert {p.subtype for p in made.planted} == set(CONSTORY_COLUMNS)
    assert all(s["source_id"] == "short" for s in made.skipped)
    paths = made.write(tmp_path)
    rows = [json.loads(x) for x in paths["injected"].read_text("utf-8").splitlines()]
    assert len(rows) == len(CONSTORY_COLUMNS)
    assert len(paths["originals"].read_text("utf-8").splitlines()) == 2
