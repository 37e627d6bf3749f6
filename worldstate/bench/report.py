"""Markdown reports: one per run (``report.md``) and one table across runs (``worldstate bench report``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worldstate.bench.llm_review import review_lines
from worldstate.bench.published import anchor_list, anchor_source
from worldstate.errors import InputError
from worldstate.files import atomic_write_text

# The headline metrics shown in the cross-run table, per benchmark.
HEADLINE: dict[str, tuple[str, ...]] = {
    "flawedfictions": ("accuracy", "f1", "ceeval_full", "ceeval_pos"),
    "ikd": ("full_cls", "neg_loc", "full_loc"),
    "knp": ("accuracy",),
    "storysumm": ("balanced_accuracy", "cohen_kappa", "easy_caught", "hard_caught"),
    "constory": ("ced", "errors_per_story", "quotes_verbatim"),
    "story-cloze": ("accuracy",),
    "lot-clozet": ("accuracy",),
    "lot-senpos": ("accuracy",),
    "lot-plotcom": ("bleu_1", "bleu_2", "distinct_2"),
    "lot-outgen": ("bleu_1", "distinct_2", "coverage", "order"),
    "state-questions": ("accuracy", *(f"accuracy_{k}" for k in ("location", "holds", "alive", "knows", "relation"))),
}


def fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def load_run(directory: Path) -> dict[str, Any]:
    """The metrics.json of a finished run directory."""
    path = directory / "metrics.json"
    if not path.is_file():
        raise InputError(str(directory), "no metrics.json here (not a finished run directory)")
    try:
        return json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"invalid JSON ({exc.msg})", exc.lineno) from None


def _left_out_lines(records: list[dict[str, Any]], most: int = 50) -> list[str]:
    lines = []
    for r in records[:most]:
        where = f"{r.get('file', '')}:{r['line']}" if r.get("line") is not None else str(r.get("file", ""))
        lines.append(f"- `{r.get('id', '')}` ({where}): {r.get('reason', '')}")
    if len(records) > most:
        lines.append(f"- … and {len(records) - most} more (see metrics.json)")
    return lines


def render_run(doc: dict[str, Any]) -> str:
    """report.md of one run: our metrics, trivial baselines, published anchors, config and time."""
    name, metrics = doc["benchmark"], doc["metrics"]
    lines = [f"# {_titled(doc)}: {doc['n']} of {doc.get('n_total', doc['n'])} items", ""]
    baselines = doc.get("baselines", {})
    cols = ["metric", "ours", *baselines]
    lines += ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for key in sorted(metrics):
        row = [key, fmt(metrics[key]), *(fmt(b.get(key, "")) for b in baselines.values())]
        lines.append("| " + " | ".join(row) + " |")
    anchors = anchor_list(name)
    lines += ["", f"## Published ({anchor_source(name)})", ""]
    if anchors:
        lines += ["| metric | system | value | source |", "|---|---|---|---|"]
        lines += [f"| {a['metric']} | {a['system']} | {fmt(float(a['value']))} | {a['table']} |" for a in anchors]
    else:
        lines.append("No published anchor.")
    for name_, extra in sorted(doc.get("extras", {}).items()):
        lines += ["", f"## {name_} (n = {extra['n']})", "", "| metric | value |", "|---|---|"]
        lines += [f"| {k} | {fmt(v)} |" for k, v in sorted(extra["metrics"].items())]
        if extra.get("left_out"):
            lines += ["", f"Left out of {name_}: {len(extra['left_out'])} row(s)", ""]
            lines += _left_out_lines(extra["left_out"])
    for error in doc.get("extras_errors", []):
        lines += ["", f"Reference results not computed (the run's own results are above): {error}"]
    left_out = doc.get("left_out") or {}
    if left_out.get("n"):
        reasons = ", ".join(f"{n} {reason}" for reason, n in left_out.get("reasons", {}).items())
        lines += ["", f"## Left out by the loader: {left_out['n']} item(s) ({reasons})", ""]
        lines += _left_out_lines(left_out.get("items", []))
    lines += tuned_lines(doc.get("tuned"))
    lines += review_lines(doc.get("llm_review"))
    run, config = doc.get("run", {}), doc.get("config", {})
    lines += [
        "",
        "## Run",
        "",
        f"- configuration: {config.get('mode')}, predictor `{config.get('predictor')}`",
        f"- time: {fmt(doc['seconds'])} s of item time for {doc['words']} words ({fmt(doc['words_per_second'])} words/s)",
        f"- last session: {run.get('items_last_session')} items in {fmt(run.get('wall_seconds_last_session', 0.0))} s "
        f"with {run.get('workers')} worker(s), executor {run.get('executor')}",
        f"- failed items: {int(metrics.get('failed', 0))}",
        f"- left out by the loader: {int((doc.get('left_out') or {}).get('n', 0))}",
        "- slowest items: " + ", ".join(f"{i} ({fmt(s)} s)" for i, s in run.get("slowest_items", [])),
    ]
    if doc.get("llm"):
        from worldstate.detect.llm import llm_report_line

        lines.append(f"- LLM use (last session): {llm_report_line(doc['llm'])}")
    if doc.get("dismissed"):
        dismissed = doc["dismissed"]
        lines.append(f"- findings dismissed as intentional: {dismissed['n']} (listed in `{dismissed['file']}`)")
    return "\n".join(lines) + "\n"


IN_SAMPLE = "scored on the file it was tuned on: in-sample"


def tuned_lines(tuned: dict[str, Any] | None) -> list[str]:
    """The report's section on the fitted parameters used (and a warning when the run is in-sample)."""
    if not tuned:
        return []
    prov = tuned.get("provenance") or {}
    lines = ["", "## Fitted parameters", ""]
    if tuned.get("in_sample"):
        lines += [f"**Warning: {IN_SAMPLE}.**", ""]
    score = ", ".join(f"{k} {fmt(v)}" for k, v in sorted((prov.get("score") or {}).items()) if not isinstance(v, list))
    lines += [
        f"- file ({tuned.get('source')}): `{tuned.get('file')}`",
        f"- fitted on: `{prov.get('data', '?')}` (sha256 {str(prov.get('data_sha256', '?'))[:12]}, "
        f"{prov.get('items', '?')} items) on {prov.get('date', '?')}",
        f"- score when fitted: {score or '–'} ({prov.get('evaluation', '?')})",
        f"- command: `{prov.get('command', '?')}`",
    ]
    findings = tuned.get("finding_calibration")
    if findings:  # which findings decide an answer (``bench tune calibration``)
        fprov = findings.get("provenance") or {}
        warn = f" **Warning: {IN_SAMPLE}.**" if findings.get("in_sample") else ""
        lines.append(
            f"- finding calibration ({findings.get('source')}): `{findings.get('file')}`, fitted on "
            f"`{fprov.get('data', '?')}` by `{fprov.get('command', '?')}`.{warn}"
        )
    return lines


