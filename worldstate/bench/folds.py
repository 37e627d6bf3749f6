"""k-fold protocol for tasks trained on their own (val) data, e.g. Story Cloze: each item is predicted by a model
trained on the other folds. Folds come from a seeded shuffle of the item ids, so they never depend on order or
worker count; each worker fits a fold's model once and keeps it."""

from __future__ import annotations

import random
from typing import Any

from worldstate.bench.items import Item
from worldstate.config import Settings

K_FOLDS = 5
FOLD_SEED = 0
_MODELS: dict[tuple[int, int], Any] = {}


def assign_folds(ids: list[str], k: int = K_FOLDS, seed: int = FOLD_SEED) -> dict[str, int]:
    """Item id → fold in 0..k-1: ids sorted, shuffled with ``seed``, dealt round-robin."""
    order = sorted(ids)
    random.Random(seed).shuffle(order)
    return {item_id: i % k for i, item_id in enumerate(order)}


def cloze_context(items: list[Item], k: int = K_FOLDS, seed: int = FOLD_SEED) -> dict[str, Any]:
    """The training data the story-cloze predictor needs: folds plus every item's inputs and label."""
    return {
        "k": k,
        "seed": seed,
        "fold_of": assign_folds([i.id for i in items], k, seed),
        "train": [(i.id, i.inputs, i.gold["label"]) for i in items],
    }


def fold_model(context: dict[str, Any], fold: int, settings: Settings) -> Any:
    """The cloze model fitted on every fold but ``fold`` (fitted once per process)."""
    key = (id(context), fold)
    if key not in _MODELS:
        from worldstate.detect.cloze import ClozeModel
        from worldstate.detect.cz_features import ClozeItem

        train = [
            ClozeItem(list(x["context"]), list(x["endings"]), int(y))
            for item_id, x, y in context["train"]
            if context["fold_of"][item_id] != fold
        ]
        _MODELS[key] = ClozeModel(settings=settings).fit(train)
    return _MODELS[key]
