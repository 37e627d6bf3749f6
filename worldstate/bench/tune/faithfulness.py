"""StorySumm: fit the faithfulness head's sentence-risk threshold (``detect/data/text/faithfulness.json``).

Each summary's worst sentence risk is computed once (offline head, no LLM); the threshold is chosen midway
between adjacent worst-risk values where balanced accuracy (positive = faithful) peaks, ties taking the
middle candidate. The score is reported in-sample (the threshold fitted on all summaries, scored on them)
and leave-one-out (each summary judged with the threshold fitted on the others), which shows what choosing
the threshold on the scored data is worth. Gold labels are read for fitting and scoring only.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path
from typing import Any

from worldstate.bench import jsonio
from worldstate.bench.metrics.classify import balanced_accuracy
from worldstate.bench.tune.store import TuneOptions, command_line, file_in_use, provenance, write_provenance
from worldstate.config import Settings
from worldstate.detect.tuned import tuned_dir
from worldstate.files import atomic_write_text

TASK = "storysumm"


def best_threshold(worst: list[float], gold: list[int]) -> float:
    """The threshold (midway between adjacent worst-risk values) with the highest balanced accuracy."""
    values = sorted(set(worst))
    candidates = [values[0] - 1e-6, *((a + b) / 2 for a, b in itertools.pairwise(values)), values[-1] + 1e-6]
    scores = [balanced_accuracy(gold, [int(w <= t) for w in worst]) for t in candidates]
    best = [t for t, s in zip(candidates, scores, strict=True) if s == max(scores)]
    return best[len(best) // 2]  # ties: the middle of the best candidates


def leave_one_out(worst: list[float], gold: list[int]) -> float:
    """Balanced accuracy when each summary is judged with the threshold fitted on all the others."""
    pred = []
    for i in range(len(worst)):
        rest = [j for j in range(len(worst)) if j != i]
        pred.append(int(worst[i] <= best_threshold([worst[j] for j in rest], [gold[j] for j in rest])))
    return balanced_accuracy(gold, pred)


def worst_risks(data: Path, settings: Settings, progress: bool = True) -> tuple[list[float], list[int], dict[str, Any]]:
    """Each summary's highest sentence risk (offline head), the gold labels (1 = faithful), and the parameters
    the risks were computed with."""
    from tqdm import tqdm

    from worldstate.analysis import analyze
    from worldstate.bench.loaders import load_storysumm
    from worldstate.detect.faithfulness.head import judge_summary, parameters

    settings = replace(settings, llm_mode="off")  # the offline head is what the threshold belongs to
    params = parameters(settings)
    threshold = float(params["threshold"])
    worst, gold = [], []
    for item in tqdm(load_storysumm(Path(data)), unit="summary", disable=not progress, dynamic_ncols=True):
        answer = judge_summary(
            analyze(item.inputs["story"], settings),
            analyze("\n\n".join(item.inputs["summary"]), settings, layers="parse"),
        )
        worst.append(threshold - answer.score)
        gold.append(int(item.gold["label"]))
    return worst, gold, params


def tune_storysumm(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Fit the threshold on all of ``data``; write ``<cache>/tuned/storysumm/faithfulness.json`` + provenance."""
    from worldstate.detect.faithfulness.head import PARAMETERS

    worst, gold, params = worst_risks(data, settings, options.progress)
    previous = float(params["threshold"])
    threshold = best_threshold(worst, gold)
    score = {
        "in_sample_balanced_accuracy": balanced_accuracy(gold, [int(w <= threshold) for w in worst]),
        "leave_one_out_balanced_accuracy": leave_one_out(worst, gold),
        "previous_threshold": previous,
        "previous_threshold_balanced_accuracy": balanced_accuracy(gold, [int(w <= previous) for w in worst]),
    }
    path = tuned_dir(settings, TASK) / PARAMETERS
    prov = provenance(
        TASK,
        data,
        len(gold),
        score,
        "in-sample and leave-one-out",
        options.command or command_line(TASK, data),
        parameters={"threshold": threshold},
        written=str(path),
    )
    fitted = {k: v for k, v in params.items() if k not in {"provenance", "_comment"}}
    fitted.update(threshold=round(threshold, 6), provenance=prov)
    fitted["_comment"] = "Written by `worldstate bench tune storysumm`: the threshold is fitted; weights as shipped."
    atomic_write_text(path, jsonio.dumps(fitted, indent=1) + "\n")
    write_provenance(settings, TASK, prov)
    return prov


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The faithfulness parameter file ``bench run storysumm`` uses (tuned, else shipped) and its provenance."""
    from worldstate.detect.faithfulness.head import parameters, parameters_path, shipped_parameters_path

    return file_in_use(parameters_path(settings), shipped_parameters_path(), parameters(settings), data)
