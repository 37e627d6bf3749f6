"""Presence and perception (``worldstate.extract.timeline.presence``) and ``knows`` built on it, on small
hand-written texts: who is on stage, asleep or gone, what is kept from whom, what is overheard."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.presence import asleep_at, overheard, perceivers_at, present_at
from worldstate.query import find_entities, knows


@lru_cache(maxsize=16)
def _world(text: str) -> World:
    return analyze(text, source="test")


def _at(world: World, phrase: str) -> int:
    at = world.text.find(phrase)
    assert at != -1, phrase
    return world.story.sentence_at(at)


def _id(world: World, name: str) -> str:
    ids = find_entities(world, name)
    assert ids, name
    return ids[0]


def _knows(text: str, who: str, fact: str, by: str | None = None) -> bool:
    world = _world(text)
    k = _at(world, by) if by else len(world.sentences) - 1
    return any(f.sentence == _at(world, fact) for f in knows(world, _id(world, who), k))


SLEEP = (
    "Tom and Anna sat by the fire in the kitchen. "
    "Tom fell asleep in his chair. "
    "Anna took the silver key from the table and hid it under the stone. "
    "Then Tom woke up and looked at the table."
)


def test_a_sleeper_is_on_stage_but_perceives_nothing() -> None:
    world = _world(SLEEP)
    tom, anna = _id(world, "Tom"), _id(world, "Anna")
    hid = _at(world, "hid it under the stone")
    assert tom in present_at(world, hid) and tom in asleep_at(world, hid)
    assert anna in perceivers_at(world, hid) and tom not in perceivers_at(world, hid)
    assert not _knows(SLEEP, "Tom", "hid it under the stone")
    assert _knows(SLEEP, "Anna", "hid it under the stone")
    assert tom not in asleep_at(world, _at(world, "woke up"))


AWAY = (
    "Mr. Brown tied up the sack and left it on the wall. "
    "He went to put away the cart. "
    "While he was gone, the rabbits crept out of the sack. "
    "Their parents filled the empty sack with stones. "
    "Mr. Brown came back and picked up the sack."
)


SECRET = (
    "The queen and the king sat at the table. "
    "The queen secretly poured poison into the king's cup. "
    "The king drank the wine and praised the cook."
)


GUISE = (
    "The girl waited at the gate of the garden. "
    "The wolf disguised himself as a shepherd and greeted the girl at the gate. "
    "The girl gave the shepherd some bread."
)


NOBODY = (
    "The learned man sat by the door of the hall. "
    "The princess spoke with the shadow for a long time. "
    "The princess and the shadow were soon agreed; but no one was to know about it. "
    "Then the princess went on to the castle."
)


OVERHEARD = (
    "Hard by a great forest dwelt a poor wood-cutter with his wife and his two children. "
    "The boy was called Hansel and the girl Gretel. "
    "One night the wood-cutter said to his wife: 'How are we to feed our poor children?' "
    "'I'll tell you what, husband,' answered the woman, 'early tomorrow morning we will take the children "
    "out into the forest and leave them there.' "
    "'No, wife,' said the man, 'I will not do that.' "
    "The two children had also not been able to sleep for hunger, and had heard what their stepmother had "
    "said to their father. "
    "Gretel wept bitter tears, and said to Hansel: 'Now all is over with us.'"
)


def test_what_a_character_overheard_is_known() -> None:
    world = _world(OVERHEARD)
    hansel = _id(world, "Hansel")
    heard = _at(world, "had heard what their stepmother")
    plan = _at(world, "take the children out into the forest")
    assert any(told == plan and hearer == hansel and at == heard for told, hearer, at, _ in overheard(world))
    assert any(f.sentence == plan for f in knows(world, hansel, heard))
    assert hansel not in asleep_at(world, heard)  # "had not been able to sleep": awake


SCENE = (
    "Anna went to the market in the town. "
    "She bought three apples and a loaf of bread. "
    "Meanwhile, at the farm, the fox crept into the hen-house and stole a hen. "
    "The fox ran back to the wood with the hen."
)


@pytest.mark.parametrize(
    ("text", "fact", "knowers", "others"),
    [
        # a character who went away does not see what happens meanwhile, and sees what he does on his return
        pytest.param(AWAY, "crept out of the sack", [], ["Mr. Brown"], id="away-misses-the-escape"),
        pytest.param(AWAY, "filled the empty sack", [], ["Mr. Brown"], id="away-misses-the-filling"),
        pytest.param(AWAY, "picked up the sack", ["Mr. Brown"], [], id="back-sees-his-own-act"),
        # what the narration keeps secret is known to its agent only
        pytest.param(SECRET, "secretly poured poison", ["queen"], ["king"], id="a-secret-act"),
        pytest.param(SECRET, "praised the cook", ["king"], [], id="an-open-act"),
        # a disguise is no fact for the one deceived
        pytest.param(GUISE, "disguised himself as a shepherd", ["wolf"], ["girl"], id="a-disguise"),
        # "no one was to know" keeps it from the others present
        pytest.param(NOBODY, "no one was to know", ["princess"], ["learned man"], id="no-one-was-to-know"),
        # what happens in another scene is not witnessed
        pytest.param(SCENE, "stole a hen", ["fox"], ["Anna"], id="another-scene"),
    ],
)
def test_who_knows_what_happened(text: str, fact: str, knowers: list[str], others: list[str]) -> None:
    for who in knowers:
        assert _knows(text, who, fact), who
    for who in others:
        assert not _knows(text, who, fact), who


def test_hansel_knows_the_plan_he_overheard(shared_data: Path) -> None:
    """Grimm's Hansel and Gretel: the children 'had heard what their stepmother had said to their father'."""
    from worldstate.make.corpus import read_text_file

    path = shared_data / "corpora" / "gutenberg" / "2591.txt"
    if not path.is_file():
        pytest.skip(f"Grimm tales not found at {path}")
    story = next(s for s in read_text_file(path) if s.title.upper() == "HANSEL AND GRETEL")
    world = analyze(story.text, source="grimm#hansel")
    heard = _at(world, "had heard what their stepmother had said")
    plan = _at(world, "we will take the children out into the forest")
    hansel = _id(world, "Hansel")
    assert any(told == plan and hearer == hansel for told, hearer, _, _ in overheard(world))
    assert any(f.sentence == plan for f in knows(world, hansel, heard))


def test_someone_only_feared_is_not_on_stage() -> None:
    from worldstate.analysis import analyze
    from worldstate.extract.timeline.presence import present_at

    world = analyze(
        "Alice was afraid to drop the jar for fear of killing somebody underneath, so she put it into a "
        "cupboard. Then Alice walked into the hall."
    )
    assert "somebody" not in present_at(world, 0) and "alice" in present_at(world, 0)
