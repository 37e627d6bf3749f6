"""The continuity head's calibration: which timeline rules report, chosen on the tuning half of a made set.

``worldstate bench tune continuity --data DIR`` (DIR made by ``worldstate make-flawed ... --with-negatives
--judge none``) runs every timeline rule with a check on the TUNING half only (seed 0, split by story;
the held-out half is never read) and gives a rule weight 1 when its proofs there have precision of at
least 0.8 (a proof counts as right when one of its two sentences is a planted error's gold line, wrong
when it fires on an unmodified story or away from the gold lines) and at least one right proof, else
weight 0. The reasoner's rule weights, feature multipliers and threshold are kept from the calibration
in use. The result goes to ``<cache>/tuned/continuity/continuity_calibration.yaml`` with provenance; the
head reads it from there, else the shipped ``detect/data/continuity_calibration.yaml``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from worldstate.bench.tune.store import TuneOptions, command_line, file_in_use, provenance, write_provenance
from worldstate.config import Settings
from worldstate.detect.tuned import tuned_dir
from worldstate.files import atomic_write_text

TASK = "continuity"
MIN_PRECISION = 0.8
PART = "tune"


def made_set_file(data: Path) -> Path:
    """The unfiltered made set in ``data`` (a folder), or ``data`` itself when it is a .jsonl file."""
    return data / "flawed_unfiltered.jsonl" if data.is_dir() else data


def rule_counts(rows: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per timeline rule: proofs that hit a gold line (``right``) and the others (``wrong``)."""
    counts: dict[str, dict[str, int]] = defaultdict(lambda: {"right": 0, "wrong": 0})
    for row in rows:
        if row.get("timeline"):
            counts[row["rule"]]["right" if row["hit"] else "wrong"] += 1
    return dict(counts)


def choose_weights(counts: dict[str, dict[str, int]]) -> dict[str, float]:
    """Weight 1 for a rule with tune-half precision ≥ MIN_PRECISION and a right proof, else 0."""
    weights = {}
    for rule, c in sorted(counts.items()):
        total = c["right"] + c["wrong"]
        weights[rule] = 1.0 if c["right"] and c["right"] / total >= MIN_PRECISION else 0.0
    return weights


def tune_continuity(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Choose the timeline rules' weights on the tuning half of ``data``; write the calibration + provenance."""
    from worldstate.bench.dev.made_continuity import evaluate
    from worldstate.detect.continuity.reasoner import CALIBRATION, calibration

    settings = replace(settings, llm_mode="off")
    source = made_set_file(Path(data))
    dump = tuned_dir(settings, TASK) / "candidates.jsonl"
    dump.parent.mkdir(parents=True, exist_ok=True)
    cache = settings.cache_path / "made-set-worlds"
    progress: Any = iter
    if options.progress:
        from tqdm import tqdm

        def progress(rows: Any) -> Any:
            return tqdm(rows, desc="continuity tune", unit="story")

    result = evaluate(source, settings, part=PART, cache=cache, dump=dump, progress=progress)
    import json

    rows = [json.loads(line) for line in dump.read_text("utf-8").splitlines() if line.strip()]
    counts = rule_counts(rows)
    weights = choose_weights(counts)
    cal = calibration(settings)
    fitted = {
        "threshold": cal["threshold"],
        "rule_weights": {**{k: v for k, v in cal["rule_weights"].items() if not k.startswith("timeline.")}, **weights},
        "feature_multipliers": cal["feature_multipliers"],
    }
    path = tuned_dir(settings, TASK) / CALIBRATION
    score = {"tune_half_proofs": counts, "tune_half_before": result["metrics"]}
    prov = provenance(
        TASK,
        source,
        result["metrics"]["items"],
        score,
        "in-sample on the tuning half (seed 0, by story); the held-out half is not read",
        options.command or command_line(TASK, data),
        written=str(path),
        part=PART,
    )
    header = (
        "# Written by `worldstate bench tune continuity` (see worldstate/detect/data/continuity_calibration.yaml).\n"
    )
    atomic_write_text(path, header + yaml.safe_dump({**fitted, "provenance": prov}, sort_keys=False))
    write_provenance(settings, TASK, prov)
    return prov


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The continuity calibration ``bench run flawedfictions`` uses (tuned, else shipped) and its provenance,
    with the finding calibration that decides which findings flag a story."""
    from worldstate.bench.tune.calibration import parameters_in_use as findings_in_use
    from worldstate.detect.continuity.reasoner import calibration, calibration_path, shipped_calibration_path

    used = file_in_use(calibration_path(settings), shipped_calibration_path(), calibration(settings), data)
    return {**used, "finding_calibration": findings_in_use(settings, data)}  # which findings decide a story
