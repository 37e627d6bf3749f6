"""The continuity head on a FlawedFictions-format set made by ``worldstate make-flawed`` (development data only).

The items are split by story into a tuning half and a held-out half (seeded); the head runs on the chosen part
and the result holds accuracy, precision, recall, F1, CEEval-Full/Pos, the false-alarm rate on clean stories
and, when ``provenance.jsonl`` lies beside the set, the recall per edit kind. A cache folder keeps each story's
world state as JSON so repeated runs skip the extractor; ``dump`` writes every reasoner candidate with its
features and whether it hits a gold line (for tuning ``continuity_calibration.yaml``).
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from worldstate.analysis import World, analyze
from worldstate.bench.metrics.flawed import FlawedCase, ceeval, flawedfictions_metrics
from worldstate.bench.metrics.textmatch import any_match, split_gold_lines
from worldstate.config import Settings
from worldstate.detect.continuity.head import detect_continuity, find_conflicts
from worldstate.detect.continuity.lexicon import sentence_of
from worldstate.detect.continuity.reasoner import reasoner_candidates
from worldstate.detect.continuity.timeline import timeline_candidates
from worldstate.detect.storyview import StoryView
from worldstate.state.serialize import from_json, to_json

PARTS = ("tune", "heldout", "all")
VARIANT = re.compile(r"-(original|[a-z]+-\d+)$")


def story_key(example_id: str) -> str:
    """The source story of an item: its id without the ``-original`` / ``-<kind>-<n>`` suffix."""
    return VARIANT.sub("", example_id)


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
    """Whether the item has a planted error, and its gold lines (error and contradicted)."""
    label = float(row.get("cont_error") or 0) >= 0.5
    return label, split_gold_lines(row.get("cont_error_lines")) + split_gold_lines(row.get("contradicted_lines"))


def edit_kinds(folder: Path) -> dict[str, str]:
    """``example_id -> edit kind`` from ``provenance.jsonl`` (empty when there is none)."""
    path = folder / "provenance.jsonl"
    if not path.is_file():
        return {}
    rows = (json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip())
    return {row["example_id"]: row["kind"] for row in rows}


def candidates(world: World, example_id: str, label: bool, lines: list[str]) -> Iterable[dict[str, Any]]:
    """Every text-check conflict, reasoner candidate and timeline-rule proof (every rule with a check, enabled
    or not) of one story, with whether it hits a gold line."""
    view = StoryView(world)
    for conflict in find_conflicts(view):
        pair = [view.sentences[sentence_of(conflict, role)] for role in ("error", "contradicted")]
        hit = label and any_match(pair, lines)
        yield {"id": example_id, "gold": label, "hit": hit, "rule": conflict.rule, "confidence": conflict.confidence}
    ws = world.state
    for cand in reasoner_candidates(world.reasoning, ws):
        pair = [ws.story.span_text(ws.story.sentences[i].span) for i in (cand.error, cand.contradicted)]
        hit = label and any_match(pair, lines)
        row = {"id": example_id, "gold": label, "hit": hit, "rule": cand.conflict.rule}
        yield {**row, "confidence": cand.conflict.confidence, "score": cand.score, **cand.features}
    for tcand in timeline_candidates(world, all_rules=True):
        pair = [view.sentences[i] for i in (tcand.error, tcand.contradicted)]
        hit = label and any_match(pair, lines)
        row = {"id": example_id, "gold": label, "hit": hit, "rule": tcand.rule, "timeline": True}
        yield {**row, "confidence": tcand.finding.confidence, "explanation": tcand.finding.explanation}


def evaluate(
    data: Path,
    settings: Settings,
    *,
    part: str = "heldout",
    seed: int = 0,
    cache: Path | None = None,
    dump: Path | None = None,
    balanced: bool = False,
    progress: Any = iter,
) -> dict[str, Any]:
    """Score the continuity head on ``part`` of ``data`` (a .jsonl); ``progress`` wraps the item loop."""
    rows = [json.loads(line) for line in data.read_text("utf-8").splitlines() if line.strip()]
    rows = split(rows, seed)[part]
    if balanced:  # only stories that have a flawed variant
        flawed = {story_key(r["example_id"]) for r in rows if gold(r)[0]}
        rows = [r for r in rows if story_key(r["example_id"]) in flawed]
    if cache:
        cache.mkdir(parents=True, exist_ok=True)
    kinds = edit_kinds(data.parent)
    cases: list[FlawedCase] = []
    dumped: list[dict[str, Any]] = []
    per_kind: dict[str, list[tuple[bool, int]]] = defaultdict(list)
    for row in progress(rows):
        label, lines = gold(row)
        world = analysed(row, settings, cache)
        answer = detect_continuity(world)
        case = FlawedCase(label, tuple(lines), answer.has_error, (*answer.error_lines, *answer.contradicted_lines))
        cases.append(case)
        if label:
            per_kind[kinds.get(row["example_id"], "?")].append((answer.has_error, ceeval(case)))
        if dump:
            dumped.extend(candidates(world, row["example_id"], label, lines))
    metrics: dict[str, Any] = dict(flawedfictions_metrics(cases))
    clean = [c for c in cases if not c.gold_error]
    metrics["false_alarm_rate"] = sum(c.pred_error for c in clean) / len(clean) if clean else 0.0
    metrics["items"] = len(cases)
    metrics["with_error"] = sum(c.gold_error for c in cases)
    if dump:
        dump.write_text("".join(json.dumps(d) + "\n" for d in dumped), "utf-8")
    table = {
        kind: {"n": len(r), "detected": sum(d for d, _ in r) / len(r), "localised": sum(c for _, c in r) / len(r)}
        for kind, r in sorted(per_kind.items())
    }
    return {"part": part, "seed": seed, "metrics": metrics, "per_kind": table if kinds else {}}
