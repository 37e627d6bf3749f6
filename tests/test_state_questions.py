"""The hand-written state questions (tests/data/state_questions.yaml) asked of ``state_at``.

Each question is anchored by a quoted phrase; the state is asked at the end of the sentence that
holds it. The whole set must be answered at least 85% right; run with ``-s`` to see every answer.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from worldstate.analysis import World, analyze
from worldstate.query import find_entities, knows, state_at
from worldstate.state.timeline import Predicate

QUESTIONS = Path(__file__).parent / "data" / "state_questions.yaml"
TARGET = 0.85  # issue 16's bar
FLOOR = 0.70  # the no-regression floor kept from before the target was reached (68/72 = 0.944 now)


def load_questions() -> list[dict[str, Any]]:
    raw = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))
    return [{**raw.get("defaults", {}), **q} for q in raw["questions"]]


@lru_cache(maxsize=32)
def _world(path: str, tale: str) -> World:
    from worldstate.make.corpus import read_text_file

    stories = read_text_file(Path(path))
    story = next((s for s in stories if s.title.upper() == tale.upper()), None)
    assert story is not None, f"no tale {tale!r} in {path}"
    return analyze(story.text, source=f"{path}#{tale}")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("‘", "'")).lower()


def sentence_of(world: World, quote: str) -> int:
    """The sentence holding the quoted phrase (by where the phrase starts)."""
    text = _norm(world.text)
    at = text.find(_norm(quote))
    assert at != -1, f"quote not found: {quote!r}"
    # _norm keeps offsets only up to whitespace runs: map back by counting non-space characters
    nonspace = len(re.sub(r"\s", "", text[:at]))
    seen = 0
    for i, ch in enumerate(world.text):
        if seen == nonspace and not ch.isspace():
            at = i
            break
        if not ch.isspace():
            seen += 1
    return next(k for k, span in enumerate(world.spans) if span.start <= at < span.end + 1)


def _names(world: World, entity: str) -> str:
    try:
        ent = world.state.entity(entity)
    except KeyError:
        return entity.lower()
    return " ".join([ent.name, *ent.aliases, ent.id]).lower()


def _matches(world: World, entity: str, answer: str) -> bool:
    return bool(re.search(rf"(?<![\w-]){re.escape(answer.lower())}(?![\w-])", _names(world, entity)))


def answer(world: World, q: dict[str, Any], k: int) -> Any:
    """The engine's answer to one question at sentence ``k``."""
    ask, subject = q["ask"], str(q["subject"])
    if ask == "holder":
        held = [
            s
            for s in world.timeline.at(k)
            if s.predicate == Predicate.HOLDS
            and (subject.lower() in s.value.lower() or subject.lower() in s.value_text.lower())
        ]
        if not held:
            return "nobody"
        return max(held, key=lambda s: (s.start, s.evidence.start)).subject
    ids = find_entities(world, subject)
    if ask == "knows":
        fact = sentence_of(world, q["fact"])
        return any(f.sentence == fact for eid in ids for f in knows(world, eid, k))
    report = state_at(world, k, subject, knowledge=False)
    states = report.characters
    if ask == "where":
        places = [(cs.location.start, cs.location) for cs in states if cs.location is not None]
        if not places:
            for s in world.timeline.at(k):  # things (a ball) that coreference left unresolved
                if s.predicate == Predicate.LOCATION and subject.lower() in s.subject.lower():
                    places.append((s.start, s))
        if not places:
            return None
        loc = max(places, key=lambda p: p[0])[1]
        return f"{loc.value} {loc.value_text}".lower()
    if ask == "alive":
        told = [cs.alive_told for cs in states if cs.alive_told is not None]
        if told:
            return max(told, key=lambda s: s.start).value == "true"
        return True if states else None
    if ask == "trait":
        return [s.value.split("=", 1)[1] for cs in states for s in cs.traits if s.key == q["trait"]]
    if ask == "relation":
        return [s.value.split("=", 1)[1] for cs in states for s in cs.relations if s.key == q["relation"]]
    if ask == "title":
        return [s.value for cs in states for s in cs.titles]
    if ask == "count":
        noun = q["noun"]
        found = [
            s
            for s in world.timeline.at(k)
            if s.predicate == Predicate.COUNT and s.key == noun and (s.subject == "story" or s.subject in ids)
        ]
        return int(found[-1].value.split("=", 1)[1]) if found else None
    raise ValueError(f"unknown question kind {ask!r}")


def is_right(world: World, q: dict[str, Any], got: Any) -> bool:
    expected, ask = q["answer"], q["ask"]
    if ask == "holder":
        if str(expected).lower() == "nobody":
            return got == "nobody"
        return got != "nobody" and _matches(world, got, str(expected))
    if ask == "where":
        return got is not None and any(str(a).lower() in got for a in expected)
    if ask in ("alive", "knows"):
        return got is not None and bool(got) == bool(expected)
    if ask in ("relation",):
        return any(_matches(world, g, str(expected)) for g in got)
    if ask in ("trait", "title"):
        return str(expected).lower() in got
    if ask == "count":
        return got == int(expected)
    return False


def score(shared: Path, verbose: bool = False) -> tuple[int, int]:
    """(right, asked) over the question set."""
    right = 0
    questions = load_questions()
    for q in questions:
        world = _world(str(shared / q["story"]), q["tale"])
        k = sentence_of(world, q["at"])
        got = answer(world, q, k)
        ok = is_right(world, q, got)
        right += ok
        if verbose:
            mark = "ok " if ok else "BAD"
            print(
                f"{mark} [{q['tale'][:18]:18}] s{k + 1:>3} {q['ask']:8} {q['subject']!s:16} want={q['answer']!s:14} got={got}"
            )
    return right, len(questions)


def test_question_file_is_well_formed() -> None:
    questions = load_questions()
    assert len(questions) >= 60
    for q in questions:
        assert {"story", "tale", "at", "ask", "subject", "answer"} <= set(q), q
        assert q["ask"] in ("where", "holder", "alive", "knows", "trait", "relation", "count", "title"), q
        if q["ask"] == "knows":
            assert "fact" in q, q


@lru_cache(maxsize=1)
def _scored(shared: Path) -> tuple[int, int]:
    right, asked = score(shared, verbose=True)
    print(f"state questions: {right}/{asked} = {right / asked:.3f}")
    return right, asked


def _grimm(shared_data: Path) -> Path:
    gutenberg = shared_data / "corpora" / "gutenberg" / "2591.txt"
    if not gutenberg.is_file():
        pytest.skip(f"Grimm tales not found at {gutenberg}")
    return shared_data


def test_state_questions_no_regression(shared_data: Path) -> None:
    right, asked = _scored(_grimm(shared_data))
    assert right / asked >= FLOOR


def test_state_questions_reach_target(shared_data: Path) -> None:
    right, asked = _scored(_grimm(shared_data))
    assert right / asked >= TARGET
