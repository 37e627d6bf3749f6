"""One who does something "there" is at the place "there" points back to
(:mod:`worldstate.extract.timeline.done_there`)."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.extract.timeline.done_there import THERE
from worldstate.state.timeline import Predicate

pytestmark = pytest.mark.filterwarnings("ignore")


def _places(text: str) -> dict[tuple[str, str], tuple[str, bool]]:
    """(subject, value) → (inferred reading, factual) of every place of ``text``."""
    world = analyze(text)
    return {
        (s.subject, s.value): (s.inferred, s.modality.factual)
        for s in world.timeline.states
        if s.predicate == Predicate.LOCATION
    }


def test_one_who_meets_someone_there_is_at_the_place_named_before() -> None:
    assert _places("The soldier went into the forest. There the king met him.")[("king", "forest")] == (THERE, True)


def test_there_in_the_same_sentence() -> None:
    places = _places("The children were taken into the forest, and there the witch caught them.")
    assert places[("witch", "forest")] == (THERE, True)


def test_there_in_a_quote_is_the_speakers_word() -> None:
    world = analyze("The soldier went into the forest. 'There I met the king,' said the soldier.")
    there = [s for s in world.timeline.states if s.predicate == Predicate.LOCATION and s.inferred == THERE]
    assert there and all(not s.modality.factual for s in there)  # a speaker's word, no fact


NO_THERE = {  # id → a second sentence after "The soldier went into the forest." that places nobody
    "existential": "There was a king.",
    "out-there": "Out there the king met a giant.",
    "no-one": "There no one met him.",
    "modal": "She begged that there the king might see him.",
}


@pytest.mark.parametrize("second", NO_THERE.values(), ids=NO_THERE.keys())
def test_no_place_from_there(second: str) -> None:
    places = _places("The soldier went into the forest. " + second)
    assert not any(reading == THERE for reading, _ in places.values())
