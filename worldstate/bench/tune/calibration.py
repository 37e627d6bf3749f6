"""Calibrated findings: fit each finding kind's probability and the threshold ``check`` shows findings from.

``worldstate bench tune calibration --data planted.jsonl`` runs every story-only head (continuity, knowledge,
constory; LLM off) on the stories of ``--data`` (FlawedFictions layout: one planted contradiction each, and
the unedited originals) and on clean published text (the ``bench timeline-alarms`` texts: LitBank openings
and Gutenberg tales). It counts per finding kind the right findings (on a planted story, one of its
sentences matches the planted edit's gold lines) and the wrong ones (any other), gives each kind the
probability (right + 1) / (right + wrong + 2), and picks the threshold: the lowest probability above the prior
0.5 at which the findings at or above it have precision >= 0.8 on this data (1.0, nothing shown by default,
when none does).
Its score is counted twice: in-sample, and held out (each planted/original pair and each fifth of the clean
texts scored by a calibration fitted without them), the estimate of what ``check`` shows on unseen text.
The result goes to ``<cache>/tuned/calibration/finding_calibration.yaml`` with provenance; ``check`` and
the heads read it from there, else the shipped ``detect/data/finding_calibration.yaml``.
"""

from __future__ import annotations

import shlex
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from worldstate.bench.calibration_data import TuningText, clean_tuning_texts, planted_texts
from worldstate.bench.tune.store import TuneOptions, command_line, file_in_use, provenance, write_provenance
from worldstate.config import Settings
from worldstate.detect.calibration import (
    CALIBRATION,
    PRIOR,
    TUNE_TASK,
    Calibration,
    KindCalibration,
    calibration_path,
    load_calibration,
    shipped_calibration_path,
    smoothed_precision,
)
from worldstate.detect.tuned import tuned_dir
from worldstate.files import atomic_write_text

MIN_PRECISION = 0.8
NOTHING_SHOWN = 1.0  # a threshold no smoothed precision reaches


def kind_counts(texts: Iterable[TuningText]) -> dict[str, KindCalibration]:
    """Per finding kind: right and wrong findings over ``texts`` and the smoothed probability."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for text in texts:
        for finding, right in text.labelled():
            counts[finding.kind][0 if right else 1] += 1
    return {k: KindCalibration(r, w, smoothed_precision(r, w)) for k, (r, w) in sorted(counts.items())}


def precision_at(kinds: dict[str, KindCalibration], threshold: float) -> tuple[float, int, int]:
    """(precision, right, found) of the findings whose kind's probability is at least ``threshold``."""
    chosen = [c for c in kinds.values() if c.probability >= threshold]
    right = sum(c.right for c in chosen)
    found = right + sum(c.wrong for c in chosen)
    return (right / found if found else 0.0), right, found


def choose_threshold(kinds: dict[str, KindCalibration], min_precision: float = MIN_PRECISION) -> float:
    """The lowest kind probability above the prior at which the findings at or above it have precision >=
    ``min_precision`` (and at least one right finding); :data:`NOTHING_SHOWN` when no probability does.

    Only probabilities above the prior are candidates: a threshold at or below it would show every kind never
    seen on the tuning data, and kinds with more wrong findings than right ones carried by the others' right
    ones (9 right of 11 with a kind of 0 right and 1 wrong is still precision 0.82)."""
    candidates = sorted({c.probability for c in kinds.values() if c.probability > PRIOR})
    for threshold in candidates:
        precision, right, _ = precision_at(kinds, threshold)
        if right and precision >= min_precision:
            return threshold
    return NOTHING_SHOWN


def fit(texts: Sequence[TuningText]) -> Calibration:
    """The calibration for ``texts``: per-kind probabilities and the threshold (no provenance)."""
    kinds = kind_counts(texts)
    return Calibration(choose_threshold(kinds), kinds)


def summary(texts: Sequence[TuningText], cal: Calibration) -> dict[str, Any]:
    """What the tuning data holds and what the calibration shows on it (in-sample): findings per group,
    shown by default, and the clean text's findings per 10,000 words before and after; then the same counted
    held out (:func:`held_out`)."""
    out: dict[str, Any] = {}
    for group in ("planted", "original", "clean"):
        chosen = [t for t in texts if t.group == group]
        labelled = [(f, right) for t in chosen for f, right in t.labelled()]
        shown = [(f, right) for f, right in labelled if cal.on_by_default(f.kind)]
        row: dict[str, Any] = {
            "texts": len(chosen),
            "words": sum(t.words for t in chosen),
            "findings": len(labelled),
            "right": sum(r for _, r in labelled),
            "shown_by_default": len(shown),
            "shown_right": sum(r for _, r in shown),
        }
        if group == "clean" and row["words"]:
            row["per_10k_words_all"] = round(len(labelled) * 10000 / row["words"], 3)
            row["per_10k_words_shown"] = round(len(shown) * 10000 / row["words"], 3)
        out[group] = row
    precision, right, found = precision_at(cal.kinds, cal.threshold)
    out["shown"] = {"right": right, "found": found, "precision": round(precision, 4)}
    out["held_out"] = held_out(texts)
    return out


