"""Predictors: adapters from a benchmark item to the task heads in :mod:`worldstate.detect`.

A predictor is ``predict(item, settings, context) -> dict``: it sees the item's id and inputs (never its gold
fields), the run's settings, and a task context (None except for tasks trained per fold). Heads are imported
on first use, so the harness works (and is tested) before every head exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from worldstate.bench.items import Item
from worldstate.config import Settings
from worldstate.errors import ConfigError

Predictor = Callable[[Item, Settings, Any], dict[str, Any]]


def resolve(spec: str) -> Predictor:
    """The predictor named ``module:function``; a ConfigError when it cannot be imported."""
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"predictor {spec!r} is not available: {exc}") from None


def _head(module: str, attr: str) -> Callable[..., Any]:
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"task head {module}.{attr} is not available: {exc}") from None


def check_head(predictor: Predictor) -> None:
    """Fail early (one clear error) when the head behind a built-in predictor does not exist yet."""
    needs = HEADS.get(getattr(predictor, "__name__", ""))
    if needs and predictor.__module__ == __name__:
        _head(*needs)


HEADS: dict[str, tuple[str, str]] = {
    "predict_flawedfictions": ("worldstate.detect.continuity", "detect_continuity"),
    "predict_ikd": ("worldstate.detect.knowledge", "detect_implausible_knowledge"),
    "predict_knp": ("worldstate.detect.next_action", "choose_next_action"),
    "predict_storysumm": ("worldstate.detect.faithfulness", "judge_summary"),
    "predict_constory": ("worldstate.detect.constory", "constory_report"),
    "predict_story_cloze": ("worldstate.detect.cloze", "ClozeModel"),
    "predict_lot_clozet": ("worldstate.detect.cloze", "choose_plot"),
    "predict_lot_senpos": ("worldstate.detect.cloze", "choose_position"),
}


def predict_flawedfictions(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return _head(*HEADS["predict_flawedfictions"])(item.inputs["story"], settings).to_dict()


def predict_ikd(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """IKD: the head gets the story only (the character is annotation, never passed)."""
    return _head(*HEADS["predict_ikd"])(item.inputs["story"], settings).to_dict()


def predict_knp(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    x = item.inputs
    answer = _head(*HEADS["predict_knp"])(x["story"], x["question"], x["options"], settings, character=x["character"])
    return answer.to_dict()


def predict_storysumm(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return _head(*HEADS["predict_storysumm"])(item.inputs["story"], item.inputs["summary"], settings).to_dict()


def predict_constory(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return _head(*HEADS["predict_constory"])(item.inputs["story"], settings).to_dict()


def predict_lot_clozet(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return _head(*HEADS["predict_lot_clozet"])(item.inputs["story"], item.inputs["candidates"], settings).to_dict()


def predict_lot_senpos(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return _head(*HEADS["predict_lot_senpos"])(item.inputs["story"], item.inputs["sentence"], settings).to_dict()


def predict_story_cloze(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """Story Cloze, val-only protocol: a model trained on the other folds of val predicts this item's fold."""
    from worldstate.bench.folds import fold_model

    if context is None:
        raise ConfigError("story-cloze needs its training folds (run it through the benchmark runner)")
    model = fold_model(context, context["fold_of"][item.id], settings)
    return model.predict(item.inputs["context"], item.inputs["endings"]).to_dict()
