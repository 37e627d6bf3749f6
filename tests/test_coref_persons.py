"""Who is who between grammatical persons: the narrator's "I" and the narration's "you" (and, when asked,
a quote's I and you) are never one cluster (``persons_apart.py``); an unnamed they/them chain joins the one group
just before it (``plural_chains.py``)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from worldstate.config import Settings
from worldstate.extract.coref.features import KINDS, NARRATOR, NOMINAL, PLURAL, PRON3, QUOTE_I, YOU
from worldstate.extract.coref.persons_apart import PersonsApart
from worldstate.extract.coref.plural_chains import join_plural_chains


def _persons(types: list[int], quotes: list[int]) -> PersonsApart:
    table = SimpleNamespace(infos=[None] * len(types), mtype=np.array(types), quote=np.array(quotes))
    return PersonsApart(table)  # type: ignore[arg-type]


def test_the_narrators_i_and_a_narrative_you_stay_apart() -> None:
    persons = _persons([NARRATOR, YOU, NARRATOR, YOU], [-1, -1, -1, 3])
    persons.add(0, 0)
    clusters = np.array([0])
    assert not persons.allowed(1, clusters).any()  # "you" in the narration: not the narrator
    assert persons.allowed(3, clusters).all()  # a quoted "you" is the speech layer's to settle
    persons.add(1, 1)
    assert persons.allowed(2, np.array([0, 1])).tolist() == [True, False]


def test_a_quotes_i_and_you_stay_apart_in_that_quote_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from worldstate.extract.coref import persons_apart

    monkeypatch.setattr(persons_apart, "SAME_QUOTE", True)  # off by default (see there)
    persons = _persons([QUOTE_I, YOU, YOU], [0, 0, 1])
    persons.add(0, 0)
    assert persons.allowed(1, np.array([0])).tolist() == [False]  # the speaker does not speak to himself
    assert persons.allowed(2, np.array([0])).tolist() == [True]  # the next turn's "you" may be him


def _chains(rows: list[tuple[int, bool, int, int]]) -> SimpleNamespace:
    """A stand-in table: (type, plural, sentence, quote) per mention."""
    n = len(rows)
    return SimpleNamespace(
        infos=[SimpleNamespace(mention=SimpleNamespace(category="")) for _ in rows],
        mtype=np.array([r[0] for r in rows]),
        plural=np.array([r[1] for r in rows]),
        sentence=np.array([r[2] for r in rows]),
        quote=np.array([r[3] for r in rows]),
        gender=np.zeros(n, dtype=int),
        kind=np.full(n, KINDS.index("character")),
    )


def test_a_they_chain_joins_the_one_group_before_it() -> None:
    """ "The women came in. They sat down; their work lay ready." """
    table = _chains([(NOMINAL, True, 0, -1), (PLURAL, True, 1, -1), (PLURAL, True, 1, -1)])
    assert join_plural_chains(table, [0, 1, 1]) == [0, 0, 0]  # type: ignore[arg-type]


def test_a_they_chain_with_two_groups_or_a_name_stays_apart() -> None:
    two = _chains([(NOMINAL, True, 0, -1), (NOMINAL, True, 0, -1), (PLURAL, True, 1, -1)])
    assert join_plural_chains(two, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]
    far = _chains([(NOMINAL, True, 0, -1), (PLURAL, True, 5, -1)])
    assert join_plural_chains(far, [0, 1]) == [0, 1]  # type: ignore[arg-type]
    quoted = _chains([(NOMINAL, True, 0, 0), (PLURAL, True, 1, -1)])
    assert join_plural_chains(quoted, [0, 1]) == [0, 1]  # type: ignore[arg-type]
    singular = _chains([(NOMINAL, False, 0, -1), (PRON3, False, 0, -1), (PLURAL, True, 1, -1)])
    assert join_plural_chains(singular, [0, 0, 2]) == [0, 0, 2]  # type: ignore[arg-type]


def test_a_story_told_to_you_keeps_you_apart_from_the_narrator() -> None:
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import resolve
    from worldstate.state import Story

    story = Story.from_text(
        "I grew up by the sea. You would think I loved it. I never did. You cannot love what you fear."
    )
    doc, _ = parse(story, Settings())
    coref = resolve(doc, story.text)
    entity_of = {m.text.lower(): set() for m in coref.mentions}
    for m in coref.mentions:
        entity_of[m.text.lower()].add(m.entity)
    assert entity_of["i"] and not (entity_of["i"] & entity_of["you"] - {None}), entity_of
