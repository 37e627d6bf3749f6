"""Resumable benchmark runs.

A run directory holds ``run.json`` (what is being run), ``predictions.jsonl`` (one line per finished item,
appended with one write + fsync as items finish), ``timings.jsonl`` (seconds per item), and at the end
``metrics.json`` and ``report.md``. Starting the same run again with the same ``--out`` reads the predictions
(dropping a line cut short by a kill), skips the finished ids and goes on; a run of another task, data, limit,
predictor, fitted parameters or engine (its code and data files, :func:`engine_fingerprint`) is refused. When every item is done the
predictions file is rewritten in dataset order, so its bytes do not depend on kills or worker count.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldstate.bench import jsonio
from worldstate.bench.executors import PredictorRef, execute
from worldstate.bench.fingerprint import engine_fingerprint
from worldstate.bench.items import Item
from worldstate.bench.loaders import left_out_of
from worldstate.bench.tasks import Task
from worldstate.config import Settings
from worldstate.errors import ConfigError, InputError, WorldstateError
from worldstate.files import atomic_write_text
from worldstate.ignore import IgnoreList

PREDICTIONS = "predictions.jsonl"
TIMINGS = "timings.jsonl"
RUN_FILE = "run.json"
METRICS = "metrics.json"


@dataclass
class RunOptions:
    """How to run: limit, workers, executor, progress bar, and the predictor (``module:function`` or callable)."""

    limit: int | None = None
    split: str | None = None  # only the items of this part of the dataset (``Item.split``)
    workers: int = 1
    executor: str = "local"
    progress: bool = True
    predictor: PredictorRef | None = None
    context: Any = None  # overrides the task's own context (e.g. a user's generations)
    labels: dict[str, Any] = field(default_factory=dict)  # extra config recorded in metrics.json
    ignore: IgnoreList | None = None  # findings dismissed as intentional (.worldstate-ignore)


def predictor_name(ref: PredictorRef) -> str:
    return ref if isinstance(ref, str) else f"{ref.__module__}:{ref.__qualname__}"


def _drop_partial_line(path: Path) -> None:
    """Cut a last line that a kill left without its newline (the item will run again)."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as fh:
            fh.truncate(data.rfind(b"\n") + 1)
            fh.flush()
            os.fsync(fh.fileno())


def _check_run_file(out: Path, identity: dict[str, Any]) -> None:
    path = out / RUN_FILE
    if path.exists():
        previous = jsonio.read_lines_tolerant(path)
        if previous and "data" in previous[0]:  # compare data paths resolved, whatever the working directory was
            previous[0]["data"] = str(Path(previous[0]["data"]).resolve())
        if previous and previous[0] != jsonio.canonical(identity):
            differing = sorted(k for k in set(previous[0]) | set(identity) if previous[0].get(k) != identity.get(k))
            raise ConfigError(
                f"{out} holds another run ({previous[0].get('benchmark')}, predictor "
                f"{previous[0].get('predictor')}, limit {previous[0].get('limit')}; differs in: "
                f"{', '.join(differing)}); use a new --out"
            )
        if previous:
            return
    atomic_write_text(path, jsonio.dumps(identity) + "\n")


def finished_records(path: Path) -> dict[str, dict[str, Any]]:
    """Finished items by id (first record wins) from a predictions file."""
    out: dict[str, dict[str, Any]] = {}
    for record in jsonio.read_lines_tolerant(path):
        if "id" in record:
            out.setdefault(str(record["id"]), record)
    return out


def _progress(total: int, initial: int, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="item", disable=not enabled, dynamic_ncols=True, smoothing=0.1)


