"""Plural reference: a narrated "they" never joins a "he" (``extract/coref/number_apart.py``), and a group's
moves and deaths reach the persons it stands for (``extract/timeline/group_roster.py``, ``group_fates.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from worldstate.config import Settings
from worldstate.extract.coref.features import FEATURE_NAMES
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions


def _table(text: str):  # type: ignore[no-untyped-def]
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))
    return mention_table(rule_pass(doc, story.text))


def _linking() -> RankerModel:
    """A ranker that links any pair it is allowed to link."""
    width = len(FEATURE_NAMES)
    return RankerModel(np.zeros((width, 1)), np.zeros(1), np.zeros(1), 10.0, 0.3, {})


def test_a_narrated_they_never_joins_a_he() -> None:
    table = _table("The rabbits hid under a bush. They watched him go into his house.")
    clusters = cluster_mentions(table, _linking())
    texts = [info.mention.text for info in table.infos]
    they, him = clusters[texts.index("They")], clusters[texts.index("him")]
    assert they != him
    assert clusters[texts.index("his")] != they


def test_a_quoted_they_is_left_to_the_scorer() -> None:
    from worldstate.extract.coref.number_apart import NumberApart

    table = _table('The man came. "They will come," he said.')
    texts = [info.mention.text for info in table.infos]
    apart = NumberApart(table)
    apart.add(texts.index("The man"), 0)
    apart.add(texts.index("he"), 0)
    assert apart.allowed(texts.index("They"), np.array([0]))[0]


@pytest.fixture(scope="module")
def children():  # type: ignore[no-untyped-def]
    from worldstate.analysis import analyze

    return analyze(
        "Tom and Anna lived in a little house by the river. One morning Tom and Anna went to the market. "
        "The two children walked into the forest. There the children were killed by a bear."
    )


def _values(world, subject: str, predicate: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [
        (s.value, s.inferred) for s in world.timeline.states if s.subject == subject and s.predicate.value == predicate
    ]


def test_the_children_go_where_the_two_just_named_went(children) -> None:  # type: ignore[no-untyped-def]
    for person in ("tom", "anna"):
        assert ("forest", "group") in _values(children, person, "location")


def test_a_group_death_reaches_its_members(children) -> None:  # type: ignore[no-untyped-def]
    for person in ("tom", "anna"):
        assert ("false", "group") in _values(children, person, "alive")


def test_an_owned_plural_is_not_the_persons_just_named() -> None:
    from worldstate.analysis import analyze

    world = analyze(
        "Tom and Anna lived in a little house by the river. One day Tom and Anna went to the market. "
        "Their parents walked into the forest. There they were killed by a bear."
    )
    for person in ("tom", "anna"):
        assert ("false", "group") not in _values(world, person, "alive")
        assert ("forest", "group") not in _values(world, person, "location")


def test_a_size_that_disagrees_gives_no_members() -> None:
    from worldstate.analysis import analyze
    from worldstate.extract.timeline.build import group_members
    from worldstate.extract.timeline.group_roster import Rosters

    world = analyze("Tom and Anna went to the market. The three children walked into the forest.")
    rosters = Rosters(world, group_members(world))
    group = next(e.id for e in world.state.entities if "children" in e.name)
    assert rosters.members_at(group, 1) == set()
