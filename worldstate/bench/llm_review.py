"""What the LLM's review of the unsure findings changed in a benchmark run (``detect/review.py``).

Each prediction of a head that ran the review carries ``review``: how many unsure findings it asked about,
promoted and dropped, and the head's offline decision. Scoring the predictions with that offline decision in
place of the final one gives the metric without the LLM, from the same run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worldstate.bench.items import Item
    from worldstate.bench.tasks import Task


def offline_prediction(prediction: Any) -> Any:
    """The prediction with its offline decision (before the LLM) in place of the final one."""
    if not isinstance(prediction, dict) or not isinstance(prediction.get("review"), dict):
        return prediction
    return {**prediction, **prediction["review"]["offline"]}


def review_summary(task: Task, items: list[Item], preds: list[Any], metrics: dict[str, float]) -> dict[str, Any] | None:
    """Counts over the run (items reviewed, findings asked about, promoted, dropped, items whose decision
    changed) and the metrics with and without the LLM; None when no prediction carries a review."""
    reviews = [p["review"] for p in preds if isinstance(p, dict) and isinstance(p.get("review"), dict)]
    if not reviews:
        return None
    offline = [offline_prediction(p) for p in preds]
    changed = sum(1 for p, o in zip(preds, offline, strict=True) if p is not o and _decided(p) != _decided(o))
    return {
        "items_reviewed": len(reviews),
        "asked": sum(int(r.get("asked", 0)) for r in reviews),
        "promoted": sum(int(r.get("promoted", 0)) for r in reviews),
        "dropped": sum(int(r.get("dropped", 0)) for r in reviews),
        "items_changed": changed,
        "metrics_with_llm": {k: v for k, v in metrics.items() if k != "failed"},
        "metrics_without_llm": task.score(items, offline),
    }


def _decided(prediction: dict[str, Any]) -> dict[str, Any]:
    return {k: prediction.get(k) for k in prediction["review"]["offline"]}


def review_lines(summary: dict[str, Any] | None) -> list[str]:
    """The report's section on the review: the counts, then each metric with and without the LLM."""
    if not summary:
        return []
    lines = [
        "",
        "## What the LLM's review of the unsure findings changed",
        "",
        f"- {summary['items_reviewed']} item(s) reviewed, {summary['asked']} unsure finding(s) sent, "
        f"{summary['promoted']} promoted, {summary['dropped']} dropped; {summary['items_changed']} item(s) "
        "changed their answer",
        "",
        "| metric | without the LLM | with it |",
        "|---|---|---|",
    ]
    with_llm, without = summary["metrics_with_llm"], summary["metrics_without_llm"]
    lines += [f"| {k} | {without[k]:.4g} | {with_llm[k]:.4g} |" for k in sorted(with_llm) if k in without]
    return lines
