"""Predictors: adapters from a benchmark item to the task heads in :mod:`worldstate.detect`.

A predictor is ``predict(item, settings, context) -> dict``: it sees the item's id and inputs (never its gold
fields), the run's settings, and a task context (None except for tasks with a tuned model file). Heads are imported
on first use, so the harness works (and is tested) before every head exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from worldstate.bench.items import Item
from worldstate.config import Settings
from worldstate.detect.heads import get_head
from worldstate.refs import resolve as resolve_ref

Predictor = Callable[[Item, Settings, Any], dict[str, Any]]


def resolve(spec: str) -> Predictor:
    """The predictor named ``module:function``; a ConfigError when it cannot be imported."""
    return resolve_ref(spec, "predictor")


def load_head(spec: str) -> Callable[..., Any]:
    """A task head by its name in :data:`worldstate.detect.heads.HEADS`, or a ``module:function``."""
    if ":" not in spec:
        return get_head(spec).load()
    return resolve_ref(spec, "task head")


def _world(text: str, settings: Settings, **options: Any) -> Any:
    from worldstate.analysis import analyze

    return analyze(text, settings, **options)


def predict_flawedfictions(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return load_head("continuity")(_world(item.inputs["story"], settings)).to_dict()


def predict_ikd(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """IKD: the head gets the story only (the character is annotation, never passed)."""
    world = _world(item.inputs["story"], settings, embed_early=True)
    return load_head("knowledge")(world).to_dict()


def predict_knp(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    x = item.inputs
    world = _world(x["story"], settings, embed_early=True)
    answer = load_head("next-action")(world, x["question"], x["options"], character=x["character"])
    return answer.to_dict()


def predict_storysumm(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """The summary's sentences go through the same analysis (one paragraph each, parse layer only)."""
    story = _world(item.inputs["story"], settings)
    summary = _world("\n\n".join(item.inputs["summary"]), settings, layers="parse")
    return load_head("faithfulness")(story, summary).to_dict()


def predict_constory(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    return load_head("constory")(_world(item.inputs["story"], settings)).to_dict()


def _options(texts: list[str], settings: Settings) -> list[Any]:
    """Task inputs that are text (endings, candidates, a sentence), each analysed to its parse layer."""
    return [_world(text, settings, layers="parse") for text in texts]


def predict_lot_clozet(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    world = _world(item.inputs["story"], settings, layers="parse")
    return load_head("worldstate.detect.cloze:choose_plot")(
        world, _options(item.inputs["candidates"], settings)
    ).to_dict()


def predict_lot_senpos(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    world = _world(item.inputs["story"], settings, layers="parse")
    (sentence,) = _options([item.inputs["sentence"]], settings)
    return load_head("worldstate.detect.cloze:choose_position")(world, sentence).to_dict()


_CLOZE_MODELS: dict[str, Any] = {}


def predict_story_cloze(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """Story Cloze with the model ``bench tune story-cloze`` saved (loaded once per process); no labels read.
    The four context sentences are analysed as one story (a paragraph each), the endings as options."""
    from worldstate.bench.tune.cloze import model_path
    from worldstate.detect.cloze import ClozeModel

    path = str((context or {}).get("model") or model_path(settings))
    if path not in _CLOZE_MODELS:
        _CLOZE_MODELS[path] = ClozeModel.load(path, settings)
    world = _world("\n\n".join(item.inputs["context"]), settings, layers="parse")
    endings = _options(item.inputs["endings"], settings)
    head = load_head("worldstate.detect.cloze:choose_ending")
    return head(world, endings, model=_CLOZE_MODELS[path]).to_dict()