PAIR_SUFFIXES = ("_err", "_clean")  # FlawedFictions-layout ids: "Q_01_err" (planted) and "Q_01_clean" (original)
CLEAN_FOLDS = 5


def fold_of(text: TuningText, index: int, clean_folds: int = CLEAN_FOLDS) -> str:
    """The held-out group a text belongs to: a planted story with its original (one id stem), a clean text
    by its place in the list (``clean_folds`` folds)."""
    if text.group == "clean":
        return f"clean/{index % clean_folds}"
    stem, _, suffix = text.id.rpartition("_")
    return stem if stem and f"_{suffix}" in PAIR_SUFFIXES else text.id


def held_out(texts: Sequence[TuningText], clean_folds: int = CLEAN_FOLDS) -> dict[str, Any]:
    """Each text scored by a calibration fitted without it (its planted/original pair, or its clean fold, left
    out): what ``check`` would show on text the fit did not see. A kind with one right finding falls to the
    prior when its one story is left out, so this is the honest estimate beside the in-sample ``summary``."""
    groups: dict[str, list[TuningText]] = defaultdict(list)
    for index, text in enumerate(texts):
        groups[fold_of(text, index, clean_folds)].append(text)
    shown: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # group: [shown right, shown wrong]
    found_stories = 0
    clean_shown: list[str] = []
    for chosen in groups.values():
        left = {id(t) for t in chosen}
        cal = fit([t for t in texts if id(t) not in left])
        for text in chosen:
            rights = [right for finding, right in text.labelled() if cal.on_by_default(finding.kind)]
            shown[text.group][0] += sum(rights)
            shown[text.group][1] += len(rights) - sum(rights)
            found_stories += text.group == "planted" and any(rights)
            if text.group == "clean":
                clean_shown += [f"{text.id}: {f.kind}" for f in text.findings if cal.on_by_default(f.kind)]
    clean_words = sum(t.words for t in texts if t.group == "clean")
    right, wrong = shown["planted"]
    return {
        "evaluation": f"held out: each planted/original pair and each of {clean_folds} clean folds scored by a "
        "calibration fitted without it",
        "planted": {
            "stories": sum(t.group == "planted" for t in texts),
            "found": found_stories,
            "shown_right": right,
            "shown_wrong": wrong,
        },
        "original": {"shown": sum(shown["original"])},
        "clean": {
            "shown": len(clean_shown),
            "per_10k_words_shown": round(len(clean_shown) * 10000 / clean_words, 3) if clean_words else 0.0,
            "findings": clean_shown,
        },
    }


def write_calibration(path: Path, cal: Calibration) -> None:
    header = (
        "# Written by `worldstate bench tune calibration` (see worldstate/detect/calibration.py): per finding kind its\n"
        "# right and wrong findings on the tuning data and probability (right + 1) / (found + 2); a kind below the\n"
        "# threshold is off by default (its findings are unsure, shown by `check --all`).\n"
    )
    atomic_write_text(path, header + yaml.safe_dump(cal.to_dict(), sort_keys=False, width=110))


def tune_calibration(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Run the heads on ``data`` and the clean texts, fit the calibration, write it with its provenance."""
    started = time.perf_counter()
    cache = settings.cache_path / "calibration"
    progress: Any = iter
    if options.progress:
        from tqdm import tqdm

        def progress(rows: Any) -> Any:
            return tqdm(rows, desc="calibration", unit="text")

    litbank = Path(options.litbank) if options.litbank else None
    gutenberg = Path(options.gutenberg) if options.gutenberg else None
    texts = [*planted_texts(Path(data), settings, cache, progress)]
    texts += clean_tuning_texts(litbank, gutenberg, cache, progress)
    cal = fit(texts)
    path = tuned_dir(settings, TUNE_TASK) / CALIBRATION
    right = sum(c.right for c in cal.kinds.values())
    flags = ["--litbank", shlex.quote(options.litbank), "--gutenberg", shlex.quote(options.gutenberg)]
    cal.provenance = provenance(
        TUNE_TASK,
        Path(data),
        len(texts),
        summary(texts, cal),
        f"in-sample: counted on the tuning data itself ({right} right findings in all; too few for a per-finding "
        "fit on the heads' confidences, so one probability per kind)",
        options.command or command_line(TUNE_TASK, Path(data), *flags),
        written=str(path),
        clean_texts={"litbank": str(litbank or ""), "gutenberg": str(gutenberg or "")},
        min_precision=MIN_PRECISION,
        seconds=round(time.perf_counter() - started, 1),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    write_calibration(path, cal)
    write_provenance(settings, TUNE_TASK, cal.provenance)
    return cal.provenance


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The finding calibration in use (tuned, else shipped) and its provenance."""
    cal = load_calibration(settings)
    return file_in_use(calibration_path(settings), shipped_calibration_path(), cal.to_dict(), data)
