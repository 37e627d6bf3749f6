"""Recall and precision per ConStory subtype on errors planted by ``worldstate make-flawed --mode constory``.

Usage: python scripts/eval_constory_injection.py OUT_DIR [--json FILE]

Runs ``worldstate.detect.constory.constory_report`` on every injected story and on its original.
A reported error *hits* the planted one when its exact_quote lies on the planted sentence or on its
contradiction pair (character-span overlap in the injected story). Per subtype:
- recall: planted errors hit by a report in the planted subtype's column (``any column``: in any);
- precision: hits / reports in that column that are new, i.e. whose quote the original story's
  report did not already contain (the originals may hold real errors of their own, which are
  neither counted for nor against the detector).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.detect.answers import CONSTORY_COLUMNS
from worldstate.detect.constory.head import constory_report
from worldstate.state import Span


def _hits(story: str, quote: str, targets: list[Span]) -> bool:
    start = story.find(quote) if quote else -1
    if start < 0:
        return False
    span = Span(start, start + len(quote))
    return any(span.overlaps(t) for t in targets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    planted = [json.loads(x) for x in (args.out_dir / "constory_injected.jsonl").read_text("utf-8").splitlines()]
    originals = {
        r["id"]: r["story"]
        for r in map(json.loads, (args.out_dir / "constory_originals.jsonl").read_text("utf-8").splitlines())
    }
    settings = Settings.from_env()
    original_quotes: dict[str, set[str]] = {}
    recall, recall_any, new_reports, hits, n = Counter(), Counter(), Counter(), Counter(), Counter()
    for row in tqdm(planted, desc="constory_report", unit="story"):
        subtype, story = row["subtype"], row["story"]
        if row["source_id"] not in original_quotes:
            report = constory_report(analyze(originals[row["source_id"]], settings))
            original_quotes[row["source_id"]] = {o["exact_quote"] for objs in report.errors.values() for o in objs}
        targets = [Span(*row["quote_span"])] + ([Span(*row["pair_span"])] if row["pair_span"] else [])
        report = constory_report(analyze(story, settings))
        n[subtype] += 1
        found_any = found_same = False
        for column, objs in report.errors.items():
            for obj in objs:
                hit = _hits(story, obj["exact_quote"], targets)
                found_any |= hit
                if obj["exact_quote"] not in original_quotes[row["source_id"]]:
                    new_reports[column] += 1
                    hits[column] += hit and column == subtype
                found_same |= hit and column == subtype
        recall[subtype] += found_same
        recall_any[subtype] += found_any
    table = {}
    print(f"{'subtype':<48} {'n':>3} {'recall':>7} {'any col':>8} {'new rep':>8} {'precision':>9}")
    for subtype in CONSTORY_COLUMNS:
        total = n[subtype]
        precision = hits[subtype] / new_reports[subtype] if new_reports[subtype] else float("nan")
        table[subtype] = {
            "n": total,
            "recall": recall[subtype] / total if total else float("nan"),
            "recall_any_column": recall_any[subtype] / total if total else float("nan"),
            "new_reports": new_reports[subtype],
            "precision": precision,
        }
        print(
            f"{subtype:<48} {total:>3} {table[subtype]['recall']:>7.2f} {table[subtype]['recall_any_column']:>8.2f}"
            f" {new_reports[subtype]:>8} {precision:>9.2f}"
        )
    planted_n = sum(n.values())
    micro_p = sum(hits.values()) / sum(new_reports.values()) if sum(new_reports.values()) else float("nan")
    print(f"micro: {planted_n} planted, recall {sum(recall.values()) / planted_n:.3f}, precision {micro_p:.3f}")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2))


if __name__ == "__main__":
    main()
