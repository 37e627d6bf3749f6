"""Binding constraints on a subject pronoun, and the clause patterns behind the state questions."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.binding import rebind
from worldstate.query.entities import introduced
from worldstate.query.knows import _just_said, _perceived, knows
from worldstate.resources.models import load_spacy
from worldstate.state import Entity, EntityKind, Mention, MentionKind, Span, Story, WorldState
from worldstate.state.timeline import Modality, Predicate


def _rebound(text: str, before: str, resolved: dict[str, str], entities: list[Entity]) -> dict[str, str]:
    """What ``rebind`` re-resolves in ``text`` (told after ``before``, whose one character mention is
    the first entity), given coreference's ``resolved`` (word → entity)."""
    doc = load_spacy()(text)
    offset = len(before) + 1
    story = Story.from_text(before + " " + text)
    earlier = Mention("m0", Span(0, len(before)), before, 0, MentionKind.NOMINAL, entities[0].id)
    ws = WorldState(story, entities=entities, mentions=[earlier])

    def raw_entity(tok: Any) -> str | None:
        return resolved.get(tok.text)

    got = rebind(doc, offset, raw_entity, ws, [0], [earlier], 1)
    return {doc[i].text: e for i, e in got.items()}


COUNTRYMAN = Entity("countryman", "countryman", EntityKind.CHARACTER, gender="male")
HANS = Entity("hans", "Hans", EntityKind.CHARACTER, gender="male")


def test_a_pronoun_is_not_a_name_inside_its_own_clause() -> None:
    """'he took the string ... while Hans went on': 'he' is not Hans but the man met before."""
    got = _rebound(
        "Then he took the string, while Hans went on his way.",
        "The countryman",
        {"he": "hans", "Hans": "hans", "his": "hans"},
        [COUNTRYMAN, HANS],
    )
    assert got == {"he": "countryman"}


def test_a_non_reflexive_object_is_not_the_subject() -> None:
    """'he gave him a lump of silver': two people; 'he' goes to the other one."""
    got = _rebound(
        "Then he gave him a lump of silver.",
        "The master",
        {"he": "hans", "him": "hans"},
        [
            Entity("master", "master", EntityKind.CHARACTER, gender="male"),
            HANS,
        ],
    )
    assert got == {"he": "master"}


def test_the_same_subject_pronoun_later_in_the_sentence_moves_too() -> None:
    """'just as he was going to fire at him, … so he did not fire, but took a pair of scissors': coreference
    gave every 'he' to the wolf; the first breaks binding, and the later ones go where it goes."""
    text = "Just as he was going to fire at him, the wolf slept, so he did not fire, but took a pair of scissors."
    doc = load_spacy()(text)
    before = "The huntsman"
    story = Story.from_text(before + " " + text)
    earlier = Mention("m0", Span(0, len(before)), before, 0, MentionKind.NOMINAL, "huntsman")
    wolf = Entity("wolf", "wolf", EntityKind.CHARACTER, gender="male")
    huntsman = Entity("huntsman", "huntsman", EntityKind.CHARACTER, gender="male")
    ws = WorldState(story, entities=[huntsman, wolf], mentions=[earlier])
    got = rebind(
        doc, len(before) + 1, lambda t: "wolf" if t.lower_ in ("he", "him", "wolf") else None, ws, [0], [earlier], 1
    )
    assert sorted(got) == [t.i for t in doc if t.lower_ == "he"]
    assert set(got.values()) == {"huntsman"}


def test_no_rebinding_without_a_clash_or_of_the_wrong_gender() -> None:
    """A name before the pronoun's clause (cataphora is fine), or only a woman to turn to: unchanged."""
    assert (
        _rebound(
            "When he came home, Hans slept.",
            "The countryman",
            {"he": "hans", "Hans": "hans"},
            [
                COUNTRYMAN,
                HANS,
            ],
        )
        == {}
    )
    woman = Entity("woman", "woman", EntityKind.CHARACTER, gender="female")
    assert _rebound("He saw that Hans slept.", "The woman", {"He": "hans", "Hans": "hans"}, [woman, HANS]) == {}


@pytest.fixture(scope="module")
def worlds() -> dict[str, World]:
    return {
        "horse": analyze(
            "Hans met a shepherd on the road. Then the shepherd jumped upon the horse, wished Hans good morning, "
            "and away he rode."
        ),
        "stone": analyze(
            "Hans found a stone by the road. Hans took the stone and went his way. At the river he laid the "
            "stone on the bank, pushed it a little, and down it rolled, plump into the stream."
        ),
        "skin": analyze("The wolf lay dead. The huntsman drew off the wolf's skin and went home with it."),
        "saw": analyze(
            "The huntsman passed the house. He went into the room, and he saw that the wolf was lying in the bed."
        ),
    }


