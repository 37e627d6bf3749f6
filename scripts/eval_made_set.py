"""Score the continuity detector on a set made by ``worldstate make-flawed``.

Usage: python scripts/eval_made_set.py OUT_DIR [--variant unfiltered|flawed] [--json FILE]

Reads OUT_DIR/flawed{,_unfiltered}.jsonl with the benchmark loader, runs
``detect_continuity`` on every story (positives and the original negatives), and prints
accuracy, precision, recall, F1, CEEval-Full / CEEval-Pos (the bench's official metric code) and
the recall per edit kind (from OUT_DIR/provenance.jsonl): detected = flagged as an error, and
localised = flagged with at least one gold line matched (the CEEval rule).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from tqdm import tqdm

from worldstate.analysis import analyze
from worldstate.bench.loaders import load_flawedfictions
from worldstate.bench.metrics.flawed import FlawedCase, ceeval, flawedfictions_metrics
from worldstate.config import Settings
from worldstate.detect.continuity.head import detect_continuity


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--variant", choices=["unfiltered", "flawed"], default="unfiltered")
    parser.add_argument("--json", type=Path, default=None, help="Also write the numbers here.")
    args = parser.parse_args()
    name = "flawed_unfiltered.jsonl" if args.variant == "unfiltered" else "flawed.jsonl"
    items = load_flawedfictions(args.out_dir / name)
    kinds = {}
    for line in (args.out_dir / "provenance.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line)
        kinds[row["example_id"]] = row["kind"]
    settings = Settings.from_env()
    cases: list[FlawedCase] = []
    per_kind: dict[str, list[tuple[bool, int]]] = defaultdict(list)
    for item in tqdm(items, desc="detect_continuity", unit="story"):
        answer = detect_continuity(analyze(item.inputs["story"], settings))
        case = FlawedCase(
            gold_error=bool(item.gold["has_error"]),
            gold_lines=tuple(item.gold["error_lines"] + item.gold["contradicted_lines"]),
            pred_error=answer.has_error,
            pred_lines=tuple(answer.error_lines + answer.contradicted_lines),
        )
        cases.append(case)
        if case.gold_error:
            per_kind[kinds.get(item.id, "?")].append((answer.has_error, ceeval(case)))
    metrics = flawedfictions_metrics(cases)
    positives = sum(c.gold_error for c in cases)
    print(
        f"{args.variant}: {len(cases)} stories ({positives} with a planted error, {len(cases) - positives} originals)"
    )
    for key, value in metrics.items():
        print(f"  {key:>14}: {value:.3f}")
    print("  recall per edit kind (detected / localised of n):")
    table = {}
    for kind, rows in sorted(per_kind.items()):
        detected = sum(d for d, _ in rows)
        localised = sum(c for _, c in rows)
        table[kind] = {"n": len(rows), "detected": detected / len(rows), "localised": localised / len(rows)}
        print(f"    {kind:>10}: {detected}/{len(rows)} detected, {localised}/{len(rows)} localised")
    if args.json:
        args.json.write_text(json.dumps({"variant": args.variant, "metrics": metrics, "per_kind": table}, indent=2))


if __name__ == "__main__":
    main()
