"""Where characters are (``extract/timeline/places.py`` and ``place_of``/``location`` of ``patterns.py``):
places read by WordNet's noun classes, static placement, being put somewhere by someone else, places named
relative to another place, boarding, climbing, "where" clauses and the midst of a gathering."""

from __future__ import annotations

import cases
import pytest

from worldstate.analysis import analyze
from worldstate.extract.timeline.places import is_gathering_noun, is_place_noun, is_plant_noun
from worldstate.state.timeline import Predicate


def _places(text: str, who: str) -> list[tuple[str, str, str]]:
    """(value, value_text, evidence quote) of every location state of ``who``, in story order."""
    world = analyze(text)
    return [
        (s.value, s.value_text, world.text[s.evidence.start : s.evidence.end])
        for s in world.timeline.states
        if s.predicate == Predicate.LOCATION and s.subject == who and s.modality.factual
    ]


def test_the_place_classes_come_from_wordnet() -> None:
    for place in ("loft", "greenhouse", "workhouse", "cellar", "meadow"):
        assert is_place_noun(place), place
    for not_place in ("spoon", "courage", "bench", "tailor"):
        assert not is_place_noun(not_place), not_place
    assert not is_place_noun("drawer", "drawers")  # the written form's own entry: a chest of drawers
    assert is_plant_noun("bush") and not is_plant_noun("house")
    assert is_gathering_noun("procession") and is_gathering_noun("crowd") and not is_gathering_noun("night")


@cases.parametrize("timeline", "places_by_clause")
def test_a_character_is_where_the_clause_puts_him(text: str, value: str, said: str) -> None:
    places = _places(text, "tom")
    assert places, text
    assert value in places[-1][0] and places[-1][1] == said, places


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Philip was a small boy. Philip slept in the kitchen of the old house.", "the kitchen of the old house"),
        (
            "Philip was a small boy. Philip went into the house of the guardian of the pass.",
            "the house of the guardian of the pass",
        ),
        (
            "Philip was a small boy. Philip was sitting on the floor in the drawing-room at Miss Watkin's house in "
            "Onslow gardens.",
            "the drawing-room at Miss Watkin's house in Onslow gardens",
        ),
    ],
)
def test_a_place_keeps_the_phrases_that_place_it_further(text: str, said: str) -> None:
    places = _places(text, "philip")
    assert places and places[-1][1] == said, places


def test_someone_else_puts_him_there() -> None:
    places = _places("Tom was a poor boy. Anna sat Tom down on the bench beside the tailors.", "tom")
    assert places and places[-1][1] == "the bench" and "sat Tom down" in places[-1][2]
    places = _places("Tom was a poor boy. The servants carried Tom to the loft.", "tom")
    assert places and places[-1][0] == "loft"


def test_the_place_is_not_the_one_who_waits_there() -> None:
    world = analyze("Tom was a poor boy. Tom waited up a tree.")
    assert not any(s.subject == "tree" for s in world.timeline.states if s.predicate == Predicate.LOCATION)


def test_a_where_clause_places_its_subject() -> None:
    text = "The cat and the dog were friends. The cat went back to the river, where the dog was waiting for her."
    places = _places(text, "dog")
    assert places and places[-1][0] == "river" and "where the dog was waiting" in places[-1][2]


def test_a_figure_of_speech_or_a_time_is_no_place() -> None:
    assert not _places("Tom was a poor boy. Tom sat in silence for an hour.", "tom")
    assert not _places("Tom was a poor boy. Tom woke in the middle of the night.", "tom")


def test_what_is_left_behind_stays_there_and_the_one_who_leaves_does_not() -> None:
    from worldstate.analysis import analyze
    from worldstate.query import state_at

    world = analyze("The miller had a dog named Rex. One day the miller left Rex in the forest and went home.")
    states = {cs.name: cs for cs in state_at(world, 1, knowledge=False).characters}
    rex = states["Rex"]
    assert rex.location is not None and rex.location.value_text == "the forest"
    miller = states["the miller"]
    assert miller.location is None or miller.location.value_text != "the forest"
