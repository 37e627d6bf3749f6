"""Service read through a possessor (``extract/timeline/possessed_role.py``): "the king's huntsman"."""

from __future__ import annotations

from functools import cache

import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.possessed_role import is_employed_noun
from worldstate.state.timeline import Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def relations(text: str) -> set[tuple[str, str]]:
    return {(s.subject, s.value) for s in world(text).timeline.states if s.predicate == Predicate.RELATION}


@pytest.mark.parametrize(
    ("noun", "employed"),
    [("gardener", True), ("huntsman", True), ("cook", True), ("coachman", True), ("man", False), ("companion", False)],
)
def test_workers_are_employed_nouns_but_not_first_senses_of_another_kind(noun: str, employed: bool) -> None:
    assert is_employed_noun(noun) is employed


def test_a_possessed_worker_serves_the_possessor() -> None:
    text = "The king called his huntsman and said, 'Take the child into the forest.' The huntsman obeyed."
    found = relations(text)
    assert ("huntsman", "servant_of=king") in found
    assert ("king", "master_of=huntsman") in found


def test_a_possessive_name_serves_its_owner() -> None:
    found = relations("The queen's cook made soup. The queen ate it.")
    assert any(value == "servant_of=queen" for _, value in found)


def test_without_a_possessor_a_worker_serves_nobody() -> None:
    assert not any(v.startswith("servant_of") for _, v in relations("A gardener came by. The king saw him."))


def test_a_possessed_man_is_no_servant() -> None:
    assert not any(
        v.startswith("servant_of") for _, v in relations("The old man had a son. His man brought the horse.")
    )
