"""Development-set accuracy of the knowledge heads (Act-on-Known KNP and IKD).

    python scripts/eval_knowledge.py knp          # accuracy of choose_next_action's scorer, as configured
    python scripts/eval_knowledge.py ikd          # IKD Pos/Neg/Full Cls and Loc via detect_implausible_knowledge

Refitting the KNP weights (with nested 5x5-fold cross-validation) is its own step:
``worldstate bench tune knp --data ../shared/data/act_on_known`` (written to the cache dir with provenance,
then used over the shipped weights). Data: ../shared/data/act_on_known (or --data). Gold fields are read
here for scoring only.
"""

from __future__ import annotations

import argparse
import glob
import json
from pathlib import Path

import numpy as np

from worldstate.analysis import analyze
from worldstate.bench.tune.knowledge import configured_score, prepare_knp, word_iou
from worldstate.config import Settings
from worldstate.detect.knowledge.implausible import detect_implausible_knowledge
from worldstate.detect.knowledge.next_action import config_path

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "act_on_known"


def run_knp(data: Path, settings: Settings) -> None:
    items = prepare_knp(data, settings, progress=False)
    score = configured_score(items, settings)
    print(
        f"KNP n={len(items)} accuracy {score['accuracy']:.3f}; hidden-sentence top-1 {score['ranker_top1']:.3f} "
        f"(weights: {config_path(settings)})"
    )


def run_ikd(data: Path, settings: Settings) -> None:
    pos, neg_cls, neg_loc = [], [], []
    for path in sorted(glob.glob(str(data / "IKD" / "original" / "story_*.json"))):
        item = json.loads(Path(path).read_text(encoding="utf-8"))
        pos.append(not detect_implausible_knowledge(analyze(item["story"], settings)).has_error)
    for path in sorted(glob.glob(str(data / "IKD" / "errors" / "erroneous_story_*.json"))):
        item = json.loads(Path(path).read_text(encoding="utf-8"))
        answer = detect_implausible_knowledge(analyze(item["story"], settings))
        neg_cls.append(answer.has_error)
        neg_loc.append(word_iou(item["error"], answer.error_sentence) if answer.has_error else 0.0)
    pc, nc, nl = np.mean(pos), np.mean(neg_cls), np.mean(neg_loc)
    print(
        f"IKD n={len(pos)}+{len(neg_cls)} PosCls {pc:.3f} NegCls {nc:.3f} FullCls {(pc + nc) / 2:.3f} "
        f"NegLoc {nl:.3f} FullLoc {(pc + nl) / 2:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("task", choices=["knp", "ikd"])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    settings = Settings.from_env()
    if args.task == "knp":
        run_knp(args.data, settings)
    else:
        run_ikd(args.data, settings)


if __name__ == "__main__":
    main()
