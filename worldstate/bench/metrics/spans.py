"""Exact-match precision, recall and F1 over sets of spans (or any hashable items), summed over documents."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


def harmonic(a: float, b: float) -> float:
    """The harmonic mean of two rates (F1 of a precision and a recall); 0 when both are 0."""
    return 2 * a * b / (a + b) if a + b else 0.0


class Rates:
    """Precision, recall and F1 of counts that say their (numerator, denominator) pairs."""

    def precision_parts(self) -> tuple[float, float]:
        raise NotImplementedError

    def recall_parts(self) -> tuple[float, float]:
        raise NotImplementedError

    @property
    def precision(self) -> float:
        num, den = self.precision_parts()
        return num / den if den else 0.0

    @property
    def recall(self) -> float:
        num, den = self.recall_parts()
        return num / den if den else 0.0

    @property
    def f1(self) -> float:
        return harmonic(self.precision, self.recall)

    def as_dict(self) -> dict[str, float]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1}


@dataclass(frozen=True)
class SpanCounts(Rates):
    """True positives, gold and predicted counts; add them across documents (micro-averaging)."""

    tp: int = 0
    gold: int = 0
    pred: int = 0

    @classmethod
    def of(cls, gold: set[Hashable], pred: set[Hashable]) -> SpanCounts:
        return cls(len(gold & pred), len(gold), len(pred))

    def __add__(self, other: SpanCounts) -> SpanCounts:
        return SpanCounts(self.tp + other.tp, self.gold + other.gold, self.pred + other.pred)

    def precision_parts(self) -> tuple[float, float]:
        return self.tp, self.pred

    def recall_parts(self) -> tuple[float, float]:
        return self.tp, self.gold
