"""Coreference metrics as the CoNLL reference scorer (v8.01) computes them: MUC, B³, CEAF-m, CEAF-e, BLANC, LEA.

A mention is any hashable value (a ``(start, end)`` token span); a cluster is a set of mentions; a document's
clustering is a list of clusters. Each metric returns :class:`Counts` (recall and precision numerators and
denominators) so a corpus score sums the counts over documents before dividing (micro-averaging, as the
reference scorer does). Key mentions missing from the response (and response mentions missing from the key)
count as errors; nothing is filtered. Checked against the reference scorer's 36 test cases
(``tests/test_bench_litbank.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from worldstate.bench.metrics.spans import Rates

Mention = Hashable
Clusters = Sequence[frozenset[Mention]]


@dataclass(frozen=True)
class Counts(Rates):
    """Recall numerator/denominator and precision numerator/denominator; add them across documents."""

    r_num: float = 0.0
    r_den: float = 0.0
    p_num: float = 0.0
    p_den: float = 0.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.r_num + other.r_num, self.r_den + other.r_den, self.p_num + other.p_num, self.p_den + other.p_den
        )

    def precision_parts(self) -> tuple[float, float]:
        return self.p_num, self.p_den

    def recall_parts(self) -> tuple[float, float]:
        return self.r_num, self.r_den


def as_clusters(clusters: Iterable[Iterable[Mention]]) -> list[frozenset[Mention]]:
    """Frozen, non-empty clusters; a mention listed twice keeps its first cluster (as the reference scorer)."""
    seen: set[Mention] = set()
    out = []
    for cluster in clusters:
        members = frozenset(m for m in cluster if m not in seen)
        seen |= members
        if members:
            out.append(members)
    return out


def _index(clusters: Clusters) -> dict[Mention, int]:
    return {m: i for i, c in enumerate(clusters) for m in c}


def _muc_side(key: Clusters, response: Clusters) -> tuple[float, float]:
    """Σ(|K| − |partitions of K by the response|) and Σ(|K| − 1) over key clusters K."""
    where = _index(response)
    num = den = 0.0
    for cluster in key:
        parts = {where.get(m, ("alone", m)) for m in cluster}  # a mention outside the response is its own part
        num += len(cluster) - len(parts)
        den += len(cluster) - 1
    return num, den


def muc(key: Clusters, response: Clusters) -> Counts:
    """MUC (Vilain et al. 1995): links kept; singletons add nothing."""
    r_num, r_den = _muc_side(key, response)
    p_num, p_den = _muc_side(response, key)
    return Counts(r_num, r_den, p_num, p_den)


def _b3_side(key: Clusters, response: Clusters) -> tuple[float, float]:
    num = 0.0
    for cluster in key:
        for other in response:
            overlap = len(cluster & other)
            if overlap:
                num += overlap * overlap / len(cluster)
    return num, float(sum(len(c) for c in key))


def b_cubed(key: Clusters, response: Clusters) -> Counts:
    """B³ (Bagga and Baldwin 1998): per-mention overlap of the key and response clusters holding it."""
    r_num, r_den = _b3_side(key, response)
    p_num, p_den = _b3_side(response, key)
    return Counts(r_num, r_den, p_num, p_den)


def _best_alignment(key: Clusters, response: Clusters, entity_based: bool) -> float:
    """Total similarity of the best one-to-one alignment (Hungarian algorithm)."""
    if not key or not response:
        return 0.0
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    sim = np.zeros((len(key), len(response)))
    for i, k in enumerate(key):
        for j, r in enumerate(response):
            overlap = len(k & r)
            if overlap:
                sim[i, j] = 2 * overlap / (len(k) + len(r)) if entity_based else overlap
    rows, cols = linear_sum_assignment(sim, maximize=True)
    return float(sim[rows, cols].sum())


def ceaf_e(key: Clusters, response: Clusters) -> Counts:
    """Entity-based CEAF (Luo 2005, φ4 = 2|K∩R|/(|K|+|R|)); recall over key clusters, precision over response."""
    total = _best_alignment(key, response, entity_based=True)
    return Counts(total, float(len(key)), total, float(len(response)))


def ceaf_m(key: Clusters, response: Clusters) -> Counts:
    """Mention-based CEAF (φ3 = |K∩R|); recall over key mentions, precision over response mentions."""
    total = _best_alignment(key, response, entity_based=False)
    return Counts(total, float(sum(map(len, key))), total, float(sum(map(len, response))))


def _links(n: int) -> int:
    return n * (n - 1) // 2


def _lea_side(key: Clusters, response: Clusters) -> tuple[float, float]:
    """Σ |K| · resolved links of K / links of K; a singleton K is resolved when the response has it alone."""
    num = den = 0.0
    singletons = {next(iter(r)) for r in response if len(r) == 1}
    for cluster in key:
        if len(cluster) == 1:
            resolved = 1.0 if next(iter(cluster)) in singletons else 0.0
        else:
            resolved = sum(_links(len(cluster & r)) for r in response) / _links(len(cluster))
        num += len(cluster) * resolved
        den += len(cluster)
    return num, den


def lea(key: Clusters, response: Clusters) -> Counts:
    """LEA (Moosavi and Strube 2016): link-based entity-aware, entities weighted by their size."""
    r_num, r_den = _lea_side(key, response)
    p_num, p_den = _lea_side(response, key)
    return Counts(r_num, r_den, p_num, p_den)


@dataclass(frozen=True)
class BlancCounts:
    """Coreference-link and non-coreference-link counts (Luo et al. 2014, BLANC for predicted mentions)."""

    coref: Counts = Counts()
    noncoref: Counts = Counts()

    def __add__(self, other: BlancCounts) -> BlancCounts:
        return BlancCounts(self.coref + other.coref, self.noncoref + other.noncoref)

    def _mean(self, attr: str) -> float:
        c, n = self.coref, self.noncoref
        if not n.r_den and c.r_den:  # the key has one entity: coreference links only
            return float(getattr(c, attr))
        if not c.r_den and n.r_den:  # the key has singletons only: non-coreference links only
            return float(getattr(n, attr))
        return (getattr(c, attr) + getattr(n, attr)) / 2

    @property
    def recall(self) -> float:
        return self._mean("recall")

    @property
    def precision(self) -> float:
        return self._mean("precision")

    @property
    def f1(self) -> float:
        return self._mean("f1")


def _link_sets(clusters: Clusters) -> tuple[set[frozenset[Mention]], set[frozenset[Mention]]]:
    coref = {frozenset(pair) for c in clusters for pair in combinations(c, 2)}
    noncoref = {frozenset((a, b)) for c1, c2 in combinations(clusters, 2) for a in c1 for b in c2}
    return coref, noncoref


def blanc(key: Clusters, response: Clusters) -> BlancCounts:
    """BLANC: recall and precision of coreference and of non-coreference links, averaged."""
    kc, kn = _link_sets(key)
    rc, rn = _link_sets(response)
    return BlancCounts(
        Counts(len(kc & rc), len(kc), len(kc & rc), len(rc)), Counts(len(kn & rn), len(kn), len(kn & rn), len(rn))
    )


def mention_counts(key: Clusters, response: Clusters) -> Counts:
    """Exact mention detection: matched mentions over key mentions (recall) and response mentions (precision)."""
    k = {m for c in key for m in c}
    r = {m for c in response for m in c}
    return Counts(len(k & r), len(k), len(k & r), len(r))


METRICS = {"muc": muc, "b3": b_cubed, "ceafe": ceaf_e, "ceafm": ceaf_m, "lea": lea, "mention": mention_counts}


def corpus_scores(documents: Iterable[tuple[Clusters, Clusters]], blanc_links: bool = False) -> dict[str, float]:
    """Micro-averaged recall/precision/F1 of every metric over (key, response) documents, plus ``conll_f1``
    (the mean of the MUC, B³ and CEAF-e F1). ``blanc_links``: BLANC too (quadratic in mentions)."""
    totals: dict[str, Counts] = {name: Counts() for name in METRICS}
    blanc_total = BlancCounts()
    for key, response in documents:
        key, response = as_clusters(key), as_clusters(response)
        for name, metric in METRICS.items():
            totals[name] = totals[name] + metric(key, response)
        if blanc_links:
            blanc_total = blanc_total + blanc(key, response)
    out: dict[str, float] = {}
    scored: dict[str, Counts | BlancCounts] = {**totals, **({"blanc": blanc_total} if blanc_links else {})}
    for name, counts in scored.items():
        out[f"{name}_recall"], out[f"{name}_precision"], out[f"{name}_f1"] = counts.recall, counts.precision, counts.f1
    out["conll_f1"] = (out["muc_f1"] + out["b3_f1"] + out["ceafe_f1"]) / 3
    return out
