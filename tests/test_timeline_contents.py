"""What is in a container goes with it (``contents.py``): the one who takes or is given the container holds
what was put in it, until the thing itself is taken out."""

from __future__ import annotations

from analysed import holders

from worldstate.analysis import World

TEXTS = {
    "stolen_box": "The queen put the ring in a box. The thief stole the box.",
    "given_basket": "The girl put the apple in her basket. She gave the basket to her grandmother.",
    "taken_out": "The queen put the ring in a box. She took the ring out of the box. The thief stole the box.",
    "dropped": "The girl put the apple in her basket. She dropped the basket.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_the_one_who_gets_the_container_holds_its_contents(worlds: dict[str, World]) -> None:
    assert holders(worlds["stolen_box"], "ring", 1) == ["thief"]
    assert holders(worlds["given_basket"], "apple", 0) == ["girl"]
    assert holders(worlds["given_basket"], "apple", 1) == ["grandmother"]


def test_a_thing_taken_out_stays_with_the_one_who_took_it(worlds: dict[str, World]) -> None:
    assert holders(worlds["taken_out"], "ring", 2) == ["queen"]


def test_a_dropped_container_leaves_its_contents_with_nobody(worlds: dict[str, World]) -> None:
    assert holders(worlds["dropped"], "apple", 0) == ["girl"]
    assert holders(worlds["dropped"], "apple", 1) == []
