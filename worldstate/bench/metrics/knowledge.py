"""Act-on-Known IKD metrics: Pos/Neg/Full Cls and Neg/Full Loc with word-level IoU.

Tokenisation for IoU: :func:`worldstate.bench.metrics.textmatch.words` (NFKC, lower case, runs of Unicode
word characters; punctuation and quotes dropped), compared as sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from worldstate.bench.metrics.textmatch import words


def word_iou(gold: str, predicted: str) -> float:
    """|G ∩ P| / |G ∪ P| over the word sets of the two texts (0.0 when both are empty)."""
    g, p = set(words(gold)), set(words(predicted))
    union = g | p
    return len(g & p) / len(union) if union else 0.0


@dataclass(frozen=True)
class IkdCase:
    """One story: consistent (label 1, original) or erroneous (0) with its error sentence, and the prediction."""

    label: int
    gold_error: str
    pred_label: int
    pred_sentence: str


def loc_score(case: IkdCase) -> float:
    """l_i = 1[ŷ=1] for originals; 1[ŷ=0] · IoU(gold error words, predicted words) for erroneous stories."""
    if case.label == 1:
        return float(case.pred_label == 1)
    return word_iou(case.gold_error, case.pred_sentence) if case.pred_label == 0 else 0.0


def ikd_metrics(cases: Sequence[IkdCase]) -> dict[str, float]:
    """pos_cls, neg_cls, full_cls, neg_loc, full_loc."""

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else 0.0

    pos = [c for c in cases if c.label == 1]
    neg = [c for c in cases if c.label == 0]
    return {
        "pos_cls": mean([float(c.pred_label == 1) for c in pos]),
        "neg_cls": mean([float(c.pred_label == 0) for c in neg]),
        "full_cls": mean([float(c.pred_label == c.label) for c in cases]),
        "neg_loc": mean([loc_score(c) for c in neg]),
        "full_loc": mean([loc_score(c) for c in cases]),
    }
