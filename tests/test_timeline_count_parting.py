"""Owned counts got (``extract/timeline/acquired_counts.py``: picked, given) and lowered when the owner parts
with members (``parting.py``: sold, lost, "were lost", eaten); not what someone else does to them, on short
texts written for them."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.query import find_entities
from worldstate.state.timeline import Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def counts(text: str, owner: str, noun: str) -> list[int]:
    """The factual counts of ``noun`` on ``owner``, in story order."""
    w = world(text)
    ids = find_entities(w, owner)
    found = [
        s
        for s in w.timeline.states
        if s.subject in ids and s.predicate == Predicate.COUNT and s.key == noun and s.modality.factual
    ]
    return [int(float(s.value.split("=", 1)[1])) for s in sorted(found, key=lambda s: (s.start, s.evidence.start))]


def test_sold_one_of_them_lowers_the_count() -> None:
    assert counts("The farmer had three cows. He sold one of them at the market.", "the farmer", "cow") == [3, 2]


def test_lost_three_of_them_lowers_the_count() -> None:
    assert counts("Hans had ten coins. He lost three of them on the way.", "Hans", "coin") == [10, 7]


def test_a_passive_loss_lowers_the_count() -> None:
    text = "The woman had two sons, and one of them was lost in the war."
    assert counts(text, "the woman", "son") == [2, 1]


def test_what_another_does_is_no_parting() -> None:
    text = "The farmer had three cows. The neighbour sold one of them at the market."
    assert counts(text, "the farmer", "cow") == [3]


def test_what_one_picks_is_an_owned_count_that_eating_lowers() -> None:
    text = "Hans picked three apples from the tree. Then he ate one of them."
    assert counts(text, "Hans", "apple") == [3, 2]


def test_given_things_are_the_recipients_and_leave_the_giver() -> None:
    text = "The soldier took four coins from the purse. He gave two coins to the beggar."
    assert counts(text, "the soldier", "coin") == [4, 2]
    assert counts(text, "the beggar", "coin") == [2]


def test_an_owner_told_to_have_some_keeps_that_count() -> None:
    text = "Hans had five apples. He picked three apples from the tree."
    assert counts(text, "Hans", "apple") == [5]
