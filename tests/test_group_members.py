"""Plural reference: a narrated "they" never joins a "he" (``extract/coref/number_apart.py``), and a named
group's death reaches its members (``extract/timeline/group_fates.py``)."""

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


def test_a_narrated_they_never_joins_a_he(monkeypatch: pytest.MonkeyPatch) -> None:
    from worldstate.extract.coref import number_apart

    monkeypatch.setattr(number_apart, "NARRATION", True)  # off by default (its docstring says why)
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


def _values(world, subject: str, predicate: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [
        (s.value, s.inferred) for s in world.timeline.states if s.subject == subject and s.predicate.value == predicate
    ]


def test_a_named_group_death_reaches_its_members() -> None:
    from worldstate.analysis import analyze
    from worldstate.extract.timeline.build import group_members

    world = analyze(
        "Tom and Anna lived by the river. Tom and Anna went into the forest. There they were killed by a bear."
    )
    assert any(members == {"tom", "anna"} for members in group_members(world).values())
    for person in ("tom", "anna"):
        assert ("false", "group") in _values(world, person, "alive")
    assert ("false", "group") not in _values(world, "bear", "alive")


def test_group_fates_copies_only_factual_deaths() -> None:
    from worldstate.extract.timeline.change import Change
    from worldstate.extract.timeline.group_fates import GROUP, group_fates
    from worldstate.state import Span
    from worldstate.state.timeline import Modality, Predicate

    died = Change("pair", Predicate.ALIVE, "false", 3, Span(0, 4))
    dreamt = Change("pair", Predicate.ALIVE, "false", 4, Span(5, 9), Modality.HYPOTHETICAL)
    went = Change("pair", Predicate.LOCATION, "forest", 2, Span(10, 14))
    out = group_fates([died, dreamt, went], {"pair": {"tom", "anna"}})
    assert [(c.subject, c.sentence, c.inferred) for c in out] == [("anna", 3, GROUP), ("tom", 3, GROUP)]
