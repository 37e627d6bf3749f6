"""Owned counts that change (``extract/timeline/owned_losses.py``): "had three sons … one of them died"."""

from __future__ import annotations

from functools import cache

import pytest

from worldstate.analysis import World, analyze
from worldstate.bench.state_questions import answer_question
from worldstate.state.timeline import Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def owned(text: str, owner: str, noun: str) -> list[tuple[int, str, str]]:
    """(sentence, count, change told) of ``owner``'s count of ``noun``, in story order."""
    return [
        (s.start, s.value.split("=", 1)[1], s.value_text)
        for s in world(text).timeline.states
        if s.predicate == Predicate.COUNT and s.subject == owner and s.key == noun
    ]


@pytest.mark.parametrize(
    ("text", "owner", "noun", "left"),
    [
        (
            "There was once a king who had three sons. One of them died of a fever. The king was sad.",
            "king",
            "son",
            "2",
        ),
        ("A poor man had seven children. Two of them ran away. The man wept.", "poor-man", "child", "5"),
        (
            "A farmer had two horses and a cow. He gave one of his horses to his neighbour. Then he went home.",
            "farmer",
            "horse",
            "1",
        ),
    ],
)
def test_members_that_go_lower_their_owners_count(text: str, owner: str, noun: str, left: str) -> None:
    told = owned(text, owner, noun)
    assert told[-1][0] == 1 and told[-1][1] == left
    assert told[-1][2].startswith("-")


def test_one_member_told_twice_goes_once() -> None:
    text = "A king had three sons. The eldest son died in the war. The eldest son died. The king was sad."
    assert [n for _, n, _ in owned(text, "king", "son")] == ["3", "2"]


def test_members_that_stay_leave_the_count_alone() -> None:
    text = "A miller had three sons. When he died, the sons divided the mill. The eldest took the mill."
    assert [n for _, n, _ in owned(text, "miller", "son")] == ["3"]


def test_a_count_question_after_a_loss_gets_the_count_left() -> None:
    text = "There was once a king who had three sons. One of them died of a fever. The king was very sad."
    q = {
        "qid": "q",
        "kind": "relation",
        "entity": "the king",
        "anchor": "was very sad",
        "count_noun": "son",
        "other": "sons",
    }
    assert answer_question(world(text), q)["answer"] == "2"
