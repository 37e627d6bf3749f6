"""A thing broken or torn to pieces is held by nobody (``shattered.py``): the result phrase's noun is "piece"
or a kind of piece by WordNet; a person who goes to pieces keeps what they hold."""

from __future__ import annotations

from worldstate.extract.timeline.shattered import is_pieces

TEXTS = {}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_nouns_of_pieces() -> None:
    assert all(is_pieces(n) for n in ("piece", "bit", "fragment", "splinter", "shred"))
    assert not any(is_pieces(n) for n in ("house", "well", "wood", "hand"))
