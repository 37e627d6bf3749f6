"""Plural reference: a narrated "they" never joins a "he" (``extract/coref/number_apart.py``, off by default)."""

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
