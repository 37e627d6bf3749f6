"""FlawedFictions: classification (Acc/P/R/F1) and two-way localisation (CEEval-Full, CEEval-Pos)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from worldstate.bench.metrics.classify import accuracy, precision_recall_f1
from worldstate.bench.metrics.textmatch import any_match


@dataclass(frozen=True)
class FlawedCase:
    """One story: gold label and lines, predicted label and sentence sets."""

    gold_error: bool
    gold_lines: tuple[str, ...]  # cont_error_lines and contradicted_lines together
    pred_error: bool
    pred_lines: tuple[str, ...]  # S_error and S_contr together


def ceeval(case: FlawedCase) -> int:
    """Per-story CEEval: 0 for a wrong decision, 1 for a right "no error", and for a right "error"
    1 when the predicted sets hold at least one gold sentence (both sets checked, fuzzy match)."""
    if case.gold_error != case.pred_error:
        return 0
    if not case.gold_error:
        return 1
    return int(any_match(list(case.pred_lines), list(case.gold_lines)))


def flawedfictions_metrics(cases: Sequence[FlawedCase]) -> dict[str, float]:
    """accuracy, precision, recall, f1 (positive = has error), ceeval_full, ceeval_pos."""
    gold = [int(c.gold_error) for c in cases]
    pred = [int(c.pred_error) for c in cases]
    p, r, f = precision_recall_f1(gold, pred)
    scores = [ceeval(c) for c in cases]
    pos = [s for s, c in zip(scores, cases, strict=True) if c.gold_error]
    return {
        "accuracy": accuracy(gold, pred),
        "precision": p,
        "recall": r,
        "f1": f,
        "ceeval_full": sum(scores) / len(scores) if scores else 0.0,
        "ceeval_pos": sum(pos) / len(pos) if pos else 0.0,
    }