def run_benchmark(task: Task, data: Path, out: Path, settings: Settings, options: RunOptions) -> dict[str, Any]:
    """Run (or resume) ``task`` on ``data`` into ``out``; returns the metrics.json document."""
    all_items = task.load(data)
    if options.split is not None:
        all_items = select_split(all_items, options.split, task.name)
    items = all_items
    if options.limit is not None:
        if options.limit < 1:
            raise ConfigError("--limit must be at least 1")
        items = all_items[: options.limit]
    ref = options.predictor or task.predictor
    if options.predictor is None and task.head:  # fail early, with one clear error, when the head is missing
        from worldstate.bench.heads import load_head

        load_head(task.head)
    # the task's own context (story-cloze: the tuned model; a missing one fails here, before anything is written)
    context = options.context
    if context is None and options.predictor is None:
        context = task_context(task, all_items, settings)
    out.mkdir(parents=True, exist_ok=True)
    if out.joinpath(METRICS).exists() and not out.joinpath(PREDICTIONS).exists():
        raise InputError(str(out), "has metrics.json but no predictions.jsonl; use a new --out")
    identity = {
        "benchmark": task.name,
        "data": str(data.resolve()),
        "limit": options.limit,
        **({"split": options.split} if options.split is not None else {}),
        "predictor": predictor_name(ref),
        "engine": engine_fingerprint(),  # predictions made by other code or data files are not resumed
    }
    if options.predictor is None:  # resuming with other fitted parameters (a new bench tune) is another run
        from worldstate.bench.tune import parameters_in_use
        from worldstate.bench.tune.store import data_sha256

        used = parameters_in_use(task.name, settings)
        if used is not None:
            identity["parameters_sha256"] = data_sha256(Path(used["file"]))
            if "finding_calibration" in used:  # the calibrated threshold decides which findings flag a story
                identity["finding_calibration_sha256"] = data_sha256(Path(used["finding_calibration"]["file"]))
    _check_run_file(out, identity)

    preds_path, timings_path = out / PREDICTIONS, out / TIMINGS
    _drop_partial_line(preds_path)
    _drop_partial_line(timings_path)
    done = finished_records(preds_path)
    todo = [i for i in items if i.id not in done]
    words_by_id = {i.id: i.words for i in items}

    started = time.perf_counter()
    bar = _progress(len(items), len(items) - len(todo), options.progress)
    words_done = 0
    try:
        for item_id, record, seconds in execute(ref, todo, settings, context, options.workers, options.executor):
            jsonio.append_line(preds_path, record, digits=jsonio.PREDICTION_DIGITS)
            jsonio.append_line(timings_path, {"id": item_id, "seconds": seconds})
            words_done += words_by_id.get(item_id, 0)
            bar.set_postfix_str(f"{words_done / max(time.perf_counter() - started, 1e-9):.0f} words/s", refresh=False)
            bar.update(1)
    finally:
        bar.close()
    wall = time.perf_counter() - started
    return finish_run(task, items, data, out, settings, options, ref, wall, len(todo), left_out_of(all_items))


def select_split(items: list[Item], split: str, task: str) -> list[Item]:
    """The items of one part of the dataset; a ConfigError naming the parts it has otherwise."""
    parts = sorted({i.split for i in items if i.split})
    chosen = [i for i in items if i.split == split]
    if not chosen:
        have = f"its parts are {', '.join(parts)}" if parts else "it has no parts"
        raise ConfigError(f"--split {split}: no {task} item is in that part; {have}")
    return chosen


def dismiss_findings(prediction: Any, ignore: IgnoreList | None) -> Any:
    """The prediction without the findings ``ignore`` lists (counted there); the stored prediction is kept."""
    if not ignore or not isinstance(prediction, dict) or not isinstance(prediction.get("findings"), list):
        return prediction
    return {**prediction, "findings": ignore.keep_dicts(prediction["findings"])}


def _left_out_summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """How many records the loader left out, by reason, and the records themselves."""
    reasons: dict[str, int] = {}
    for record in records:
        reason = str(record.get("reason", "")).split(" (", 1)[0].split(":", 1)[0]
        reasons[reason] = reasons.get(reason, 0) + 1
    return {"n": len(records), "reasons": dict(sorted(reasons.items())), "items": records}


def run_mode(ref: PredictorRef, settings: Settings) -> str:
    """What produced the predictions, for reports: the engine (with or without LLM), a baseline, or a file."""
    name = predictor_name(ref)
    if name.endswith(":predict_from_file"):
        return "user generations file"
    if name.startswith("worldstate.bench.generation:"):
        return "non-neural baseline"
    if settings.llm_mode == "off":
        return "offline engine"
    from worldstate.detect.llm import llm_run_report

    report = llm_run_report(settings)
    return report["label"] if report else f"engine + LLM ({settings.llm_mode})"


def mean_metrics(runs: list[dict[str, float]]) -> dict[str, float]:
    """Metric-wise mean over several scorings (the draws of a random baseline)."""
    return {k: sum(r[k] for r in runs) / len(runs) for k in runs[0]} if runs else {}


