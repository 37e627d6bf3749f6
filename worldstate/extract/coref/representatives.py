"""The far antecedent candidates of the mention ranker: the representative (latest name, or latest narrator
"I") of every earlier cluster, kept in text order so that each mention reads those before its window with a
bisection instead of a scan over every cluster."""

from __future__ import annotations

from bisect import bisect_left

from worldstate.extract.coref.features import NAME, NARRATOR, MentionTable


class Representatives:
    """Cluster → its representative mention, and the representatives sorted by position."""

    def __init__(self) -> None:
        self.of: dict[int, int] = {}
        self.sorted: list[int] = []

    def update(self, table: MentionTable, i: int, cluster: int) -> None:
        """Mention ``i`` joined ``cluster``: it represents the cluster when it is a name or a narrator "I"."""
        if table.mtype[i] not in (NAME, NARRATOR):
            return
        old = self.of.get(cluster)
        if old is not None:
            del self.sorted[bisect_left(self.sorted, old)]
        self.of[cluster] = i
        self.sorted.append(i)  # mentions come in text order: i follows every representative so far

    def before(self, start: int, skip: set[int]) -> list[int]:
        """The representatives before mention ``start`` of the clusters not in ``skip``, in text order."""
        far = self.sorted[: bisect_left(self.sorted, start)]
        drop = sorted(r for r in (self.of.get(c) for c in skip) if r is not None and r < start)
        for r in reversed(drop):
            del far[bisect_left(far, r)]
        return far
