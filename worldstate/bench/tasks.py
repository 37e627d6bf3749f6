"""The benchmark registry: for each name, its loader, default predictor, scorer and trivial baselines."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldstate.bench.items import Item
from worldstate.bench.metrics.classify import accuracy, balanced_accuracy, cohen_kappa, recall_of
from worldstate.bench.metrics.constory import ConStoryCase, constory_metrics
from worldstate.bench.metrics.flawed import FlawedCase, flawedfictions_metrics
from worldstate.bench.metrics.knowledge import IkdCase, ikd_metrics
from worldstate.bench.metrics.lot import generation_metrics
from worldstate.data import load_yaml
from worldstate.errors import ConfigError
from worldstate.refs import resolve

Prediction = dict[str, Any] | None  # None: the item failed
Scorer = Callable[[list[Item], list[Prediction]], dict[str, float]]
BASELINE_SEED = 0


def score_flawedfictions(items: list[Item], preds: list[Prediction]) -> dict[str, float]:
    cases = [
        FlawedCase(
            gold_error=bool(i.gold["has_error"]),
            gold_lines=tuple(i.gold["error_lines"] + i.gold["contradicted_lines"]),
            pred_error=bool(p and p.get("has_error")),
            pred_lines=tuple((p or {}).get("error_lines", []) + (p or {}).get("contradicted_lines", [])),
        )
        for i, p in zip(items, preds, strict=True)
    ]
    return flawedfictions_metrics(cases)


def score_ikd(items: list[Item], preds: list[Prediction]) -> dict[str, float]:
    cases = [
        IkdCase(
            label=int(i.gold["label"]),
            gold_error=str(i.gold.get("error", "")),
            pred_label=0 if (p and p.get("has_error")) else 1,
            pred_sentence=str((p or {}).get("error_sentence", "")),
        )
        for i, p in zip(items, preds, strict=True)
    ]
    return ikd_metrics(cases)


def _choices(items: list[Item], preds: list[Prediction], gold_key: str) -> dict[str, float]:
    gold = [int(i.gold[gold_key]) for i in items]
    pred = [int(p["choice"]) if p and "choice" in p else -1 for p in preds]
    return {"accuracy": accuracy(gold, pred)}


def score_storysumm(items: list[Item], preds: list[Prediction]) -> dict[str, float]:
    gold = [int(i.gold["label"]) for i in items]
    pred = [int(bool(p.get("faithful", True))) if p else 1 for p in preds]

    def caught(level: str) -> float:
        sel = [(g, q) for i, g, q in zip(items, gold, pred, strict=True) if g == 0 and i.gold["difficulty"] == level]
        return recall_of([g for g, _ in sel], [q for _, q in sel], 0)

    return {
        "balanced_accuracy": balanced_accuracy(gold, pred),
        "cohen_kappa": cohen_kappa(gold, pred),
        "pct_faithful": sum(pred) / len(pred) if pred else 0.0,
        "easy_caught": caught("easy"),
        "hard_caught": caught("hard"),
    }


def score_constory(items: list[Item], preds: list[Prediction]) -> dict[str, float]:
    cases = [
        ConStoryCase(i.gold["prompt_id"], i.gold["model"], i.inputs["story"], (p or {}).get("errors", {}))
        for i, p in zip(items, preds, strict=True)
    ]
    return constory_metrics(cases)


def score_plotcom(items: list[Item], preds: list[Prediction]) -> dict[str, float]:
    return generation_metrics([i.gold["plot"] for i in items], [str((p or {}).get("text", "")) for p in preds])


def score_outgen(items: list[Item], preds: list[Prediction]) -> dict[str, float]:
    return generation_metrics(
        [i.gold["story"] for i in items],
        [str((p or {}).get("text", "")) for p in preds],
        [i.inputs["outline"] for i in items],
    )


RANDOM_DRAWS = 100
Baselines = dict[str, list[list[Prediction]]]  # name → draws (one draw for a constant baseline)


def _sentences(item: Item) -> list[str]:
    from worldstate.state.text import split_text

    return split_text(str(item.inputs.get("story", ""))) or [""]


def baselines_binary(
    key: str, positive: str, negative: str, sentence_fields: tuple[str, ...] = ()
) -> Callable[[list[Item]], Baselines]:
    """Random (a fair coin, averaged over seeded draws; a flagged item names a random sentence of the story in
    ``sentence_fields``), always-positive and always-negative predictions for a yes/no task."""

    def coin(item: Item, rng: random.Random) -> Prediction:
        flag = rng.random() < 0.5
        pred: dict[str, Any] = {key: flag}
        if sentence_fields:
            sentence = rng.choice(_sentences(item))
            for name in sentence_fields:
                pred[name] = [sentence] if name.endswith("lines") else sentence
        return pred

    def make(items: list[Item]) -> Baselines:
        rng = random.Random(BASELINE_SEED)
        return {
            "random": [[coin(i, rng) for i in items] for _ in range(RANDOM_DRAWS)],
            f"always {positive}": [[{key: True} for _ in items]],
            f"always {negative}": [[{key: False} for _ in items]],
        }

    return make


def baselines_choice(n_options: Callable[[Item], int]) -> Callable[[list[Item]], Baselines]:
    """Random choice (averaged over seeded draws) and always-first-option."""

    def make(items: list[Item]) -> Baselines:
        rng = random.Random(BASELINE_SEED)
        draws = [[{"choice": rng.randrange(max(n_options(i), 1))} for i in items] for _ in range(RANDOM_DRAWS)]
        return {"random": draws, "always first": [[{"choice": 0} for _ in items]]}

    return make


def baselines_constory(items: list[Item]) -> Baselines:
    return {"no errors": [[{"errors": {}} for _ in items]]}


def baselines_generation(items: list[Item]) -> Baselines:
    return {"empty": [[{"text": ""} for _ in items]]}


@dataclass(frozen=True)
class Task:
    """One benchmark: how to load it, the default predictor, how to score and the trivial baselines."""

    name: str
    load: Callable[[Path], list[Item]]
    predictor: str  # module:function
    score: Scorer
    baselines: Callable[[list[Item]], Baselines]
    description: str
    needs_context: bool = False
    extras: Callable[[Path], dict[str, Any]] | None = None  # more results from the data folder (e.g. judges)
    head: str = ""  # the task head the predictor runs: a name in ``detect.heads.HEADS`` or ``module:function``
    tune: str = ""  # ``bench tune NAME``: the function fitting its parameters (``module:function``, bench/tune/)


def constory_judges(data: Path) -> dict[str, Any]:
    """ConStory metrics of every judge CSV beside the stories (``evaluations/*.csv`` or ``*.csv``)."""
    from worldstate.bench.loaders import left_out_of, load_constory_judge

    folder = data if data.is_dir() else data.parent
    out = {}
    for csv_file in sorted([*folder.glob("*.csv"), *folder.glob("evaluations/*.csv")]):
        rows = load_constory_judge(csv_file)
        cases = [ConStoryCase(r["id"], csv_file.stem, r["story"], r["errors"]) for r in rows]
        out[csv_file.stem] = {"n": len(cases), "metrics": constory_metrics(cases), "left_out": left_out_of(rows)}
    return out


def _resolve(reference: str) -> Any:
    """The function a "module:function" reference names (a module without "worldstate." is under worldstate.bench)."""
    if not reference.startswith("worldstate."):
        reference = f"worldstate.bench.{reference}"
    return resolve(reference)


def _scorer(spec: str | dict[str, str]) -> Scorer:
    if isinstance(spec, dict):
        key = spec["choices"]
        return lambda items, preds: _choices(items, preds, key)
    return _resolve(spec)


def _masks(item: Item) -> int:
    return str(item.inputs["story"]).count("[MASK]")


def _baselines(spec: str | dict[str, Any]) -> Callable[[list[Item]], Baselines]:
    if isinstance(spec, str):
        return _resolve(spec)
    if "binary" in spec:
        key, positive, negative, fields = spec["binary"]
        return baselines_binary(key, positive, negative, tuple(fields))
    options = spec["choice"]
    return baselines_choice(_masks if options == "masks" else lambda _item: int(options))


def _read_tasks() -> dict[str, Task]:
    """The registry declared in ``bench/data/tasks.yaml``, its references resolved."""
    tasks = {}
    for name, spec in load_yaml("bench", "data/tasks.yaml").items():
        tasks[name] = Task(
            name,
            _resolve(spec["load"]),
            spec["predictor"],
            _scorer(spec["score"]),
            _baselines(spec["baselines"]),
            spec["description"],
            needs_context=bool(spec.get("needs_context", False)),
            extras=_resolve(spec["extras"]) if "extras" in spec else None,
            head=spec.get("head", ""),
            tune=spec.get("tune", ""),
        )
    return tasks


TASKS: dict[str, Task] = _read_tasks()


def get_task(name: str) -> Task:
    """The task called ``name``; a ConfigError listing the names otherwise."""
    if name not in TASKS:
        raise ConfigError(f"unknown benchmark {name!r}; choose one of {', '.join(TASKS)}")
    return TASKS[name]
