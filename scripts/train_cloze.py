"""Train the Story Cloze model, report k-fold accuracy, and evaluate the Chinese SenPos head.

    python scripts/train_cloze.py --data ../shared/data/story_cloze/cloze_test_val_spring2016.csv \
        --out ~/.cache/worldstate/models/cloze.npz [--cv 5] [--seed 0]
    python scripts/train_cloze.py --senpos ../shared/data/lot_outgen/outgen_val_dev.jsonl

The model file is written to ``--out`` (default: the settings' cache dir), never into the repository.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from worldstate.config import Settings
from worldstate.detect.cloze import (
    CROSS_EPOCHS,
    ClozeModel,
    choose_position,
    cross_validate,
    default_model_path,
    load_story_cloze_csv,
)
from worldstate.detect.cz_derive import senpos_items_from_jsonl
from worldstate.errors import WorldstateError


def _senpos(path: str, seed: int, settings: Settings) -> dict[str, object]:
    items = senpos_items_from_jsonl(path, seed=seed)
    correct = [choose_position(it.story, it.sentence, settings).choice == it.answer for it in items]
    chance = sum(1 / it.story.count("[MASK]") for it in items) / len(items)
    return {"senpos_items": len(items), "senpos_accuracy": sum(correct) / len(items), "senpos_chance": chance}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", help="Story Cloze CSV with AnswerRightEnding (the val split)")
    parser.add_argument("--out", help="where to write the model (.npz)")
    parser.add_argument("--cv", type=int, default=0, help="also report k-fold accuracy (k >= 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cross-epochs",
        type=int,
        default=CROSS_EPOCHS,
        help=f"epochs of cross-encoder fine-tuning (default {CROSS_EPOCHS}; 0 = features and style only)",
    )
    parser.add_argument("--senpos", help="OutGen-style JSONL: evaluate SenPos on items derived from it")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    report: dict[str, object] = {}
    try:
        if args.data:
            items = load_story_cloze_csv(args.data)
            start = time.perf_counter()
            if args.cv:
                report["cross_validation"] = cross_validate(
                    items, k=args.cv, seed=args.seed, settings=settings, cross_epochs=args.cross_epochs
                )
            model = ClozeModel(settings=settings, cross_epochs=args.cross_epochs).fit(items)
            out = model.save(args.out or default_model_path(settings))
            report.update({"items": len(items), "model": str(out), "seconds": round(time.perf_counter() - start, 1)})
        if args.senpos:
            report.update(_senpos(args.senpos, args.seed, settings))
        if not report:
            parser.error("give --data and/or --senpos")
    except WorldstateError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