def write_run_report(out: Path, doc: dict[str, Any]) -> None:
    atomic_write_text(out / "report.md", render_run(doc))


def _titled(doc: dict[str, Any]) -> str:
    """The benchmark's name, with the part of the dataset the run took (``--split``) when it took one."""
    split = (doc.get("config") or {}).get("split")
    return f"{doc['benchmark']} ({split})" if split else str(doc["benchmark"])


def render_table(docs: list[dict[str, Any]]) -> str:
    """One markdown table across runs: ours, best trivial baseline, and the published anchors per metric."""
    header = "| benchmark | n | metric | ours | random | one-class | published (system) | seconds | words/s | mode |"
    lines = [header, "|---|---|---|---|---|---|---|---|---|---|"]
    for doc in docs:
        name, metrics, base = doc["benchmark"], doc["metrics"], doc.get("baselines", {})
        shown = _titled(doc)
        one_class = [b for k, b in base.items() if k != "random"]
        for metric in HEADLINE.get(name, tuple(sorted(metrics))):
            if metric not in metrics:
                continue
            anchors = [a for a in anchor_list(name) if a["metric"] == metric]
            published = "; ".join(f"{fmt(float(a['value']))} ({a['system']})" for a in anchors) or "–"
            best_one = max((b.get(metric, 0.0) for b in one_class), default=None)
            lines.append(
                f"| {shown} | {doc['n']} | {metric} | {fmt(metrics[metric])} | {fmt(base.get('random', {}).get(metric, '–'))} "
                f"| {fmt(best_one) if best_one is not None else '–'} | {published} | {fmt(doc['seconds'])} "
                f"| {fmt(doc['words_per_second'])} | {doc.get('config', {}).get('mode', '')} |"
            )
    return "\n".join(lines) + "\n"
