"""The LLM's review of the unsure findings: what the adjudicator changes when one is configured.

A finding below the calibrated threshold (``detect/calibration.py``) but at or above the review floor
(``data/llm_review.yaml``, ``WORLDSTATE_LLM_REVIEW_FLOOR``) is sent to the model with the rule in plain words
and the sentences it read (prompt ``llm/prompts/finding.yaml``). A yes *promotes* it: it is shown by default
and decides the head's answer like a sure finding. A no *drops* it: it stays unsure, marked so. No answer (LLM
off, endpoint down, budget spent) leaves it as it was. The head records what changed in ``Answer.review``,
with its offline decision, so ``bench run`` can give the metric with and without the review.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from worldstate.config import Settings, probability
from worldstate.data import load_yaml
from worldstate.state import Finding

TASK = "finding"
PROMOTED, DROPPED = "promoted", "dropped"


@lru_cache(maxsize=1)
def shipped_floor() -> float:
    """The floor shipped in ``data/llm_review.yaml``."""
    return float(load_yaml("detect", "data/llm_review.yaml")["floor"])


def review_floor(settings: Settings) -> float:
    """The lowest probability of an unsure finding the LLM reviews (``llm_review_floor``, else the shipped one)."""
    chosen = settings.llm_review_floor.strip()
    return probability(chosen, "WORLDSTATE_LLM_REVIEW_FLOOR") if chosen else shipped_floor()


@dataclass
class Review:
    """What one head's review did: findings asked about, promoted and dropped (ids), and failure notes."""

    asked: int = 0
    promoted: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def summary(self, offline: dict[str, Any]) -> dict[str, Any]:
        """``Answer.review``: the counts, the ids and the head's ``offline`` decision (before the review)."""
        return {
            "asked": self.asked,
            "promoted": len(self.promoted),
            "dropped": len(self.dropped),
            "promoted_ids": list(self.promoted),
            "dropped_ids": list(self.dropped),
            "offline": offline,
        }


def to_review(findings: Iterable[Finding], floor: float) -> list[Finding]:
    """The unsure, calibrated findings at or above ``floor`` (LLM verdicts and sure findings are never sent)."""
    return [
        f
        for f in findings
        if not f.shown_by_default and f.probability is not None and f.probability >= floor and f.source != "llm"
    ]


def claim_of(finding: Finding) -> str:
    """The checker's claim in plain words: the rule's kind and its explanation."""
    kind = finding.category + (f"/{finding.rule or finding.subtype}" if (finding.rule or finding.subtype) else "")
    return f"[{kind}] {finding.explanation}"


def sentences_of(finding: Finding) -> list[str]:
    """The sentences the finding quotes, each with its role and number."""
    out = []
    for ev in finding.evidence:
        where = f"sentence {ev.sentence + 1}" if ev.sentence is not None else "passage"
        out.append(f"({ev.role}, {where}) {ev.text}")
    return out


def decision(answer: Any) -> dict[str, Any]:
    """An answer's decision fields (what a benchmark scores): its JSON less findings, notes, review, confidence."""
    return {k: v for k, v in answer.to_dict().items() if k not in ("findings", "notes", "review", "confidence")}


def review_unsure(findings: list[Finding], story: str, settings: Settings) -> Review | None:
    """Ask the LLM about each unsure finding at or above the floor; mark the ones it promotes or drops (in
    place). None when the LLM is off (nothing was reviewed)."""
    if (settings.llm_mode or "off").lower() == "off":
        return None
    from worldstate.detect import llm  # the package's name, so a test can substitute the adjudicator

    adjudicator = llm.get_adjudicator(settings)
    if adjudicator is None:
        return None
    review = Review()
    for finding in to_review(findings, review_floor(settings)):
        review.asked += 1
        verdict = adjudicator.ask(TASK, story, claim=claim_of(finding), sentences=sentences_of(finding))
        if verdict is None or "real_error" not in verdict.data:
            note = adjudicator.degraded_note()
            review.notes += [note] if note not in review.notes else []
            continue
        finding.review_reason = str(verdict.data.get("explanation") or "")
        if verdict.data["real_error"]:
            finding.reviewed, finding.shown_by_default = PROMOTED, True
            review.promoted.append(finding.id)
        else:
            finding.reviewed = DROPPED
            review.dropped.append(finding.id)
    return review
