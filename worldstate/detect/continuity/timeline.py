"""Timeline-rule contradictions as continuity findings.

``worldstate.reason.timeline`` proves, in Z3, that two states of one entity's timeline cannot both
hold (a named character dead, then going somewhere; two hair colours; three sons, then four). Each
proof becomes a continuity :class:`Finding` whose evidence is the two sentences (the later one the
"error", the earlier one "contradicted"), scored as the rule's confidence × its weight in the
continuity calibration (``rule_weights``; ``bench tune continuity`` sets them on the tuning half of a
made set) and reported only at or above the calibration's threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from worldstate.detect.continuity.lexicon import continuity_finding, sentence_of
from worldstate.detect.storyview import StoryView
from worldstate.state import Finding

if TYPE_CHECKING:
    from worldstate.analysis import World

SUBTYPE = "timeline"


@dataclass(frozen=True)
class TimelineCandidate:
    """One timeline-rule proof: the rule's finding (spans into the normalised text) and its sentences."""

    finding: Finding
    error: int
    contradicted: int

    @property
    def rule(self) -> str:
        return self.finding.rule


def timeline_candidates(world: World, *, all_rules: bool = False) -> list[TimelineCandidate]:
    """Every proof of the enabled timeline rules (of every rule with a check when ``all_rules``)."""
    from worldstate.reason.timeline import check_timeline

    out = []
    for finding in check_timeline(world, all_rules=all_rules):
        error, contradicted = sentence_of(finding, "error"), sentence_of(finding, "contradicted")
        if error < 0 or contradicted < 0:
            continue  # never a finding without its two sentences
        out.append(TimelineCandidate(finding, error, contradicted))
    return out


def timeline_score(candidate: TimelineCandidate, cal: dict[str, Any]) -> float:
    """The rule's confidence × its calibrated weight (0 for a rule the calibration does not name)."""
    weights = cal.get("rule_weights", {})
    return round(candidate.finding.confidence * float(weights.get(candidate.rule, 0.0)), 4)


def timeline_findings(world: World, view: StoryView, cal: dict[str, Any]) -> list[Finding]:
    """Continuity findings of the timeline rules that clear the calibrated threshold, evidence in the input text."""
    threshold = float(cal["threshold"])
    out = []
    for cand in timeline_candidates(world):
        value = timeline_score(cand, cal)
        if value < threshold or value <= 0:
            continue
        if not (0 <= cand.error < len(view) and 0 <= cand.contradicted < len(view)):
            continue
        out.append(
            continuity_finding(
                view,
                error=cand.error,
                contradicted=cand.contradicted,
                subtype=SUBTYPE,
                explanation=cand.finding.explanation,
                confidence=min(1.0, value),
                character=_character_name(world, cand.finding.character),
                rule=cand.rule,
                source="reasoner",
            )
        )
    return out


def _character_name(world: World, subject: str | None) -> str:
    if not subject:
        return ""
    try:
        return world.state.entity(subject).name
    except KeyError:
        return ""
