"""StorySumm head: per-sentence labels, commentary, evidence spans, input errors, a val smoke run."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from analysed import summary_world, world

from worldstate.config import Settings
from worldstate.detect.faithfulness.head import (
    COMMENTARY,
    FAITHFUL,
    UNFAITHFUL,
    is_commentary,
    judge_summary,
    parameters,
)
from worldstate.detect.llm import Verdict
from worldstate.errors import InputError
from worldstate.state import Span

SETTINGS = Settings()
STORY = (
    "Mara kept the lighthouse on the northern cliff. Every night she climbed the ninety steps to light the lamp.\n\n"
    "One winter evening a storm broke the lamp's glass. Mara wrapped the flame in her own coat so the ships "
    "could still see it.\n\n"
    "In the morning the fishermen found her asleep beside the lamp, and they brought her bread and new glass."
)


def test_commentary_patterns() -> None:
    assert is_commentary("The story explores themes of duty and sacrifice.")
    assert is_commentary("Overall, the story is a poignant reminder that small acts matter.")
    assert not is_commentary("Mara climbs the steps every night.")


def test_faithful_and_invented_sentences() -> None:
    summary = [
        "Mara keeps a lighthouse on a cliff and lights its lamp every night.",
        "When a storm breaks the glass, she shields the flame with her coat.",
        "Captain Bartholomew Quince sails his submarine to Tokyo and sells 400 diamonds.",
        "The story explores themes of duty and sacrifice.",
    ]
    answer = judge_summary(world(STORY, SETTINGS), summary_world(summary, SETTINGS))
    assert answer.sentence_labels[:2] == [FAITHFUL, FAITHFUL]
    assert answer.sentence_labels[2] == UNFAITHFUL
    assert answer.sentence_labels[3] == COMMENTARY
    assert not answer.faithful and answer.score < 0
    assert answer.findings and all(e.text == STORY[e.span.start : e.span.end] for e in answer.findings[0].evidence)


def test_faithful_summary() -> None:
    answer = judge_summary(
        world(STORY, SETTINGS),
        summary_world(["Mara keeps the lighthouse and saves the light during a storm."], SETTINGS),
    )
    assert answer.faithful and answer.sentence_labels == [FAITHFUL] and answer.score > 0


def test_bad_input() -> None:
    with pytest.raises(InputError):
        world("", SETTINGS)  # an empty story is refused before any head runs
    with pytest.raises(InputError):
        summary_world([], SETTINGS)  # and so is an empty summary
    with pytest.raises(InputError):
        summary_world(["   ", ""], SETTINGS)


def test_parameters_file() -> None:
    params = parameters()
    assert params["threshold"] > 0 and set(params["weights"]) >= {"low_sim", "unsupported"}


def test_storysumm_val_items_run(shared_data: Path) -> None:
    data = json.loads((shared_data / "storysumm" / "storysumm_val.json").read_text(encoding="utf-8"))
    for item in list(data.values())[:2]:
        summary = item["summary"] if isinstance(item["summary"], list) else ast.literal_eval(item["summary"])
        analysed = summary_world(summary, SETTINGS)
        answer = judge_summary(world(item["story"], SETTINGS), analysed)
        assert len(answer.sentence_labels) == len(analysed.sentences) >= len(summary)
        assert answer.faithful == (UNFAITHFUL not in answer.sentence_labels)


class _FakeAdjudicator:
    """Stands in for the LLM adjudicator: always asks, answers with a fixed verdict (or None)."""

    def __init__(self, data: dict | None) -> None:
        self.data = data

    def should_ask(self, confidence: float) -> bool:
        return True

    def ask(self, task: str, story: str, **variables: object) -> Verdict | None:
        assert task == "faithfulness" and variables["summary"]
        if self.data is None:
            return None
        quote = "Mara kept the lighthouse"
        start = story.index(quote)
        return Verdict(task, self.data, quotes=[(quote, Span(start, start + len(quote)))])

    def degraded_note(self) -> str:
        return "LLM gave no answer"


def test_llm_verdict_replaces_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    import worldstate.detect.llm as llm

    data = {"faithful": False, "unfaithful_sentences": [1], "explanation": "wrong", "confidence": 0.9}
    monkeypatch.setattr(llm, "get_adjudicator", lambda settings: _FakeAdjudicator(data))
    answer = judge_summary(
        world(STORY, Settings(llm_mode="always")),
        summary_world(["Mara keeps the lighthouse."], Settings(llm_mode="always")),
    )
    assert not answer.faithful and answer.sentence_labels == [UNFAITHFUL]
    assert answer.findings[0].source == "llm" and answer.findings[0].evidence[0].text == "Mara kept the lighthouse"


def test_llm_failure_keeps_offline_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    import worldstate.detect.llm as llm

    monkeypatch.setattr(llm, "get_adjudicator", lambda settings: _FakeAdjudicator(None))
    answer = judge_summary(
        world(STORY, Settings(llm_mode="always")),
        summary_world(["Mara keeps the lighthouse."], Settings(llm_mode="always")),
    )
    assert answer.faithful and "LLM gave no answer" in answer.notes
