"""Places by company and by return: one who follows another, one spoken to, one who goes back, one who goes home.

Followed and spoken-to places are ``joined`` places resolved to where the other one is; a motion back is the
place before the latest one; a told "home" is the place a dwelling verb gave the character."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.company_place import FOLLOWED, SPOKEN_TO, company_verbs, keep_fresh
from worldstate.extract.timeline.place_words import JOIN
from worldstate.extract.timeline.returning import BACK, RETURNED, Home, resolve_returns
from worldstate.query import state_at
from worldstate.state import Span
from worldstate.state.timeline import Predicate

pytestmark = pytest.mark.filterwarnings("ignore")


def _place(text: str, sentence: int, name: str) -> tuple[str, str, str] | None:
    """(value, text, reading) of the place of ``name`` at ``sentence``, or None."""
    world = analyze(text)
    cs = state_at(world, sentence, name).characters[0]
    loc = cs.location
    return None if loc is None else (loc.value, loc.value_text or loc.value, loc.inferred)


def _change(subject: str, value: str, sentence: int, inferred: str = "") -> Change:
    return Change(
        subject, Predicate.LOCATION, value, sentence, Span(sentence * 10, sentence * 10 + 5), inferred=inferred
    )


def test_company_verbs_come_from_wordnet_classes() -> None:
    verbs = company_verbs()
    assert {"follow", "accompany", "escort", "chase"} <= verbs["follow"]
    assert {"say", "speak", "talk", "whisper", "answer", "reply"} <= verbs["speak"]
    assert {"live", "dwell", "reside", "lodge"} <= verbs["dwell"]
    assert "go" not in verbs["follow"] and "give" not in verbs["speak"]


def test_one_who_follows_is_where_the_one_followed_is() -> None:
    value, _, reading = _place("The king rode to the castle, and the huntsman followed him.", 0, "huntsman")
    assert (value, reading) == ("castle", FOLLOWED)


def test_one_spoken_to_is_where_the_speaker_is() -> None:
    value, _, reading = _place("The prince came to the castle. There he spoke to the princess.", 1, "princess")
    assert (value, reading) == ("castle", SPOKEN_TO)


def test_a_place_told_of_the_addressee_after_the_speakers_wins() -> None:
    """The speaker's place was told before the addressee's own: the addressee stays where told."""
    changes = [
        _change("prince", "castle", 0),
        _change("princess", "garden", 1),
        _change("princess", JOIN + "prince", 2, SPOKEN_TO),
    ]
    assert [c.value for c in keep_fresh(changes)] == ["castle", "garden"]
    fresh = [_change("princess", "garden", 0), _change("prince", "castle", 1), changes[2]]
    assert len(keep_fresh(fresh)) == 3


def test_going_back_is_the_place_before() -> None:
    text = "The girl lived in a little hut. One day the girl went to the well. Then she went back."
    value, shown, reading = _place(text, 2, "girl")
    assert value.endswith("hut") and reading == RETURNED and shown == "a little hut"


def test_a_return_with_no_earlier_place_is_not_a_place() -> None:
    changes = [_change("girl", "well", 0), _change("girl", BACK, 1, RETURNED)]
    assert [c.value for c in resolve_returns(changes, {})] == ["well"]


def test_returning_a_thing_is_no_motion() -> None:
    text = "The girl went to the well. Then she went to the castle. She returned the ring."
    assert _place(text, 2, "girl")[0] == "castle"


def test_home_is_the_told_dwelling() -> None:
    text = "The old woman lived in a little house in the wood. One day she went to the town. At night she went home."
    value, shown, _ = _place(text, 2, "old woman")
    assert value.endswith("house") and shown == "home (a little house)"


def test_home_is_kept_when_no_dwelling_was_told_before() -> None:
    changes = [_change("hans", "home", 0)]
    homes = {"hans": [Home("mill", "the mill", 3)]}
    assert [(c.value, c.value_text) for c in resolve_returns(changes, homes)] == [("home", "")]


def test_those_who_live_with_one_share_the_home() -> None:
    text = "The girl lived with her mother in a little hut. The mother went to the town. Then the mother went home."
    value, shown, _ = _place(text, 2, "mother")
    assert value.endswith("hut") and shown == "home (a little hut)"


def test_running_back_to_someone_is_where_that_one_is() -> None:
    """ "ran back to her": joined to her place, not the runners' own earlier place."""
    world = analyze(
        "Letiko went to the well. Then Letiko went home. Letiko called the hares, and they both ran back to her."
    )
    backs = [s for s in world.timeline.states if s.predicate == Predicate.LOCATION and s.inferred == RETURNED]
    assert backs == []


def test_a_participle_of_speaking_places_no_one() -> None:
    """ "had once seen talking to her father": the talk is not told here, the father is not placed by it."""
    text = "The officer went into the hall. Mary had once seen him talking to her father."
    world = analyze(text)
    assert not any(s.inferred == SPOKEN_TO for s in world.timeline.states)


def test_one_who_goes_with_another_is_where_that_one_is() -> None:
    value, _, reading = _place("The king went to the castle. The princess went with him.", 1, "princess")
    assert (value, reading) == ("castle", FOLLOWED)


def test_going_away_with_another_is_no_place() -> None:
    """ "went away with the old woman": gone, and the old woman's place is not told."""
    world = analyze("The girl went to the well. The girl went away with the old woman.")
    assert not any(s.inferred == FOLLOWED for s in world.timeline.states)
