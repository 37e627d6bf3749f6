"""Evaluate the continuity head on a FlawedFictions-format set (development data only).

Splits the items by story into a tuning half and a held-out half (seeded), runs the head on the
chosen part and prints accuracy, precision, recall, F1, CEEval-Full/Pos and the false-alarm rate on
clean stories. ``--cache-dir`` keeps each story's world state as JSON so repeated runs skip the
extractor (keep it outside the repository, e.g. /tmp). ``--dump`` writes every reasoner candidate
with its features and whether it hits a gold line, for tuning ``continuity_calibration.yaml``.

Example::

    worldstate make-flawed ../shared/data/corpora --out /tmp/ffdev --seed 0 --limit 120 \\
        --with-negatives --judge none
    python scripts/eval_continuity.py /tmp/ffdev/flawed_unfiltered.jsonl --part heldout --cache-dir /tmp/ffcache
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

from worldstate.analysis import World, analyze
from worldstate.bench.metrics.flawed import FlawedCase, flawedfictions_metrics
from worldstate.bench.metrics.textmatch import any_match, split_gold_lines
from worldstate.config import Settings
from worldstate.detect.continuity.head import detect_continuity, find_conflicts
from worldstate.detect.continuity.lexicon import sentence_of
from worldstate.detect.continuity.reasoner import reasoner_candidates
from worldstate.detect.storyview import StoryView
from worldstate.state.serialize import from_json, to_json

_VARIANT = re.compile(r"-(original|[a-z]+-\d+)$")


def story_key(example_id: str) -> str:
    """The source story of an item: its id without the ``-original`` / ``-<kind>-<n>`` suffix."""
    return _VARIANT.sub("", example_id)


def split(rows: list[dict[str, Any]], seed: int) -> dict[str, list[dict[str, Any]]]:
    """Tuning and held-out halves, by story (every variant of a story lands in the same half)."""
    keys = sorted({story_key(r["example_id"]) for r in rows})
    random.Random(seed).shuffle(keys)
    tune = set(keys[: len(keys) // 2])
    return {
        "tune": [r for r in rows if story_key(r["example_id"]) in tune],
        "heldout": [r for r in rows if story_key(r["example_id"]) not in tune],
        "all": rows,
    }


def analysed(row: dict[str, Any], settings: Settings, cache: Path | None) -> World:
    """The item's analysed story; its world state from the cache when there."""
    path = cache / f"{row['example_id']}.json" if cache else None
    if path and path.exists():
        return World.of_state(from_json(path.read_text("utf-8")), settings)
    world = analyze(row["story"], settings)
    if path:
        path.write_text(to_json(world.state, indent=None), "utf-8")
    return world


def gold(row: dict[str, Any]) -> tuple[bool, list[str]]:
    label = float(row.get("cont_error") or 0) >= 0.5
    return label, split_gold_lines(row.get("cont_error_lines")) + split_gold_lines(row.get("contradicted_lines"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="FlawedFictions-format .jsonl")
    parser.add_argument("--part", choices=["tune", "heldout", "all"], default="heldout")
    parser.add_argument("--seed", type=int, default=0, help="seed of the story split")
    parser.add_argument("--cache-dir", type=Path, help="folder for cached world states (outside the repo)")
    parser.add_argument("--dump", type=Path, help="write the reasoner candidates of every item here (jsonl)")
    parser.add_argument("--balanced", action="store_true", help="keep only stories that have a flawed variant")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    settings = Settings.from_env()
    rows = [json.loads(line) for line in args.data.read_text("utf-8").splitlines() if line.strip()]
    rows = split(rows, args.seed)[args.part]
    if args.balanced:
        flawed = {story_key(r["example_id"]) for r in rows if gold(r)[0]}
        rows = [r for r in rows if story_key(r["example_id"]) in flawed]
    if args.cache_dir:
        args.cache_dir.mkdir(parents=True, exist_ok=True)
    cases, dump = [], []
    for row in rows:
        label, lines = gold(row)
        world = analysed(row, settings, args.cache_dir)
        ws = world.state
        answer = detect_continuity(world)
        cases.append(
            FlawedCase(label, tuple(lines), answer.has_error, (*answer.error_lines, *answer.contradicted_lines))
        )
        if args.dump:
            view = StoryView(world)
            for conflict in find_conflicts(view):
                pair = [view.sentences[sentence_of(conflict, role)] for role in ("error", "contradicted")]
                dump.append(
                    {
                        "id": row["example_id"],
                        "gold": label,
                        "hit": label and any_match(pair, lines),
                        "rule": conflict.rule,
                        "confidence": conflict.confidence,
                    }
                )
            for cand in reasoner_candidates(world.reasoning, ws):
                pair = [ws.story.span_text(ws.story.sentences[i].span) for i in (cand.error, cand.contradicted)]
                hit = label and any_match(pair, lines)
                dump.append(
                    {
                        "id": row["example_id"],
                        "gold": label,
                        "hit": hit,
                        "rule": cand.conflict.rule,
                        "confidence": cand.conflict.confidence,
                        "score": cand.score,
                        **cand.features,
                    }
                )
    metrics = flawedfictions_metrics(cases)
    clean = [c for c in cases if not c.gold_error]
    metrics["false_alarm_rate"] = sum(c.pred_error for c in clean) / len(clean) if clean else 0.0
    metrics["items"] = len(cases)
    metrics["with_error"] = sum(c.gold_error for c in cases)
    print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in metrics.items()}))
    if args.dump:
        args.dump.write_text("".join(json.dumps(d) + "\n" for d in dump), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
