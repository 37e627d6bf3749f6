"""Holding and place told by constructions the clause patterns leave out, read on small hand-written texts:
a thing that falls away or into a lap (``falling.py``), oneself put somewhere (``self_placed.py``), going into a
place by a later motion sense (``entering.py``), a thing fastened at a place (``fastened.py``), a gift made by
saying "I give you" (``performative.py``), "one of the cups" and "the cup which …" (``object_noun.py``), a body
part cut off (``severed.py``), one pulled into a place (``drawn_into.py``), a child carried
(``carried_child.py``) and opening a thing (the ``open`` class of ``handling.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from analysed import holders

from worldstate.analysis import World
from worldstate.extract.timeline.handling import OPEN, handling_classes
from worldstate.extract.timeline.place_words import place_verbs
from worldstate.state.timeline import Predicate

TEXTS = {
    "fell_away": "Anna had a golden ring. The ring slipped from her finger and rolled away.",
    "fell_kept": "Anna had a golden ring. The ring glittered in the sun.",
    "fell_into_lap": "Tom cut off the finger; but the finger sprang into the air, and fell into the lap of the girl.",
    "fell_into_own_lap": "Mary sat under the tree. The apple fell into her lap.",
    "wished_herself": "The queen took the ring, and wished herself and her son at home in their kingdom.",
    "showed_himself": "The prince showed himself at the castle.",
    "dressed_herself": "The princess dressed herself in silk.",
    "retired_into": "Ginger and Pickles kept a shop. Ginger and Pickles retired into the back parlour.",
    "looked_into": "The old man looked into the kitchen.",
    "turned_into": "The witch turned into a cat.",
    "nailed_up": "The slaughterer cut off the head, and nailed it up under the dark gate.",
    "gift_said": (
        "The prince loved his bride. Then he said to his bride: 'I must now go, I give you a ring as a "
        "remembrance of me.' Then he rode away."
    ),
    "gift_asked": "The prince loved his bride. Then he said to his bride: 'Shall I give you a ring?' She laughed.",
    "gift_past": "The prince loved his bride. Then he said to his bride: 'I gave you a ring.' She laughed.",
    "one_of": "On the third night the soldier carried away one of the golden cups.",
    "which_brought": "The king wept. The soldier showed the people the golden cup which he had brought with him.",
    "opened": "There was an envelope on the counter. Tom opened the envelope.",
    "opened_door": "Tom opened the door.",
    "drew_into": "The old cook came to the pond. But the duck swam to her and drew her into the water.",
    "turned_into_lake": "The witch turned the prince into a lake.",
    "child_brought": "A bird had set a little child on a high tree. The forester climbed up and brought the child down.",
    "child_it": "The nurse found a little baby in the basket. She took it home.",
    "child_handed": "The nurse brought the baby to the queen.",
    "hand_out": "The patient stretched out her hand towards the child. The surgeon put the ring in it.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def places(world: World, who: str, sentence: int) -> list[str]:
    """The factual places of an entity whose id contains ``who`` at ``sentence``."""
    return [
        s.value
        for s in world.timeline.at(sentence)
        if s.predicate == Predicate.LOCATION and who in s.subject and s.modality.factual and s.value
    ]


def factual_holders(world: World, thing: str, sentence: int) -> list[str]:
    """Who holds ``thing`` as a fact at ``sentence``."""
    return [
        s.subject
        for s in world.timeline.at(sentence)
        if s.predicate == Predicate.HOLDS and s.modality.factual and (thing in s.value or thing in s.value_text)
    ]


def test_a_thing_that_slips_away_from_its_holder_is_held_by_nobody(worlds: dict[str, World]) -> None:
    assert holders(worlds["fell_away"], "ring", 0) == ["anna"]
    assert holders(worlds["fell_away"], "ring", 1) == []
    assert holders(worlds["fell_kept"], "ring", 1) == ["anna"]  # no falling: still hers


def test_a_thing_that_falls_into_a_lap_is_held_by_its_owner(worlds: dict[str, World]) -> None:
    assert factual_holders(worlds["fell_into_lap"], "finger", 0) == ["girl"]  # the lap of the girl
    assert factual_holders(worlds["fell_into_own_lap"], "apple", 1) == ["mary"]  # her lap


def test_one_who_puts_oneself_somewhere_is_there(worlds: dict[str, World]) -> None:
    world = worlds["wished_herself"]
    assert places(world, "queen", 0) == ["home"]
    assert places(world, "son", 0) == ["home"]  # "herself and her son"
    assert places(worlds["showed_himself"], "prince", 0) == ["castle"]
    assert places(worlds["dressed_herself"], "princess", 0) == []  # silk is no place


def test_a_later_motion_sense_with_into_a_place_moves_the_subject(worlds: dict[str, World]) -> None:
    assert "retire" in place_verbs()["move"] and "look" not in place_verbs()["move"]
    assert places(worlds["retired_into"], "pickles", 1) == ["back-parlour"]
    assert places(worlds["looked_into"], "man", 0) == []  # a verb of looking has no motion sense
    assert places(worlds["turned_into"], "witch", 0) == []  # a cat is no place


def test_a_thing_fastened_somewhere_is_there(worlds: dict[str, World]) -> None:
    assert places(worlds["nailed_up"], "head", 0) == ["dark-gate"]


def test_a_gift_said_in_the_first_person_present_is_made(worlds: dict[str, World]) -> None:
    assert factual_holders(worlds["gift_said"], "ring", 1) == ["bride"]
    assert factual_holders(worlds["gift_asked"], "ring", 1) == []  # a question gives nothing
    assert factual_holders(worlds["gift_past"], "ring", 1) == []  # a claim about the past stays a claim


def test_one_of_a_group_and_a_relative_pronoun_name_the_thing(worlds: dict[str, World]) -> None:
    assert factual_holders(worlds["one_of"], "cup", 0) == ["soldier"]
    assert factual_holders(worlds["which_brought"], "cup", 1) == ["soldier"]


def test_a_body_part_is_a_thing_only_once_cut_off(worlds: dict[str, World]) -> None:
    assert places(worlds["nailed_up"], "head", 0) == ["dark-gate"]  # "cut off the head … nailed it"
    assert factual_holders(worlds["hand_out"], "hand", 1) == []  # "stretched out her hand": still a hand


def test_one_who_opens_a_portable_thing_holds_it(worlds: dict[str, World]) -> None:
    assert handling_classes().verbs.get("uncork") == OPEN
    assert factual_holders(worlds["opened"], "envelope", 1) == ["tom"]
    assert factual_holders(worlds["opened_door"], "door", 0) == []  # a door is fixed


def test_the_new_classes_keep_their_provenance() -> None:
    root = Path(__file__).resolve().parents[1] / "worldstate/extract/timeline/data"
    places_data = json.loads((root / "place_verbs.json").read_text(encoding="utf-8"))
    assert "verb.motion" in places_data["move"] and "build_place_verbs.py" in places_data["command"]
    handling = json.loads((root / "handling.json").read_text(encoding="utf-8"))
    assert handling["keys"]["open"] == ["open.v.1"]


def test_one_pulled_into_a_place_is_there(worlds: dict[str, World]) -> None:
    assert places(worlds["drew_into"], "cook", 1) == ["water"]
    assert places(worlds["turned_into_lake"], "prince", 0) == []  # "turn" has a sense of change: no motion


def test_one_who_carries_or_takes_a_child_holds_it(worlds: dict[str, World]) -> None:
    assert "child" in handling_classes().young and "youth" not in handling_classes().young
    assert factual_holders(worlds["child_brought"], "child", 1) == ["forester"]
    assert factual_holders(worlds["child_it"], "baby", 1) == ["nurse"]  # "took it home": it is the baby
    assert factual_holders(worlds["child_handed"], "baby", 0) == []  # handed on to the queen: not the nurse's
