"""Exact-match precision, recall and F1 over sets of spans (or any hashable items), summed over documents."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True)
class SpanCounts:
    """True positives, gold and predicted counts; add them across documents (micro-averaging)."""

    tp: int = 0
    gold: int = 0
    pred: int = 0

    @classmethod
    def of(cls, gold: set[Hashable], pred: set[Hashable]) -> SpanCounts:
        return cls(len(gold & pred), len(gold), len(pred))

    def __add__(self, other: SpanCounts) -> SpanCounts:
        return SpanCounts(self.tp + other.tp, self.gold + other.gold, self.pred + other.pred)

    @property
    def precision(self) -> float:
        return self.tp / self.pred if self.pred else 0.0

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1}
