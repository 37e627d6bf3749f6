"""Inferred places: led along, tied to, set on, resting at, an unnamed "they" as the characters on stage.

Each is a LOCATION state marked with its reading (``inferred``); a place told in the same sentence wins, and a
``position`` at a thing never replaces a place the entity is in."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.inferred import settle
from worldstate.extract.timeline.place_words import ATTACHED, POSITION, REST, SCENE, place_verbs
from worldstate.query import state_at
from worldstate.state import Span
from worldstate.state.timeline import Predicate

pytestmark = pytest.mark.filterwarnings("ignore")


def _places(text: str) -> dict[tuple[str, str], tuple[str, bool]]:
    """(subject, value) → (inferred reading, active) of every factual place of ``text``."""
    world = analyze(text)
    return {
        (s.subject, s.value): (s.inferred, s.active)
        for s in world.timeline.states
        if s.predicate == Predicate.LOCATION and s.modality.factual
    }


def test_place_verbs_come_from_wordnet_classes() -> None:
    verbs = place_verbs()
    assert {"tie", "fasten", "chain", "tether", "bind"} <= verbs["attach"]
    assert {"sit", "lie", "hide", "crouch", "kneel", "stay", "perch"} <= verbs["rest"]
    assert "go" not in verbs["rest"] and "give" not in verbs["attach"]


def test_led_her_home_takes_her_home_too() -> None:
    places = _places("Hans took Grethel and led her home.")
    assert places[("hans", "home")] == ("", True)  # told of the one who leads
    assert places[("grethel", "home")] == ("along", False)  # the parser's "her home": she is the one led


def test_tied_to_a_thing_is_there() -> None:
    text = "Hans went to Grethel's house. Then Hans took Grethel and led her home, and fastened her up to the manger."
    world = analyze(text)
    cs = state_at(world, 1, "Grethel").characters[0]
    assert cs.location is not None and cs.location.value == "manger"
    assert cs.location.inferred == ATTACHED and not cs.location.active
    assert "manger" in world.text[cs.location.evidence.start : cs.location.evidence.end]


def test_tethered_tied_passive_and_set_on() -> None:
    assert _places("The farmer tethered the goat to a post.")[("goat", "post")] == (ATTACHED, False)
    assert _places("Grethel was tied to the manger.")[("grethel", "manger")] == (ATTACHED, False)
    assert _places("The peasant set the boy on the bench.")[("boy", "bench")] == ("put", False)


def test_company_goes_along() -> None:
    places = _places("The tailor went into the forest with the giant and the bear.")
    assert places[("tailor", "forest")] == ("", True)
    assert places[("giant", "forest")] == ("along", True) and places[("bear", "forest")] == ("along", True)
    assert set(_places("The girl went into the stable with joy.")) == {("girl", "stable")}


def test_rest_at_a_place_and_at_a_thing() -> None:
    assert _places("Anna was tired. Anna sat in the corner.")[("anna", "corner")] == (REST, True)
    assert _places("The fox crouched in the cellar.")[("fox", "cellar")] == (REST, True)
    assert _places("The cat crouched behind the stove.")[("cat", "stove")] == (POSITION, True)  # furniture
    assert _places("The girl sat down under the pack-saddle.")[("girl", "pack-saddle")] == (POSITION, True)


def test_a_position_never_replaces_the_place_one_is_in() -> None:
    places = _places("The girl went into the stable and sat down under the pack-saddle.")
    assert ("girl", "stable") in places
    assert not any(subject == "girl" and value != "stable" for subject, value in places)


def test_there_points_back_to_the_place_named_before() -> None:
    places = _places("The soldier went to the mill. His dog stayed there all night.")
    assert places[("dog", "mill")] == (REST, True)


def test_a_told_place_wins_over_an_inferred_one() -> None:
    told = Change("girl", Predicate.LOCATION, "castle", 3, Span(0, 5))
    tied = Change("girl", Predicate.LOCATION, "post", 3, Span(6, 9), inferred=ATTACHED, active=False)
    later = Change("girl", Predicate.LOCATION, "bush", 4, Span(10, 19), inferred=POSITION)
    fresh = Change("boy", Predicate.LOCATION, "bush", 4, Span(20, 29), inferred=POSITION)
    assert settle([tied, told, later, fresh]) == [told, fresh]


def test_an_unnamed_they_is_the_characters_on_stage() -> None:
    text = (
        "The poor mother wept. Then a woman came and spoke to her. 'Give me your hair,' said the woman. "
        "'Take it,' said the mother. So they went into the great greenhouse."
    )
    places = _places(text)
    assert places[("they-unnamed-group", "great-greenhouse")] == ("", True)
    assert places[("poor-mother", "great-greenhouse")] == (SCENE, False)
    assert places[("woman", "great-greenhouse")] == (SCENE, False)


def test_inferred_places_start_no_dead_stays_dead_finding() -> None:
    """A dead body that "sat down under the pack-saddle" is inferred there, but no act is told; a told
    "went into the stable" is one."""
    from worldstate.reason.timeline import check_timeline

    def dead_acts(text: str) -> list[str]:
        world = analyze(text)
        return [f.rule for f in check_timeline(world, all_rules=True) if f.rule == "timeline.dead-stays-dead"]

    assert dead_acts("Hans died in the night. In the morning Hans went into the stable.")
    world = analyze("Hans died in the night. In the morning Hans sat down under the pack-saddle.")
    sat = [s for s in world.timeline.states if s.predicate == Predicate.LOCATION and s.subject == "hans"]
    assert [(s.value, s.inferred, s.active) for s in sat] == [("pack-saddle", POSITION, True)]
    assert not dead_acts("Hans died in the night. In the morning Hans sat down under the pack-saddle.")


def test_going_to_someone_is_going_where_they_are() -> None:
    places = _places("The king was in his hall. The messenger ran to the king.")
    assert places[("messenger", "hall")] == ("joined", True)
    places = _places("The king was in his hall. The messenger ran to the king in the garden.")
    assert places[("messenger", "garden")] == ("", True)  # told: the garden, not the hall
    assert set(_places("The messenger ran to the king.")) == set()  # nowhere known: no place
