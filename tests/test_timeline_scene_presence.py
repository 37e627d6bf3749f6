"""Scene presence: one who acts beside another in the place that other went to is there too
(:mod:`worldstate.extract.timeline.scene_presence`)."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.extract.timeline.scene_presence import ON_STAGE
from worldstate.query import state_at
from worldstate.state.timeline import Predicate

pytestmark = pytest.mark.filterwarnings("ignore")


def _places(text: str) -> dict[tuple[str, str], str]:
    """(subject, value) → inferred reading of every factual place of ``text``."""
    world = analyze(text)
    return {
        (s.subject, s.value): s.inferred
        for s in world.timeline.states
        if s.predicate == Predicate.LOCATION and s.modality.factual
    }


def test_one_who_acts_beside_another_ends_a_stale_place() -> None:
    text = (
        "Hansel and Gretel came to a great lake. A duck carried them across. Then Gretel ran into the parlour "
        "and hugged her father. Gretel emptied her pinafore, and Hansel threw the pearls on the floor."
    )
    assert _places(text)[("hansel", "parlour")] == ON_STAGE
    where = state_at(analyze(text), 3, entity="Hansel").characters[0].location
    assert where is not None and where.value == "parlour"


def test_one_spoken_to_in_a_new_place_names_the_scene() -> None:
    places = _places("The boy walked to the river. The girl went into the mill. The boy talked to her in the evening.")
    assert places[("boy", "mill")] == ON_STAGE


def test_one_who_does_not_act_with_the_mover_stays() -> None:
    places = _places("The king and the queen walked to the garden. The king went into the hall. The queen wept.")
    assert ("queen", "hall") not in places and places[("queen", "garden")] == ""


@pytest.mark.parametrize(
    "second",
    [
        pytest.param("The girl went into the mill; the boy had spoken to her.", id="pluperfect"),
        pytest.param("The girl went into the mill, but the boy did not talk to her.", id="negated"),
        pytest.param("The girl sat down on the bench, and the boy talked to her.", id="a-bench-is-no-scene"),
        pytest.param("The girl went into the mill. 'I talked to her,' said the boy.", id="only-in-a-quote"),
    ],
)
def test_no_scene_place(second: str) -> None:
    places = _places("The boy walked to the river. " + second)
    assert places[("boy", "river")] == ""
    assert not any(reading == ON_STAGE for reading in places.values())
