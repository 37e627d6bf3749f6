"""Contrasting descriptions: "the young king" and "the old king", "the elder brother" and "the younger
brother", "the first bride" and "the second bride" are two people. Two descriptions contrast when they share
their head noun and an adjective of one is an antonym of an adjective of the other (WordNet 3.0, directly or
through the head synsets of satellites, and the ordinals: ``data/antonyms.tsv``, built by
``scripts/build_antonyms.py``). The adjectives are the head noun's ``amod`` children in the parse.

Two ways in: the ranker never links a description to a cluster holding a contrasting one
(:class:`ContrastTracker`), and :func:`keep_apart` undoes the entity-level merges after the ranker that bring
contrasting descriptions together (the pieces the ranker made are regrouped, each joining the first group it
does not contrast with), unless a name ties them (both pieces hold the same name).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from worldstate.data import read_text
from worldstate.extract.coref.features import NAME, NOMINAL, MentionTable

Description = tuple[int, frozenset[str]]  # (head key, antonym groups of its adjectives)


@lru_cache(maxsize=1)
def antonym_groups() -> dict[str, frozenset[str]]:
    """adjective → its antonym groups ("+N" / "-N": two words contrast when one has +N, the other -N)."""
    out: dict[str, frozenset[str]] = {}
    for line in read_text("extract", "coref/data/antonyms.tsv").splitlines():
        if line and not line.startswith("#"):
            word, _, groups = line.partition("\t")
            out[word] = frozenset(groups.split(","))
    return out


def _opposite(group: str) -> str:
    return ("-" if group[0] == "+" else "+") + group[1:]


def contrast(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two sets of antonym groups hold a pair of antonyms."""
    return any(_opposite(g) in b for g in a)


def description_of(table: MentionTable, i: int) -> Description | None:
    """The head key and antonym groups of description ``i``'s adjectives; None for other mentions, or a
    description without an adjective that has an antonym."""
    if int(table.mtype[i]) != NOMINAL or int(table.head_key[i]) < 0 or table.doc is None:
        return None
    words = antonym_groups()
    groups: set[str] = set()
    for tok in table.doc.kids(table.infos[i].head, "amod"):
        groups |= words.get(tok.low, frozenset())
    return (int(table.head_key[i]), frozenset(groups)) if groups else None


def clash(a: list[Description], b: list[Description]) -> bool:
    """Some description of ``a`` and some of ``b`` share a head and contrast."""
    return any(ha == hb and contrast(ga, gb) for ha, ga in a for hb, gb in b)


class ContrastTracker:
    """The ranker's view: the contrasting descriptions of each cluster so far."""

    def __init__(self, table: MentionTable) -> None:
        self.described = [description_of(table, i) for i in range(len(table.infos))]
        self.by_cluster: dict[int, list[Description]] = {}

    def allowed(self, i: int, clusters: np.ndarray) -> np.ndarray:
        """Per candidate cluster, False when it holds a description that contrasts with mention ``i``."""
        mine = self.described[i]
        if mine is None:
            return np.ones(len(clusters), dtype=bool)
        return np.array([not clash([mine], self.by_cluster.get(int(c), [])) for c in clusters], dtype=bool)

    def add(self, i: int, cluster: int) -> None:
        """Mention ``i`` joined ``cluster``."""
        mine = self.described[i]
        if mine is not None:
            self.by_cluster.setdefault(cluster, []).append(mine)


def keep_apart(
    table: MentionTable,
    before: list[int],
    after: list[int],
    describe: Callable[[MentionTable, int], Any] = description_of,
    clashes: Callable[[list[Any], list[Any]], bool] = clash,
) -> list[int]:
    """``after`` (the clusters of the passes that merge ``before``'s) with each merged cluster whose pieces
    contrast split into groups of pieces that do not (see the module docstring). ``describe`` and
    ``clashes``: what a mention says and when two pieces' sayings keep them apart (other readings than
    contrasting adjectives use them: ``person_apart.py``)."""
    described = [describe(table, i) for i in range(len(after))]
    if not any(described):
        return after
    pieces: dict[int, dict[int, list[int]]] = {}  # after cluster → before cluster → its mentions there
    for i, (b, a) in enumerate(zip(before, after, strict=True)):
        pieces.setdefault(a, {}).setdefault(b, []).append(i)
    out = list(after)
    fresh = max(max(after, default=0), max(before, default=0)) + 1
    for parts in pieces.values():
        if len(parts) < 2:
            continue
        groups: list[tuple[list[Description], set[str], list[int]]] = []  # descriptions, names, mentions
        for idxs in sorted(parts.values(), key=min):
            descs = [d for d in (described[i] for i in idxs) if d is not None]
            names = {table.infos[i].mention.text.lower() for i in idxs if int(table.mtype[i]) == NAME}
            home = next((g for g in groups if not clashes(descs, g[0]) or names & g[1]), None)
            if home is None:
                groups.append((descs, names, list(idxs)))
            else:
                home[0].extend(descs)
                home[1].update(names)
                home[2].extend(idxs)
        for _descs, _names, idxs in groups[1:]:
            for i in idxs:
                out[i] = fresh
            fresh += 1
    return out