def _holders(world: World, thing: str, sentence: int) -> list[str]:
    return [s.subject for s in world.timeline.at(sentence) if s.predicate == Predicate.HOLDS and thing in s.value]


def test_the_rider_has_the_horse_and_a_greeting_is_no_wish(worlds: dict[str, World]) -> None:
    """'jumped upon the horse' gives the rider the horse; 'wished Hans good morning' governs nothing."""
    world = worlds["horse"]
    assert _holders(world, "horse", 1) == ["shepherd"]
    assert all(s.modality == Modality.ASSERTED for s in world.timeline.states if s.predicate == Predicate.HOLDS)


def test_a_thing_that_rolls_into_the_stream_is_held_by_nobody(worlds: dict[str, World]) -> None:
    """'down it rolled, plump into the stream': the parser's verb 'plump' carries the place."""
    world = worlds["stone"]
    assert _holders(world, "stone", 1) == ["hans"]
    assert _holders(world, "stone", 2) == []


def test_the_skin_drawn_off_goes_home_with_the_huntsman(worlds: dict[str, World]) -> None:
    """'drew off the wolf's skin and went home with it': 'it' is the particle verb's object."""
    assert _holders(worlds["skin"], "skin", 1) == ["huntsman"]


def test_what_a_character_saw_it_knows(worlds: dict[str, World]) -> None:
    """'he saw that the wolf was lying in the bed': the huntsman knows that sentence from then on."""
    world = worlds["saw"]
    seen = [f for f in knows(world, "huntsman", 1) if f.sentence == 1]
    assert seen and seen[0].channel == "witnessed"
    assert not [f for f in knows(world, "huntsman", 0) if f.sentence == 1]


def test_a_perception_with_a_that_clause_is_read(worlds: dict[str, World]) -> None:
    assert (1, "huntsman") in _perceived(worlds["saw"])


class _Speech:
    def __init__(self, start: int, end: int, speaker: str) -> None:
        self.content_span, self.speaker = Span(start, end), speaker


class _Told:
    """A stand-in World: sentence k spans characters 10k..10k+9; the speech layer ended the
    messenger's quote at sentence 2 though the song he quotes runs on to sentence 5."""

    def __init__(self) -> None:
        self.state = SimpleNamespace(speeches=[_Speech(20, 29, "messenger"), _Speech(0, 9, "queen")])
        self.story = SimpleNamespace(sentence_at=lambda offset: offset // 10)


def test_heard_this_hears_back_to_the_quote_begun_before() -> None:
    """'When the queen heard this' (sentence 6) hears sentences 2 to 5, not her own words."""
    assert _just_said(_Told(), 6, "queen") == [(2, 5, "messenger")]  # type: ignore[arg-type]
    assert _just_said(_Told(), 4, "queen") == [(2, 2, "messenger")]  # type: ignore[arg-type]


def test_a_wound_told_with_any_verb_is_a_trait() -> None:
    """'he wandered quite blind': a wound word is the subject's trait whatever the verb; a size is not
    ('he ran small' is no size)."""
    world = analyze("The prince fell from the tower. Then the prince wandered quite blind about the forest.")
    traits = [s.value for s in world.timeline.states if s.predicate == Predicate.TRAIT and s.subject == "prince"]
    assert traits == ["wound=blind"]


def test_an_entity_asked_by_name_is_one_mentioned_by_then() -> None:
    """Coreference split 'a fisherman' (sentence 0) from 'the fisherman' (from sentence 1 on): at sentence
    0 the question is about the one already told; later about both, exact names first."""
    mention = SimpleNamespace
    world = SimpleNamespace(
        state=SimpleNamespace(
            mentions=[mention(entity="fisherman-2", sentence=0), mention(entity="fisherman", sentence=1)]
        ),
        timeline=SimpleNamespace(states=[]),
    )
    assert introduced(world, ["fisherman", "fisherman-2"], 0) == ["fisherman-2"]  # type: ignore[arg-type]
    assert introduced(world, ["fisherman", "fisherman-2"], 1) == ["fisherman", "fisherman-2"]  # type: ignore[arg-type]
    assert introduced(world, ["fisherman"], 0) == ["fisherman"]  # type: ignore[arg-type]  # nobody yet: all
