"""Findings for the viewer: read them from JSON, run the detectors, and verify their evidence spans."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from worldstate.analysis import World
from worldstate.detect.heads import run_story_heads
from worldstate.errors import ConfigError, InputError
from worldstate.state import Evidence, Finding, Span, Story


@dataclass
class CollectedFindings:
    """Findings gathered for one story, with notes for the page (missing detectors, dropped spans)."""

    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def run_detectors(world: World) -> CollectedFindings:
    """Run every story-only task head on the analysed story (no second extraction); a head that is not
    available becomes a note."""
    out = CollectedFindings()
    missing: dict[str, ConfigError] = {}
    answers = run_story_heads(world, missing=missing)
    out.notes.extend(f"{exc}: its findings are not shown." for exc in missing.values())
    for answer in answers.values():
        out.findings.extend(answer.findings)
        out.notes.extend(getattr(answer, "notes", []) or [])
    return out


def load_findings_file(path: str | Path) -> list[Finding]:
    """Findings from JSON: a list of findings, an answer (``{"findings": [...]}``) or a list of answers."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(name, f"cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise InputError(name, f"not JSON ({exc.msg})", line=exc.lineno) from None
    items: list[Any]
    if isinstance(data, dict):
        items = data.get("findings", [])
    elif isinstance(data, list):
        items = []
        for x in data:
            items.extend(x["findings"] if isinstance(x, dict) and "findings" in x else [x])
    else:
        raise InputError(name, "expected a list of findings or an object with 'findings'")
    if not isinstance(items, list):
        raise InputError(name, "'findings' must be a list")
    return [finding_from_dict(item, name, i) for i, item in enumerate(items)]


def finding_from_dict(data: Any, name: str = "<findings>", index: int = 0) -> Finding:
    """One finding from its JSON form (as written by ``Answer.to_dict`` or ``to_json``)."""
    if not isinstance(data, dict) or "category" not in data:
        raise InputError(name, f"finding {index} is not an object with a 'category'")
    try:
        evidence = [_evidence_from_dict(e) for e in data.get("evidence", [])]
        return Finding(
            category=str(data["category"]),
            confidence=float(data.get("confidence", 0.5)),
            explanation=str(data.get("explanation", "")),
            evidence=evidence,
            rule=str(data.get("rule", "")),
            subtype=str(data.get("subtype", "")),
            character=data.get("character"),
            source=str(data.get("source", "engine")),
            probability=None if data.get("probability") is None else float(data["probability"]),
            shown_by_default=bool(data.get("shown_by_default", True)),
            reviewed=str(data.get("reviewed", "")),
            review_reason=str(data.get("review_reason", "")),
        )
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        raise InputError(name, f"finding {index} is malformed: {exc}") from None


def _evidence_from_dict(data: dict[str, Any]) -> Evidence:
    start, end = data["span"]
    return Evidence(
        Span(int(start), int(end)),
        str(data.get("text", "")),
        str(data.get("role", "error")),
        data.get("sentence"),
        str(data.get("why", "")),
    )


def verify_evidence(findings: list[Finding], story: Story) -> tuple[list[Finding], list[str]]:
    """Findings whose evidence spans match ``story.text``; a span that is off but whose quote is
    found verbatim is moved onto the quote; evidence that cannot be placed is dropped with a note."""
    notes: list[str] = []
    checked: list[Finding] = []
    n = len(story.text)
    for finding in findings:
        kept: list[Evidence] = []
        for ev in finding.evidence:
            span = ev.span
            in_text = span.end <= n
            if in_text and (not ev.text or story.span_text(span) == ev.text):
                kept.append(ev if ev.text else Evidence(span, story.span_text(span), ev.role, ev.sentence, ev.why))
                continue
            moved = story.find(ev.text) if ev.text else None
            if moved is None:
                notes.append(f"dropped evidence of a {finding.category} finding: quote not found in the story")
                continue
            kept.append(Evidence(moved, ev.text, ev.role, story.sentence_at(moved.start), ev.why))
        checked.append(replace(finding, evidence=kept))  # probability and shown_by_default kept
    return checked, notes
