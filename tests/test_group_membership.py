"""Group membership read from the text: who "the children", "they", "the two children" are
(:mod:`worldstate.extract.timeline.group_membership`), and the group's motion and presence reaching them."""

from __future__ import annotations

import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.group_membership import Membership, memberships
from worldstate.extract.timeline.presence import present_at
from worldstate.state.timeline import Predicate

pytestmark = pytest.mark.filterwarnings("ignore")


def _membership(world: World, name: str) -> Membership | None:
    """The membership of the group whose name holds ``name``, None when the group has none."""
    groups = [e.id for e in world.state.entities if name in e.name.lower() and e.number == "plural"]
    assert groups, f"no plural entity named {name!r}"
    found = [memberships(world)[g] for g in groups if g in memberships(world)]
    return found[0] if found else None


def _places(world: World) -> set[tuple[str, str]]:
    return {
        (s.subject, s.value)
        for s in world.timeline.states
        if s.predicate == Predicate.LOCATION and s.modality.factual and s.value
    }


def test_the_children_are_the_boy_and_the_girl_and_go_where_the_group_goes() -> None:
    world = analyze(
        "A woodcutter lived with his son and his daughter. The boy was called Hans and the girl was called "
        "Grete. One morning the children went into the forest."
    )
    group = _membership(world, "children")
    assert group is not None and group.members == {"hans", "grete"}
    assert group.reading == "described" and 0 < group.confidence < 1
    assert {world.text[s.start : s.end] for s in group.evidence} >= {"the children", "The boy", "the girl"}
    assert {("hans", "forest"), ("grete", "forest")} <= _places(world)


def test_an_apposition_names_the_members() -> None:
    world = analyze("The two children, Hans and Grete, were hungry. The children went into the forest.")
    group = _membership(world, "children")
    assert group is not None and group.members == {"hans", "grete"} and group.reading == "apposition"
    assert ("grete", "forest") in _places(world)


def test_a_conjunction_just_before_gives_the_two_children() -> None:
    world = analyze(
        "The woodcutter had two children. Hans and Grete were hungry. Then the two children went into the forest."
    )
    group = _membership(world, "children")
    assert group is not None and group.members == {"hans", "grete"}
    assert ("hans", "forest") in _places(world)


def test_a_number_that_does_not_fit_gives_no_members() -> None:
    world = analyze(
        "The woodcutter had three children. Hans and Grete were hungry. Then the three children went into the forest."
    )
    assert _membership(world, "children") is None


def test_the_king_and_the_queen_are_not_the_children() -> None:
    world = analyze("The king and the queen were sad. Then the children went into the forest.")
    assert _membership(world, "children") is None
    assert ("king", "forest") not in _places(world)


def test_a_group_on_stage_puts_its_members_on_stage() -> None:
    world = analyze(
        "A woodcutter lived with his son and his daughter. The boy was called Hans and the girl was called "
        "Grete. The woodcutter went to the town. Many days later the children sat by the fire in the hut."
    )
    group = _membership(world, "children")
    assert group is not None
    last = len(world.sentences) - 1
    assert {"hans", "grete"} <= present_at(world, last)


def test_what_a_group_sees_or_does_not_know_each_member_does() -> None:
    world = analyze(
        "The two children, Hans and Grete, were hungry. They saw that the house was built of bread. "
        "They did not know that a witch lived there."
    )
    assert {(1, "hans"), (1, "grete")} <= set(world.layer("timeline.perceived"))
    assert {"hans", "grete"} <= world.layer("timeline.denials").get(2, set())


def test_people_brought_in_by_an_indefinite_plural_are_new() -> None:
    world = analyze(
        "The old woman and the young woman sat in the kitchen. In the town the man met some women. "
        "The women laughed at him."
    )
    assert _membership(world, "women") is None
