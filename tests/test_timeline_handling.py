"""Holding told by handling (``handling.py``: tore it off, wiped it, vanished with it), by a speaker's
presentative (``presentative.py``: "here is a gold ring") and shared by coordinated things (``conjoined.py``),
read on small hand-written texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from analysed import holders

from worldstate.analysis import World
from worldstate.extract.timeline.handling import REMOVE, RUB, VANISH, handling_classes, is_portable
from worldstate.state.timeline import Predicate

TEXTS = {
    "wipe_off": "Anna found a little box. Then she wiped the dirt off the little box.",
    "sent": "Tom pulled the box into the boat.",
    "put_after": "Margaret drew a gold ring from her finger and laid it on the table.",
    "here": "The young man met the women. 'Well, here is a gold ring,' said the young man.",
    "here_placed": "Jack came in. 'Here is the ring on the floor,' said Jack.",
    "here_person": "The king came in. 'Here is my daughter,' said the king.",
    "here_asked": "Tom came in. 'Is here the ring?' asked Tom.",
    "here_would": "Tom came in. 'Here would be a ring,' said Tom.",
    "here_lie": "The queen came in and lied to the king: 'Here is the crown.'",
    "narrated": "The castle stood on a hill. Here was a ring of gold.",
    "figure": "The boy had a pewter soldier. Years later the young wife wiped the dirt off the soldier.",
    "person": "The nurse wiped the dirt off the child.",
    "take_off": "Tom took off his hat.",
    "rubbed_away": "The old man wiped off a tear.",
    "conjoined": "Tom gave Anna the ring and the sword.",
    "both": "The weavers asked for the silk and the gold thread; put both into their own knapsacks.",
    "both_people": "Tom saw the king and the queen. Anna had a ring. Anna saw the king and the queen and kept both.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_the_classes_come_from_wordnet_with_their_provenance() -> None:
    classes = handling_classes()
    wanted = {"tear": REMOVE, "pluck": REMOVE, "wrench": REMOVE, "wipe": RUB, "polish": RUB, "vanish": VANISH}
    assert {v: classes.verbs.get(v) for v in wanted} == wanted
    assert classes.verbs.get("tear_off") == REMOVE and "kick" not in classes.verbs
    assert "pewter" in classes.material and "soldier" not in classes.material
    assert is_portable("ring") and is_portable("lamp") and not is_portable("table") and not is_portable("cart")
    path = Path(__file__).resolve().parents[1] / "worldstate/extract/timeline/data/handling.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["source"].startswith("WordNet 3.0") and "build_handling_verbs.py" in data["command"]


def test_wiping_dirt_off_a_thing_holds_the_thing_not_the_dirt(worlds: dict[str, World]) -> None:
    world = worlds["wipe_off"]
    assert holders(world, "box", 1) == ["anna"]
    assert holders(world, "dirt", 1) == []
    assert holders(worlds["rubbed_away"], "tear", 0) == []


def test_a_figure_of_a_substance_is_handled_like_a_thing(worlds: dict[str, World]) -> None:
    """'the pewter soldier' earlier makes 'the soldier' a figure; a child is no thing to hold."""
    assert holders(worlds["figure"], "soldier", 1) == ["young-wife"]
    assert holders(worlds["person"], "child", 0) == []


def test_a_thing_sent_to_a_goal_is_left_to_the_place_readings(worlds: dict[str, World]) -> None:
    assert "tom" not in holders(worlds["sent"], "box", 0)


def test_a_put_later_in_the_sentence_wins(worlds: dict[str, World]) -> None:
    """'drew a gold ring from her finger and laid it on the table': she had it, then nobody."""
    world = worlds["put_after"]
    states = [s for s in world.timeline.states if s.predicate == Predicate.HOLDS and "ring" in s.value]
    assert [s.subject for s in states] == ["margaret"] and states[0].end == 0
    assert holders(world, "ring", 0) == []


def test_a_speaker_presenting_a_thing_holds_it(worlds: dict[str, World]) -> None:
    world = worlds["here"]
    assert holders(world, "ring", 1) == ["young-man"]
    state = next(s for s in world.timeline.states if s.predicate == Predicate.HOLDS)
    assert world.text[state.evidence.start : state.evidence.end].startswith("Well, here is a gold ring")


@pytest.mark.parametrize("name", ["here_placed", "here_person", "here_asked", "here_would", "here_lie", "narrated"])
def test_no_holding_from_a_presentative_that_shows_nothing_at_hand(worlds: dict[str, World], name: str) -> None:
    world = worlds[name]
    assert [s for s in world.timeline.states if s.predicate == Predicate.HOLDS and s.modality.factual] == []


def test_coordinated_things_share_a_holding(worlds: dict[str, World]) -> None:
    world = worlds["conjoined"]
    assert holders(world, "ring", 0) == ["anna"] and holders(world, "sword", 0) == ["anna"]


def test_both_stands_for_the_coordinated_things_of_its_sentence(worlds: dict[str, World]) -> None:
    world = worlds["both"]
    assert holders(world, "silk", 0) == ["weavers"] and holders(world, "thread", 0) == ["weavers"]


def test_both_for_people_is_no_thing(worlds: dict[str, World]) -> None:
    """'saw the king and the queen and kept both': not the ring of the sentence before."""
    world = worlds["both_people"]
    assert [s for s in world.timeline.states if s.predicate == Predicate.HOLDS and s.start == 2] == []


def test_a_possession_verb_with_a_particle_is_left_to_the_possession_patterns(worlds: dict[str, World]) -> None:
    """'took off his hat': "take" has its own class and its own readings of off and out."""
    assert holders(worlds["take_off"], "hat", 0) == []
