"""A person noun "with" a portable thing has it (``person_with.py``), and who holds "a sack of flour" holds
the sack (``measured.py``: a container by WordNet)."""

from __future__ import annotations

from analysed import holders

from worldstate.analysis import World

TEXTS = {
    "knapsack": "A soldier with a knapsack on his back came along the road.",
    "beard": "An old man with a long beard sat by the fire.",
    "room": "The king sat in a room with a golden table.",
    "sack": "The boy came home carrying a sack of flour.",
    "lump": "The boy came home carrying a lump of silver.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_a_person_with_a_thing_holds_it(worlds: dict[str, World]) -> None:
    assert holders(worlds["knapsack"], "knapsack", 0) == ["soldier"]


def test_a_body_part_or_a_place_with_a_thing_is_no_holding(worlds: dict[str, World]) -> None:
    assert holders(worlds["beard"], "beard", 0) == []
    assert holders(worlds["room"], "table", 0) == []


def test_the_container_of_a_measure_phrase_is_held_with_its_content(worlds: dict[str, World]) -> None:
    assert sorted(holders(worlds["sack"], "sack", 0) + holders(worlds["sack"], "flour", 0)) == ["boy", "boy"]
    assert holders(worlds["lump"], "lump", 0) == []  # a lump is no container
