"""Shared pieces of the continuity checks: their lexicon and the Finding they return."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from worldstate.data import load_yaml
from worldstate.detect.evidence import sentence_evidence
from worldstate.detect.storyview import StoryView
from worldstate.state import Finding


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    """The continuity lexicon (``data/knowledge/continuity.yaml``)."""
    return load_yaml("detect", "data/knowledge/continuity.yaml")


def continuity_finding(
    view: StoryView,
    *,
    error: int,
    contradicted: int,
    subtype: str,
    explanation: str,
    confidence: float,
    character: str = "",
    rule: str = "",
    source: str = "engine",
) -> Finding:
    """A later sentence (``error``) that contradicts an earlier one (``contradicted``), as a Finding whose
    evidence spans point into the input text (roles "error" and "contradicted")."""
    return Finding(
        category="continuity",
        subtype=subtype,
        confidence=confidence,
        explanation=explanation,
        evidence=[
            sentence_evidence(view, error, "error"),
            sentence_evidence(view, contradicted, "contradicted"),
        ],
        rule=rule or f"text.{subtype}",
        character=character or None,
        source=source,
    )


def sentence_of(finding: Finding, role: str) -> int:
    """The sentence index of ``finding``'s first evidence with ``role`` (-1 when it has none)."""
    return next((ev.sentence for ev in finding.evidence if ev.role == role and ev.sentence is not None), -1)
