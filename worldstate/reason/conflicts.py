"""Conflicts (minimal unsatisfiable cores or epistemic violations) and their conversion to Findings."""

from __future__ import annotations

from dataclasses import dataclass, field

from worldstate.state import Evidence, Finding, Span, WorldState


@dataclass(frozen=True)
class Conflict:
    """One broken rule: the facts of a minimal core and the spans on both sides.

    ``error`` spans are in the later sentence(s) that introduce the problem; ``contradicted``
    spans are the earlier sentence(s) it contradicts (or, for knowledge, where the fact was
    introduced). ``licensed_by`` names a genre switch the story established that may excuse it.
    """

    rule: str
    category: str  # "continuity" | "knowledge"
    facts: tuple[str, ...]  # fact ids of the minimal core (Proposition ids or derived ids)
    error: tuple[Span, ...]
    contradicted: tuple[Span, ...]
    error_sentences: tuple[int, ...]
    contradicted_sentences: tuple[int, ...]
    explanation: str
    confidence: float
    subject: str = ""
    character: str | None = None
    licensed_by: str = ""
    license_span: Span | None = None

    def key(self) -> tuple[object, ...]:
        return (self.error_sentences, self.rule, self.facts)


@dataclass
class ReasonResult:
    """What ``check`` found: conflicts, licensed (excused) conflicts, partitions that timed out."""

    conflicts: list[Conflict] = field(default_factory=list)
    licensed: list[Conflict] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)  # partition keys, readable
    stats: dict[str, float] = field(default_factory=dict)

    def to_findings(self, ws: WorldState, include_licensed: bool = False) -> list[Finding]:
        """One Finding per conflict (licensed ones only when asked), evidence spans verified."""
        chosen = self.conflicts + (self.licensed if include_licensed else [])
        return [conflict_to_finding(c, ws) for c in chosen]


def _evidence(ws: WorldState, spans: tuple[Span, ...], sentences: tuple[int, ...], role: str) -> list[Evidence]:
    out = []
    for span, sentence in zip(spans, sentences, strict=True):
        text = ws.story.span_text(span)
        if span.end > len(ws.story.text) or not text:
            continue
        out.append(Evidence(span=span, text=text, role=role, sentence=sentence))
    return out


def conflict_to_finding(conflict: Conflict, ws: WorldState) -> Finding:
    explanation = conflict.explanation
    confidence = conflict.confidence
    if conflict.licensed_by:
        explanation += f" The story established {conflict.licensed_by}, which may license this."
        confidence *= 0.3
    evidence = _evidence(ws, conflict.error, conflict.error_sentences, "error")
    evidence += _evidence(ws, conflict.contradicted, conflict.contradicted_sentences, "contradicted")
    return Finding(
        category=conflict.category,
        confidence=round(confidence, 3),
        explanation=explanation,
        evidence=evidence,
        rule=conflict.rule,
        subtype=conflict.rule.split(".", 1)[0],
        character=conflict.character,
        source="reasoner",
    )
