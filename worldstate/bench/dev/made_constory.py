"""Recall and precision per ConStory subtype on errors planted by ``worldstate make-flawed --mode constory``.

The ConStory head runs on every injected story and on its original. A reported error *hits* the planted one
when its exact_quote lies on the planted sentence or on its contradiction pair (character-span overlap in the
injected story). Per subtype:
- recall: planted errors hit by a report in the planted subtype's column (``recall_any_column``: in any);
- precision: hits / reports in that column that are new, i.e. whose quote the original story's report did not
  already contain (the originals may hold real errors of their own, counted neither for nor against the head).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.detect.answers import CONSTORY_COLUMNS
from worldstate.detect.constory.head import constory_report
from worldstate.state import Span

INJECTED = "constory_injected.jsonl"
ORIGINALS = "constory_originals.jsonl"


def hits(story: str, quote: str, targets: list[Span]) -> bool:
    """Whether ``quote`` (found in ``story``) overlaps one of the planted spans."""
    start = story.find(quote) if quote else -1
    if start < 0:
        return False
    span = Span(start, start + len(quote))
    return any(span.overlaps(t) for t in targets)


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else float("nan")


def evaluate(folder: Path, settings: Settings, progress: Any = iter) -> dict[str, Any]:
    """Per-subtype and micro recall/precision over ``folder``'s injected stories."""
    planted = _jsonl(folder / INJECTED)
    originals = {r["id"]: r["story"] for r in _jsonl(folder / ORIGINALS)}
    original_quotes: dict[str, set[str]] = {}
    recall, recall_any, new_reports, hit_count, n = Counter(), Counter(), Counter(), Counter(), Counter()
    for row in progress(planted):
        subtype, story, source = row["subtype"], row["story"], row["source_id"]
        if source not in original_quotes:
            report = constory_report(analyze(originals[source], settings))
            original_quotes[source] = {o["exact_quote"] for objs in report.errors.values() for o in objs}
        targets = [Span(*row["quote_span"])] + ([Span(*row["pair_span"])] if row["pair_span"] else [])
        report = constory_report(analyze(story, settings))
        n[subtype] += 1
        found_any = found_same = False
        for column, objs in report.errors.items():
            for obj in objs:
                hit = hits(story, obj["exact_quote"], targets)
                found_any |= hit
                if obj["exact_quote"] not in original_quotes[source]:
                    new_reports[column] += 1
                    hit_count[column] += hit and column == subtype
                found_same |= hit and column == subtype
        recall[subtype] += found_same
        recall_any[subtype] += found_any
    table = {
        subtype: {
            "n": n[subtype],
            "recall": _rate(recall[subtype], n[subtype]),
            "recall_any_column": _rate(recall_any[subtype], n[subtype]),
            "new_reports": new_reports[subtype],
            "precision": _rate(hit_count[subtype], new_reports[subtype]),
        }
        for subtype in CONSTORY_COLUMNS
    }
    total = sum(n.values())
    micro = {
        "planted": total,
        "recall": _rate(sum(recall.values()), total),
        "precision": _rate(sum(hit_count.values()), sum(new_reports.values())),
    }
    return {"per_subtype": table, "micro": micro}
