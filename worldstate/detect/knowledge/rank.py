"""Which story sentence a character most likely cannot know: a small linear ranker.

It combines the stand-in's inaccessibility (``kn_access``: name mentions, place/time cues, other
characters' private minds) with the extractor's access model (``kn_world``: scenes, presence,
speech, private thoughts) and where the sentence sits in the story (the hidden development tends
to come late, but rarely as the closing sentence). Weights live in
``data/knowledge/next_action.yaml`` (``hidden_ranker``), fitted by logistic regression on the
development KNP items' annotated sentences (``worldstate bench tune knp``).
"""

from __future__ import annotations

import numpy as np

from worldstate.detect.knowledge.access import Access

FEATURES = ("standin", "world", "position", "position_sq", "involved_world", "last")


def sentence_features(access: list[Access], world: list[float]) -> np.ndarray:
    """One row per sentence, the columns of ``FEATURES``."""
    n = len(access)
    standin = np.array([a.score for a in access], dtype=float)
    inaccessible = np.asarray(world, dtype=float)
    position = np.arange(n) / max(1, n - 1)
    involved = np.array([a.involved for a in access], dtype=float)
    last = (np.arange(n) == n - 1).astype(float)
    return np.c_[standin, inaccessible, position, position**2, involved * inaccessible, last]


def hidden_scores(access: list[Access], world: list[float], weights: dict[str, float]) -> np.ndarray:
    """Linear score per sentence; higher = more likely the information the character lacks."""
    w = np.array([float(weights[name]) for name in FEATURES])
    return sentence_features(access, world) @ w
