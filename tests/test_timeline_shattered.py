"""A thing broken or torn to pieces is held by nobody (``shattered.py``): the result phrase's noun is "piece"
or a kind of piece by WordNet; a person who goes to pieces keeps what they hold."""

from __future__ import annotations

from analysed import holders

from worldstate.analysis import World
from worldstate.extract.timeline.shattered import is_pieces

TEXTS = {
    "tore": "The girl had a letter. She tore the letter to pieces.",
    "smashed": "The boy had a jug. He smashed the jug into bits.",
    "broke": "The queen had a mirror. The mirror broke into a thousand pieces.",
    "went": "The boy had a jug. He went to pieces.",
    "walked": "The boy had a jug. He walked into the house.",
    "hands": "The boy had a jug. He put it into his hands.",
    "in_hand": "The girl carried the sandals in her hand.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_nouns_of_pieces() -> None:
    assert all(is_pieces(n) for n in ("piece", "bit", "fragment", "splinter", "shred"))
    assert not any(is_pieces(n) for n in ("house", "well", "wood", "hand"))


def test_a_thing_gone_to_pieces_is_held_by_nobody(worlds: dict[str, World]) -> None:
    assert holders(worlds["tore"], "letter", 0) == ["girl"]
    assert holders(worlds["tore"], "letter", 1) == []
    assert holders(worlds["smashed"], "jug", 1) == []
    assert holders(worlds["broke"], "mirror", 1) == []


def test_a_person_gone_to_pieces_or_a_place_keeps_the_thing(worlds: dict[str, World]) -> None:
    assert holders(worlds["went"], "jug", 1) == ["boy"]
    assert holders(worlds["walked"], "jug", 1) == ["boy"]


def test_a_thing_into_or_in_a_hand_is_not_in_pieces(worlds: dict[str, World]) -> None:
    assert holders(worlds["hands"], "jug", 1) == ["boy"]
    assert holders(worlds["in_hand"], "sandals", 0) == ["girl"]
