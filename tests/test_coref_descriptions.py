"""Descriptions met again (``extract/coref/descriptions.py``): only a description that holds every modifier
of a later one is its candidate or its rival, so "the old woman" looks past "the woman" (another person) to
the last "old woman"."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from worldstate.extract.coref.descriptions import merge_descriptions
from worldstate.extract.coref.features import NOMINAL


def _table(texts: list[str]) -> SimpleNamespace:
    """A stand-in mention table of descriptions whose head is their last word."""
    heads = [t.split()[-1].lower() for t in texts]
    keys = {h: k for k, h in enumerate(dict.fromkeys(heads))}
    n = len(texts)
    return SimpleNamespace(
        infos=[SimpleNamespace(mention=SimpleNamespace(text=t), lemma=h) for t, h in zip(texts, heads, strict=True)],
        mtype=np.full(n, NOMINAL),
        head_key=np.array([keys[h] for h in heads]),
        plural=np.zeros(n, dtype=bool),
        gender=np.full(n, 2),
        quote=np.full(n, -1),
        names=[],
        name_key=np.full(n, -1),
    )


def test_a_narrower_description_looks_past_a_broader_one() -> None:
    table = _table(["the woman", "an old woman", "the old woman", "the woman", "the old woman"])
    # the stepmother (0, 3), the witch (1, 2) and a new "the old woman" (4): it joins the witch
    assert merge_descriptions(table, [0, 1, 1, 0, 4]) == [0, 1, 1, 0, 1]  # type: ignore[arg-type]


def test_two_clusters_that_both_fit_are_rivals() -> None:
    table = _table(["an old woman", "another old woman", "the old woman"])  # "another …" joins no one
    assert merge_descriptions(table, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]


def test_a_possessed_parent_met_again_joins_the_cluster_that_said_it_before() -> None:
    # "their father" … "the father" … "their father": the latest "father" is not word for word, its cluster is
    table = _table(["their father", "the father", "their father"])
    assert merge_descriptions(table, [0, 0, 2]) == [0, 0, 0]  # type: ignore[arg-type]
    table = _table(["their old father", "the father", "their father"])  # a modifier dropped: still him
    assert merge_descriptions(table, [0, 0, 2]) == [0, 0, 0]  # type: ignore[arg-type]
    table = _table(["her little child", "the child", "her child"])  # a mother may have two children: left alone
    assert merge_descriptions(table, [0, 0, 2]) == [0, 0, 2]  # type: ignore[arg-type]
    table = _table(["their father", "the father", "his father"])  # another owner word: left alone
    assert merge_descriptions(table, [0, 0, 2]) == [0, 0, 2]  # type: ignore[arg-type]
