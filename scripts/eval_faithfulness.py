"""StorySumm development check of the faithfulness head: in-sample and leave-one-out balanced accuracy.

    python scripts/eval_faithfulness.py [--data ../shared/data/storysumm]

The head has one tuned number, the sentence-risk threshold in ``detect/data/text/faithfulness.json``,
chosen on the same val split it is scored on. Leave-one-out shows what that costs: each summary is
judged with the threshold chosen (midway between adjacent worst-risk values, where balanced accuracy
peaks; ties: the middle one) on the other summaries only. Gold labels are read for scoring only.
"""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

from worldstate.analysis import analyze
from worldstate.bench.loaders import load_storysumm
from worldstate.bench.metrics.classify import balanced_accuracy
from worldstate.config import Settings
from worldstate.detect.faithfulness.head import judge_summary, parameters

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "storysumm"


def best_threshold(worst: list[float], gold: list[int]) -> float:
    """The threshold (midway between adjacent worst-risk values) with the highest balanced accuracy."""
    values = sorted(set(worst))
    candidates = [values[0] - 1e-6, *((a + b) / 2 for a, b in itertools.pairwise(values)), values[-1] + 1e-6]
    scores = [balanced_accuracy(gold, [int(w <= t) for w in worst]) for t in candidates]
    best = [t for t, s in zip(candidates, scores, strict=True) if s == max(scores)]
    return best[len(best) // 2]  # ties: the middle of the best candidates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    items = load_storysumm(Path(args.data))
    threshold = float(parameters()["threshold"])
    worst, gold = [], []
    for item in items:
        answer = judge_summary(
            analyze(item.inputs["story"], settings),
            analyze("\n\n".join(item.inputs["summary"]), settings, layers="parse"),
        )
        worst.append(threshold - answer.score)  # the summary's highest sentence risk
        gold.append(int(item.gold["label"]))  # 1 = faithful
    in_sample = balanced_accuracy(gold, [int(w <= threshold) for w in worst])
    loo = []
    for i in range(len(items)):
        rest = [j for j in range(len(items)) if j != i]
        t = best_threshold([worst[j] for j in rest], [gold[j] for j in rest])
        loo.append(int(worst[i] <= t))
    report = {
        "summaries": len(items),
        "configured_threshold": threshold,
        "in_sample_balanced_accuracy": round(in_sample, 4),
        "leave_one_out_balanced_accuracy": round(balanced_accuracy(gold, loo), 4),
        "threshold_chosen_on_all": round(best_threshold(worst, gold), 4),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
