"""News retold and letters read (``extract/timeline/passing.py``), as :func:`knows` reads them."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.query import find_entities, knows


@cache
def world(text: str) -> World:
    return analyze(text)


def known_sentences(text: str, name: str, at: int) -> set[int]:
    w = world(text)
    return {f.sentence for eid in find_entities(w, name) for f in knows(w, eid, at)}


RETOLD = "The miller told his wife that he had found gold. The wife told her sister. The sister laughed."
LETTER = (
    "The prince wrote a letter saying he would return in spring. The princess was in the garden. "
    "She read the letter and smiled."
)


def test_a_teller_passes_on_what_she_has_just_learnt() -> None:
    assert 0 in known_sentences(RETOLD, "sister", 2)
    assert 0 not in known_sentences(RETOLD, "sister", 0), "not before she is told"


def test_a_told_tale_is_not_the_tellers_knowledge() -> None:
    text = "The miller told his wife that he had found gold. The wife told her sister a story about a bear."
    assert 0 not in known_sentences(text, "sister", 1)


def test_a_letter_read_tells_what_it_says() -> None:
    assert 0 in known_sentences(LETTER, "princess", 2)
    assert 0 not in known_sentences(LETTER, "princess", 1), "not before she reads it"
