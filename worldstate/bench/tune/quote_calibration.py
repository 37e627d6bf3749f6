"""Platt scaling of the speaker ranker's confidences, by turn group, on cross-validation predictions.

Each gold quote's predicted turn gives a row: its group (:func:`worldstate.extract.speakers.calibration_group`),
the out-of-fold ranker's softmax probability for the speaker it chose, and whether that speaker is right.
Per group, a logistic regression on the probability's logit maps it to how often such a speaker is right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldstate.extract.speakers import CALIBRATION_GROUPS, SpeakerModel, logit

SURE = 0.8  # the probability from which downstream readings count a speaker as sure (coref.quoted.SURE)


@dataclass
class Row:
    group: str
    probability: float
    right: bool


def fit_platt(rows: list[Row]) -> list[float]:
    """[slope, intercept] minimising the log loss of ``right`` given the probabilities' logits."""
    import numpy as np
    from scipy.optimize import minimize

    x = np.array([logit(r.probability) for r in rows])
    y = np.array([r.right for r in rows], dtype=float)

    def loss(ab: np.ndarray) -> tuple[float, np.ndarray]:
        z = ab[0] * x + ab[1]
        p = 1.0 / (1.0 + np.exp(-z))
        eps = 1e-12
        value = -np.sum(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
        grad = np.array([np.sum((p - y) * x), np.sum(p - y)])
        return float(value), grad

    return [float(v) for v in minimize(loss, np.array([1.0, 0.0]), jac=True, method="L-BFGS-B").x]


def fit_calibration(rows: list[Row], min_rows: int = 20) -> dict[str, list[float]]:
    """{group: [slope, intercept]} for each group with at least ``min_rows`` rows."""
    out = {}
    for group in CALIBRATION_GROUPS:
        mine = [r for r in rows if r.group == group]
        if len(mine) >= min_rows:
            out[group] = fit_platt(mine)
    return out


def sureness(rows: list[Row], calibration: dict[str, list[float]]) -> dict[str, dict[str, list[int]]]:
    """{group: {"raw"|"calibrated": [sure, sure and right]}}: how many speakers reach ``SURE``, and how many
    of those are right, before and after ``calibration``."""
    model = SpeakerModel({}, 0.0, calibration)
    out: dict[str, dict[str, list[int]]] = {}
    for r in rows:
        counts = out.setdefault(r.group, {"raw": [0, 0], "calibrated": [0, 0], "all": [0, 0]})
        calibrated = model.calibrate(r.probability, r.group) or 0.0
        for key, p in (("raw", r.probability), ("calibrated", calibrated), ("all", 1.0)):
            if p >= SURE:
                counts[key][0] += 1
                counts[key][1] += int(r.right)
    return out


def rows_of(examples: list[Any], pred: dict[str, Any]) -> list[Row]:
    """The rows of one document's examples (``quotes.Example``) under ``quotes.attribute``'s prediction."""
    out = []
    for ex in examples:
        k = ex.turn
        p = pred["confidence"][k]
        if p is None:
            continue
        chosen = pred["speakers"][k]
        at = ex.entities.index(chosen) if chosen in ex.entities else -1
        out.append(Row(pred["group"][k], p, at >= 0 and ex.labels[at]))
    return out
