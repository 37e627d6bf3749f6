"""A death a character reports in a quote is a fact unless it is a threat, a question, first or second person,
called a lie, or contradicted by the narration; a flashback death dates from the dead one's last act; reported
telling with a content object; what a seeker never found is not known to them."""

from __future__ import annotations

from functools import cache

import pytest

from worldstate.analysis import World, analyze
from worldstate.state.timeline import Modality, Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def deaths(w: World) -> dict[str, Modality]:
    """Entity → the modality of its death state (the latest)."""
    out = {}
    for s in w.timeline.states:
        if s.predicate == Predicate.ALIVE and s.value == "false":
            out[s.subject] = s.modality
    return out


DEATH_MODALITY = [
    pytest.param(
        "The soldier sent the little man to bind the old witch. "
        "'It is all done,' said he, 'and the witch is already hanging on the gallows.' The soldier smiled.",
        "old-witch",
        Modality.ASSERTED,
        id="a death reported in a quote is a fact",
    ),
    pytest.param(
        "The page ran into the hall. 'The king has died,' cried the page. The queen wept.",
        "king",
        Modality.ASSERTED,
        id="a past death reported in a quote is a fact",
    ),
    pytest.param(
        "A hunter met a wolf in the wood. 'I will kill the wolf,' said the hunter. The wolf ran away.",
        "wolf",
        Modality.SPEECH,
        id="a threat stays the speaker's word",
    ),
    pytest.param(
        "A wolf lay in the grass. 'Is the wolf dead?' asked the girl. The wolf slept.",
        "wolf",
        Modality.SPEECH,
        id="a question stays the speaker's word",
    ),
    pytest.param(
        "The king sat in his castle. 'The king has died,' cried the page. The king laughed and went into the garden.",
        "king",
        Modality.SPEECH,
        id="a death the narration contradicts stays the speaker's word",
    ),
    pytest.param(
        "The king sat in his castle. 'The king has died,' lied the page. The queen wept.",
        "king",
        Modality.SPEECH,
        id="a lie stays the speaker's word",
    ),
]


@pytest.mark.parametrize(("text", "entity", "modality"), DEATH_MODALITY)
def test_the_modality_of_a_death_told_in_a_quote(text: str, entity: str, modality: Modality) -> None:
    assert deaths(world(text)).get(entity) == modality


def test_telling_with_a_content_object_is_reported_telling() -> None:
    w = world(
        "The miller had a daughter. The girl went into the forest and saw the robbers. "
        "Then the girl told her father all that had happened. The girl told her father. "
        "She will tell him the whole story."
    )
    told = w.layer("timeline.reported_speech")
    assert [(s, teller) for s, teller, _ in told] == [(2, "girl")]


def alive_states(w: World, who: str) -> list[tuple[int, str, Modality]]:
    return [
        (s.start, s.value, s.modality) for s in w.timeline.states if s.predicate == Predicate.ALIVE and s.subject == who
    ]


def test_a_flashback_death_holds_from_the_dead_ones_last_act() -> None:
    w = world(
        "A knight lived in a castle. The knight rode into the forest to fight the dragon. The princess waited in "
        "the castle. The wedding feast was held in the evening, and the people danced. The knight heard nothing "
        "of all this, for the dragon had killed him."
    )
    assert alive_states(w, "knight") == [(2, "false", Modality.FLASHBACK)]


def test_a_flashback_death_of_one_who_never_acts_holds_from_the_scene_start() -> None:
    w = world("A woman lived with her daughter. The daughter went to the well. The woman's husband had died long ago.")
    assert alive_states(w, "woman-s-husband") == [(0, "false", Modality.FLASHBACK)]


def test_a_death_told_plainly_stays_at_its_sentence() -> None:
    w = world("A knight lived in a castle. The knight rode into the forest. The dragon killed the knight.")
    assert alive_states(w, "knight") == [(2, "false", Modality.ASSERTED)]


def test_what_a_seeker_never_found_is_not_known_to_them() -> None:
    from worldstate.query import knows

    w = world(
        "The old man lost his pewter soldier. The old man sought the soldier everywhere, but he never found him. "
        "The soldier had fallen through a crevice in the floor. The old man sat down by the fire."
    )
    assert w.layer("timeline.denials").get(2) == {"old-man"}
    known = [f.sentence for f in knows(w, "old-man", 3)]
    assert 2 not in known and 3 in known


def test_a_death_in_a_told_dream_stays_the_speakers_word() -> None:
    w = world(
        "The bride sat at the feast with the guests. 'I will tell you a dream, then,' said the bride. "
        "'I went through a wood and came to a house where a robber lived.' "
        "'The robber gave the old woman wine, and with that she died.' "
        "'My darling, this is only a dream.' The guests listened."
    )
    dead = [s for s in w.timeline.states if s.predicate == Predicate.ALIVE and s.value == "false"]
    assert dead and all(s.modality == Modality.SPEECH for s in dead)


def test_a_threatened_death_is_still_to_come() -> None:
    w = world("A robber came to the mill. The robber threatened to kill the miller. The miller ran away.")
    assert deaths(w).get("miller") == Modality.FUTURE
