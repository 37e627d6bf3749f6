"""A person noun "with" a portable thing has it (``person_with.py``), and who holds "a sack of flour" holds
the sack (``measured.py``: a container by WordNet)."""

from __future__ import annotations

from analysed import holders

from worldstate.analysis import World

TEXTS = {
    "sack": "The boy came home carrying a sack of flour.",
    "lump": "The boy came home carrying a lump of silver.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_the_container_of_a_measure_phrase_is_held_with_its_content(worlds: dict[str, World]) -> None:
    assert sorted(holders(worlds["sack"], "sack", 0) + holders(worlds["sack"], "flour", 0)) == ["boy", "boy"]
    assert holders(worlds["lump"], "lump", 0) == []  # a lump is no container
