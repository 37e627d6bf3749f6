"""k-fold split for cross-validated scores of fitted parameters (``bench tune story-cloze --cv K``).

Folds come from a seeded shuffle of the item (story) ids, so they never depend on the file's order."""

from __future__ import annotations

import random

K_FOLDS = 5
FOLD_SEED = 0


def assign_folds(ids: list[str], k: int = K_FOLDS, seed: int = FOLD_SEED) -> dict[str, int]:
    """Item id → fold in 0..k-1: ids sorted, shuffled with ``seed``, dealt round-robin."""
    order = sorted(ids)
    random.Random(seed).shuffle(order)
    return {item_id: i % k for i, item_id in enumerate(order)}
