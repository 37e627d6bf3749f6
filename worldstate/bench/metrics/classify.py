"""Binary classification metrics (scikit-learn underneath; empty or one-class inputs give defined values)."""

from __future__ import annotations

from collections.abc import Sequence


def accuracy(gold: Sequence[int], pred: Sequence[int]) -> float:
    """Fraction of predictions equal to the gold label (0.0 for no items)."""
    if not gold:
        return 0.0
    return sum(int(g == p) for g, p in zip(gold, pred, strict=True)) / len(gold)


def precision_recall_f1(gold: Sequence[int], pred: Sequence[int], positive: int = 1) -> tuple[float, float, float]:
    """Precision, recall and F1 of the ``positive`` class; 0.0 where a denominator is zero."""
    from sklearn.metrics import precision_recall_fscore_support

    if not gold:
        return 0.0, 0.0, 0.0
    p, r, f, _ = precision_recall_fscore_support(
        list(gold), list(pred), labels=[positive], average=None, zero_division=0
    )
    return float(p[0]), float(r[0]), float(f[0])


def recall_of(gold: Sequence[int], pred: Sequence[int], label: int) -> float:
    """Recall of one class: of the items whose gold is ``label``, the fraction predicted ``label``."""
    hits = [p == label for g, p in zip(gold, pred, strict=True) if g == label]
    return sum(hits) / len(hits) if hits else 0.0


def balanced_accuracy(gold: Sequence[int], pred: Sequence[int]) -> float:
    """Mean recall of the two classes (0 and 1) that occur in ``gold``."""
    classes = sorted(set(gold))
    if not classes:
        return 0.0
    return sum(recall_of(gold, pred, c) for c in classes) / len(classes)


def cohen_kappa(gold: Sequence[int], pred: Sequence[int]) -> float:
    """Cohen's kappa between gold and predicted labels (0.0 when agreement by chance is total)."""
    from sklearn.metrics import cohen_kappa_score

    if not gold or len(set(gold) | set(pred)) < 2:
        return 0.0
    return float(cohen_kappa_score(list(gold), list(pred)))
