"""Contrasting descriptions (``extract/coref/contrasts.py``): "the young king" and "the old king" are two
people, in the ranker and through the entity-level passes after it, unless a name ties them."""

from __future__ import annotations

import numpy as np

from tests.test_coref_binding import _table
from worldstate.analysis import analyze
from worldstate.extract.coref.contrasts import antonym_groups, contrast, keep_apart
from worldstate.extract.coref.features import FEATURE_NAMES
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions


def _contrast(a: str, b: str) -> bool:
    groups = antonym_groups()
    return contrast(groups.get(a, frozenset()), groups.get(b, frozenset()))


def test_antonyms_satellites_and_ordinals_contrast() -> None:
    assert _contrast("young", "old") and _contrast("old", "young")
    assert _contrast("elder", "younger")  # satellites of senior / junior
    assert _contrast("first", "second") and _contrast("second", "third")
    assert not _contrast("young", "little") and not _contrast("old", "wicked") and not _contrast("old", "old")


def _entity_of(world, text: str) -> str | None:  # type: ignore[no-untyped-def]
    return next(m.entity for m in world.state.mentions if m.text == text)


def test_the_young_king_is_not_the_old_king() -> None:
    world = analyze(
        "The old king had a son who was a brave prince. The prince married a princess and became king. "
        "Then the old king was glad, and the young king ruled the land well."
    )
    old, young = _entity_of(world, "The old king"), _entity_of(world, "the young king")
    assert old and young and old != young
    assert _entity_of(world, "the old king") == old


def test_the_ranker_keeps_contrasting_descriptions_apart() -> None:
    table = _table("The elder brother went out. The younger brother stayed at home.")
    texts = [info.mention.text for info in table.infos]
    width = len(FEATURE_NAMES)
    linking = RankerModel(np.zeros((width, 1)), np.zeros(1), np.zeros(1), 10.0, 0.3, {})  # links any pair
    clusters = cluster_mentions(table, linking)
    assert clusters[texts.index("The elder brother")] != clusters[texts.index("The younger brother")]


def test_keep_apart_splits_merged_contrasting_pieces_unless_a_name_ties_them() -> None:
    table = _table("The old king sat there. The young king came in. He bowed.")
    texts = [info.mention.text for info in table.infos]
    old, young, he = texts.index("The old king"), texts.index("The young king"), texts.index("He")
    before = list(range(len(texts)))
    before[he] = young  # the ranker's pieces: he with the young king
    merged = [0] * len(texts)  # a later pass made one cluster of all
    out = keep_apart(table, before, merged)
    assert out[old] != out[young] and out[he] == out[young]
    named = _table("The old king was called Otto. The young king was called Otto too.")
    pieces = [0, 0, 2, 2]  # each description with its name
    assert [info.mention.text for info in named.infos] == ["The old king", "Otto", "The young king", "Otto"]
    assert keep_apart(named, pieces, [0] * 4) == [0] * 4  # the name ties them
