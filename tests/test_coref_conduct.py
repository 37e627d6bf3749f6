"""Names typed a place or a thing that act as people become characters (``extract/coref/conduct.py``)."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.extract.builder import STAGE_NAMES
from worldstate.state import EntityKind


@cache
def world(text: str) -> World:
    return analyze(text)


def kind_of(text: str, name: str) -> EntityKind:
    return next(e.kind for e in world(text).state.entities if e.name == name)


def test_a_name_that_speaks_and_is_she_is_a_character() -> None:
    text = "Gerda's best friend was a little boy named Kay. Kay lived next door. Gerda said she loved him."
    assert kind_of(text, "Gerda") == EntityKind.CHARACTER


def test_a_name_that_only_is_a_place_stays_one() -> None:
    text = "Laotsze rode to the West. The West was far away. Laotsze said that he would rest."
    assert kind_of(text, "West") == EntityKind.PLACE
    assert kind_of(text, "Laotsze") == EntityKind.CHARACTER


def test_the_stage_is_declared_after_speech() -> None:
    assert STAGE_NAMES.index("conduct") == STAGE_NAMES.index("speech") + 1