def finish_run(
    task: Task,
    items: list[Item],
    data: Path,
    out: Path,
    settings: Settings,
    options: RunOptions,
    ref: PredictorRef,
    wall: float,
    ran: int,
    left_out: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Sort the predictions into dataset order, score them, and write metrics.json and report.md.

    ``left_out``: the records the loader left out (counted and listed with their reasons). The extra results
    from reference files beside the data (judge CSVs) never cost the run its own: a broken one is reported.
    """
    from worldstate.bench.published import anchors_for
    from worldstate.bench.report import write_run_report

    done = finished_records(out / PREDICTIONS)
    records = [done[i.id] for i in items if i.id in done]
    text = "".join(jsonio.dumps(r, digits=jsonio.PREDICTION_DIGITS) + "\n" for r in records)
    atomic_write_text(out / PREDICTIONS, text)
    preds = [dismiss_findings(r.get("prediction"), options.ignore) for r in records]
    scored = [i for i in items if i.id in done]
    metrics = task.score(scored, preds) if scored else {}
    metrics["failed"] = float(sum(1 for r in records if r.get("error")))
    timings = {str(t["id"]): float(t["seconds"]) for t in jsonio.read_lines_tolerant(out / TIMINGS) if "id" in t}
    item_seconds = sum(timings.get(i.id, 0.0) for i in scored)
    words = sum(i.words for i in scored)
    baselines = {
        name: mean_metrics([task.score(scored, d) for d in draws]) for name, draws in task.baselines(scored).items()
    }
    document = {
        "benchmark": task.name,
        "n": len(scored),
        "n_total": len(items),
        "metrics": metrics,
        "baselines": baselines,
        "seconds": item_seconds,
        "words": words,
        "words_per_second": words / item_seconds if item_seconds else 0.0,
        "run": {
            "wall_seconds_last_session": wall,
            "items_last_session": ran,
            "items_per_second_last_session": ran / wall if wall and ran else 0.0,
            "workers": options.workers,
            "executor": options.executor,
            "slowest_items": sorted(timings.items(), key=lambda kv: (-kv[1], kv[0]))[:5],
        },
        "config": {
            "predictor": predictor_name(ref),
            "mode": run_mode(ref, settings),
            "settings": settings.public(),
            "limit": options.limit,
            "split": options.split,
            **options.labels,
        },
        "published": anchors_for(task.name),
    }
    document["left_out"] = _left_out_summary(left_out or [])
    if options.ignore:
        document["dismissed"] = options.ignore.summary()
    if settings.llm_mode != "off" and not predictor_name(ref).startswith("worldstate.bench.generation:"):
        from worldstate.detect.llm import llm_run_report

        # this process's adjudicators: the items of this session (with --workers N, those of the workers are
        # not seen here and the counts stay 0)
        document["llm"] = llm_run_report(settings)
        from worldstate.bench.llm_review import review_summary

        reviewed = review_summary(task, scored, preds, metrics)
        if reviewed is not None:  # what the review of the unsure findings changed, with the metric without it
            document["llm_review"] = reviewed
    if options.predictor is None or predictor_name(ref) == task.predictor:
        from worldstate.bench.tune import parameters_in_use

        tuned = parameters_in_use(task.name, settings, data)
        if tuned is not None:  # the fitted parameters used: file, tuned or shipped, provenance, in-sample or not
            document["tuned"] = tuned
    if task.extras is not None:
        try:
            document["extras"] = task.extras(data)
        except WorldstateError as exc:  # a broken reference file beside the data: report it, keep the run
            document["extras"] = {}
            document["extras_errors"] = [str(exc)]
    atomic_write_text(out / METRICS, jsonio.dumps(document, indent=1) + "\n")
    write_run_report(out, document)
    return document


def task_context(task: Task, items: list[Item], settings: Settings) -> Any:
    """The per-run context a task's predictor needs (story-cloze: the tuned model's path), else None.
    A ConfigError when the task needs a tuned model and ``bench tune`` has not written one."""
    if task.name == "story-cloze":
        from worldstate.bench.tune import parameters_in_use

        used = parameters_in_use(task.name, settings)
        return {"model": used["file"] if used else ""}
    return None
