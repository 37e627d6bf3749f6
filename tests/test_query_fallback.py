"""Fallback readings (``query/fallback.py``): a thing's holder and an entity's place read from the last clause
that speaks of it, only where no told state fills the slot, marked ``inferred="fallback"``."""

from __future__ import annotations

from functools import cache
from typing import Any

from worldstate.analysis import World, analyze
from worldstate.bench.state_questions import answer_question
from worldstate.cli.state import render_state
from worldstate.query import report_dict, state_at, states_of
from worldstate.query.fallback import FALLBACK, NOBODY, fallback_holder, fallback_place
from worldstate.state.timeline import Predicate

STRUCK = "The knight struck the dragon with the silver sword. Then he slept."
FLEW = "The knight struck the dragon with the silver sword. The sword flew out of the window."
SAW = "The girl saw the red shoes. Then she slept."
PLAYING = "The children were playing in the courtyard. They laughed."
TOOK = "Tom took the ring. Then he slept."


@cache
def world(text: str) -> World:
    return analyze(text)


def last(w: World) -> int:
    return len(w.spans) - 1


def state_of(text: str, entity: str) -> Any:
    w = world(text)
    return states_of(w, [entity], last(w), knowledge=False)[0]


def test_the_agent_of_a_clause_with_the_thing_as_instrument_holds_it() -> None:
    held = state_of(STRUCK, "silver-sword").held_by
    assert held is not None and held.predicate == Predicate.HOLDS
    assert (held.subject, held.inferred, held.start) == ("knight", FALLBACK, 0)
    w = world(STRUCK)
    assert "silver sword" in w.text[held.evidence.start : held.evidence.end]


def test_a_thing_that_went_by_itself_since_is_held_by_nobody() -> None:
    held = state_of(FLEW, "silver-sword").held_by
    assert held is not None and held.subject == NOBODY and held.start == 1


def test_seeing_a_thing_is_not_holding_it() -> None:
    w = world(SAW)
    assert fallback_holder(w, {"red-shoes"}, set(), last(w)) is None


def test_a_told_holder_leaves_no_room_for_the_fallback() -> None:
    w = world(TOOK)
    assert any(s.predicate == Predicate.HOLDS and s.value == "ring" for s in w.timeline.states)
    assert state_of(TOOK, "ring").held_by is None


def test_the_place_of_the_last_clause_is_an_inferred_place() -> None:
    place = state_of(PLAYING, "children").location
    assert place is not None and (place.value, place.inferred) == ("courtyard", FALLBACK)
    w = world(PLAYING)
    assert fallback_place(w, "children", 0) is not None
    assert fallback_place(w, "courtyard", last(w)) is None  # a place is in no place of its own clause


def test_the_state_report_marks_the_fallback_as_inferred() -> None:
    w = world(STRUCK)
    report = state_at(w, last(w), "sword", knowledge=False)
    text = render_state(w, report)
    assert "held by:   the knight (inferred: fallback)" in text
    held = report_dict(w, report)["characters"][0]["held_by"]
    assert held["entity"] == "knight" and held["inferred"] == FALLBACK
    assert "where:     the courtyard (inferred: fallback)" in render_state(
        world(PLAYING), state_at(world(PLAYING), 1, "children", knowledge=False)
    )


def test_a_holds_question_answers_from_the_fallback_with_its_evidence() -> None:
    q = {"qid": "q", "kind": "holds", "entity": "the silver sword", "anchor": "Then he slept"}
    got = answer_question(world(STRUCK), q)
    assert got["holder"] == "knight" and got["evidence"]["inferred"] == FALLBACK
    q = {"qid": "q", "kind": "holds", "entity": "the silver sword", "anchor": "out of the window"}
    assert answer_question(world(FLEW), q)["answer"] == "nobody"
