"""The second state-questions set (dev/state_qa_more): its shape, and its anchors against the corpora.

The shape tests need nothing outside the repository; the corpus tests build the stories from
``../shared/data/corpora`` (skipped when absent) and check every anchor, fact and evidence phrase.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from worldstate.bench.state_questions import KINDS, load_state_questions, relation_keys

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "dev" / "state_qa_more" / "questions.jsonl"
BUILD = ROOT / "scripts" / "build_state_qa_more.py"
REQUIRED = ("qid", "story_id", "split", "kind", "entity", "entity_aliases", "anchor", "question", "answer")
REQUIRED += ("accept", "evidence", "note")
# a sentence end inside a phrase: . ! or ? (maybe a closing quote) then space and a capital or opening quote
SENTENCE_END = re.compile(r"[.!?]['’\"”]?\s+[A-Z'‘\"“]")


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_state_qa_more", BUILD)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _questions() -> list[dict[str, Any]]:
    return [json.loads(line) for line in QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_question_has_the_fields_of_state_qa() -> None:
    questions = _questions()
    assert len(questions) == 100
    assert len({q["qid"] for q in questions}) == len(questions)
    words = relation_keys()
    for q in questions:
        missing = [k for k in REQUIRED if k not in q or q[k] in ("", None)]
        assert not missing, f"{q['qid']} lacks {missing}"
        assert 10 <= len(q["anchor"]) <= 60, q["qid"]
        assert q["kind"] in KINDS, q["qid"]
        if q["kind"] in ("alive", "knows"):
            assert q["answer"] in ("yes", "no"), q["qid"]
        if q["kind"] == "knows":
            assert q.get("fact"), q["qid"]
        if q["kind"] == "relation":
            assert q.get("other"), q["qid"]
            assert q.get("count_noun") or q["answer"] in words, f"{q['qid']}: {q['answer']!r} is no relation word"


def test_each_story_asks_each_kind_once_and_the_splits_are_the_seeded_ones() -> None:
    questions = _questions()
    split = _build_module().splits()
    by_story: dict[str, list[str]] = {}
    for q in questions:
        by_story.setdefault(q["story_id"], []).append(q["kind"])
        assert q["split"] == split[q["story_id"]], q["qid"]
    assert set(by_story) == set(split)
    assert all(sorted(kinds) == sorted(KINDS) for kinds in by_story.values())
    assert Counter(split.values()) == {"tune": 10, "check": 10}
    counts = [q for q in questions if q.get("count_noun")]
    assert counts, "some relation questions are counts"


def test_the_stories_are_new_to_state_qa(shared_data: Path) -> None:
    old = shared_data / "state_qa" / "stories.jsonl"
    if not old.is_file():
        pytest.skip(f"no {old}")
    sources = {json.loads(line)["source"] for line in old.read_text(encoding="utf-8").splitlines() if line.strip()}
    assert not sources & set(_build_module().STORIES.values())


def test_anchors_facts_and_evidence_are_in_the_corpus_texts(shared_data: Path, tmp_path: Path) -> None:
    if not (shared_data / "corpora").is_dir():
        pytest.skip(f"no corpora under {shared_data}")
    assert _build_module().build(shared_data, tmp_path) == 20
    texts = {
        s["story_id"]: s["text"]
        for s in map(json.loads, (tmp_path / "stories.jsonl").read_text(encoding="utf-8").splitlines())
    }
    for q in _questions():
        text = texts[q["story_id"]]
        assert text.count(q["anchor"]) == 1, f"{q['qid']}: anchor {q['anchor']!r} not once in its story"
        for phrase in q["evidence"]:
            assert phrase in text, f"{q['qid']}: evidence {phrase!r} not verbatim"
        if q["kind"] == "knows":
            assert q["fact"] in text, f"{q['qid']}: fact not verbatim"
            assert not SENTENCE_END.search(q["fact"]), f"{q['qid']}: fact spans sentences"
    items = load_state_questions(tmp_path)  # the bench's own loader finds every anchor and fact
    assert len(items) == 20
    assert {i.split for i in items} == {"tune", "check"}
