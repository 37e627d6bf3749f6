"""The name-phrase reading (query/names.py) and the ranked lookup behind find_entities (query/lookup.py),
on short stories written for them."""

from __future__ import annotations

from functools import lru_cache

import pytest

from worldstate.analysis import World, analyze
from worldstate.bench.state_questions import question_entities
from worldstate.query import entity_names, find_entities
from worldstate.query.entities import find_named
from worldstate.query.names import parse_name, readings


@pytest.mark.parametrize(
    ("phrase", "head", "modifiers", "possessor"),
    [
        ("Laotsze's servant", "servant", (), "Laotsze"),
        ("the narrator's eldest brother", "brother", ("eldest",), "the narrator"),
        ("the mother's long black hair", "hair", ("long", "black"), "the mother"),
        ("the golden star of tinsel", "star", ("golden", "tinsel"), None),
        ("the servant of the guardian", "servant", (), "the guardian"),
        ("the pair of sandals", "sandal", (), None),
        ("my father", "father", (), "narrator"),
        ("Hu-Wu-Bau's father", "father", (), "Hu-Wu-Bau"),
    ],
)
def test_a_name_phrase_is_read_into_head_modifiers_and_possessor(
    phrase: str, head: str, modifiers: tuple[str, ...], possessor: str | None
) -> None:
    read = parse_name(phrase)
    assert (read.head, read.modifiers, read.possessor) == (head, modifiers, possessor)


def test_a_pronoun_possessor_is_marked_not_named() -> None:
    read = parse_name("his servant")
    assert read.possessor is None and read.pronoun_possessor


def test_an_of_phrase_before_a_possessive_is_read_both_ways() -> None:
    heads = [(r.head, r.possessor) for r in readings("the daughter of the guardian's servant")]
    assert ("daughter", "the guardian's servant") in heads
    assert ("servant", "the daughter of the guardian") in heads


SERVANTS = (
    "Laotsze had a servant named Kung. The guardian also had a servant, an old man called Wei. "
    "Kung served Laotsze for many years. Wei served the guardian at the gate. "
    "One day Kung went to the market and Wei stayed at the gate."
)
STAR = (
    "The children hung a golden star of tinsel on the top of the tree. The golden star shone. "
    "Later a boy tore the golden star off and put it in his pocket."
)


@lru_cache(maxsize=4)
def _world(text: str) -> World:
    return analyze(text)


def _named(world: World, ids: list[str]) -> set[str]:
    return {n for i in ids for n in entity_names(world, i)}


def test_the_possessor_picks_the_servant() -> None:
    world = _world(SERVANTS)
    kung = _named(world, find_entities(world, "Laotsze's servant"))
    wei = _named(world, find_entities(world, "the servant of the guardian"))
    assert "kung" in kung and "kung" not in wei
    assert "wei" in wei and "wei" not in kung


def test_the_head_noun_not_the_last_word_finds_the_star() -> None:
    world = _world(STAR)
    found = find_named(world, "the gold star of tinsel")  # no name holds it; its head is "star", not "tinsel"
    assert found.ids and found.how == "head"
    assert all(any("star" in n for n in entity_names(world, i)) for i in found.ids)


def test_a_kind_of_the_head_is_found_when_no_name_shares_it() -> None:
    world = _world("The old man leaned on his cane. He walked to the river with the cane in his hand.")
    found = find_named(world, "the old man's stick")
    assert found.ids and found.how in ("kind", "possessor")
    assert any("cane" in n for n in _named(world, found.ids))


def test_no_shared_head_finds_nothing() -> None:
    world = _world(SERVANTS)
    assert find_named(world, "the purple elephant").ids == []


def test_the_question_s_possessed_name_outranks_a_bare_alias() -> None:
    world = _world(SERVANTS)
    ids = question_entities(world, ["Laotsze's servant", "the servant"])
    assert "kung" in _named(world, ids) and "wei" not in _named(world, ids)
