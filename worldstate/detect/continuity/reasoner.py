"""Reasoner conflicts as continuity candidates: features, a calibrated score, and a ``Finding``.

The Z3 reasoner (``worldstate.reason.check``) proves that two facts of the world state cannot both
hold. Many such proofs are extraction noise ("the old fairy" … "the young fairy" are two fairies), so
each conflict is scored from its rule and a few features, with weights and the report threshold in
``data/continuity_calibration.yaml`` (tuned on development data with ``worldstate bench made-set DIR --part tune --dump FILE``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from worldstate.config import Settings
from worldstate.data import load_yaml
from worldstate.detect.continuity.lexicon import continuity_finding
from worldstate.detect.storyview import StoryView
from worldstate.detect.tuned import parameter_file, read_parameter_file
from worldstate.reason import Conflict as ReasonConflict
from worldstate.reason import ReasonResult
from worldstate.reason.facts import Fact, from_proposition, is_attributive
from worldstate.state import EntityKind, Finding, WorldState
from worldstate.state.vocabulary import base_predicate

CALIBRATION = "continuity_calibration.yaml"
TUNE_TASK = "continuity"


def shipped_calibration_path() -> Path:
    """The calibration shipped in the package (the default)."""
    return Path(str(resources.files("worldstate.detect").joinpath("data", CALIBRATION)))


def calibration_path(settings: Settings | None = None) -> Path:
    """The calibration in use: the one ``bench tune continuity`` wrote to the cache dir, else the shipped one."""
    return parameter_file(settings, TUNE_TASK, CALIBRATION, shipped_calibration_path())


def calibration(settings: Settings | None = None) -> dict[str, Any]:
    """The calibration: per-rule weights (reasoner and timeline rules), feature multipliers, the threshold."""
    return read_parameter_file(calibration_path(settings), _read_calibration)


def _read_calibration(path: Path) -> dict[str, Any]:
    if path == shipped_calibration_path():
        return load_yaml("detect", f"data/{CALIBRATION}")
    return yaml.safe_load(path.read_text("utf-8"))


@dataclass(frozen=True)
class Candidate:
    """One reasoner conflict with the features its score is computed from."""

    conflict: ReasonConflict
    features: dict[str, bool]
    score: float

    @property
    def error(self) -> int:
        return self.conflict.error_sentences[-1]

    @property
    def contradicted(self) -> int:
        return self.conflict.contradicted_sentences[-1]


def _subject_words(ws: WorldState, subject: str) -> list[str]:
    """Lower-case names an entity goes by (its name and aliases); the literal itself otherwise."""
    for entity in ws.entities:
        if entity.id == subject:
            return [n.lower() for n in [entity.name, *entity.aliases] if n]
    return [subject.lower()] if subject else []


def _quoted_sentences(ws: WorldState) -> set[int]:
    return {sp.sentence for sp in ws.speeches}


def conflict_features(conflict: ReasonConflict, ws: WorldState) -> dict[str, bool]:
    """Yes/no features of one conflict, read off the world state (never off gold labels)."""
    sentences = ws.story.sentences
    error, contradicted = conflict.error_sentences[-1], conflict.contradicted_sentences[-1]
    texts = [ws.story.span_text(sentences[i].span).lower() for i in (error, contradicted)]
    entity = next((e for e in ws.entities if e.id == conflict.subject), None)
    names = _subject_words(ws, conflict.subject)
    quoted = _quoted_sentences(ws)
    gap = error - contradicted
    props = {p.id: p for p in ws.propositions}
    facts = [from_proposition(props[i]) for i in conflict.facts if i in props]
    return {
        "named_character": entity is not None and entity.kind == EntityKind.CHARACTER and entity.name[:1].isupper(),
        "character": entity is not None and entity.kind == EntityKind.CHARACTER,
        "shares_name": bool(names) and all(any(n in t for n in names) for t in texts),
        "same_sentence": gap == 0,
        "near": 0 < gap <= 3,
        "far": gap > 40,
        "quoted": error in quoted or contradicted in quoted,
        "negated": any(not f.polarity for f in facts),
        "attributive": bool(facts) and all(is_attributive(f, ws) for f in facts),
        "derived": len(facts) < len(conflict.facts),
        **_history(ws, facts, error),
    }


def _history(ws: WorldState, facts: list[Fact], error: int) -> dict[str, bool]:
    """How the subject's other statements of the same attribute sit around the conflict.

    ``reverts``: after the error sentence the story states the earlier value again (A … B … A: the
    later value is an outlier, not a change); ``lone_value``: the later value is stated only once;
    ``repeated_earlier``: the earlier value is stated more than once before the error.
    """
    later = next((f for f in facts if f.sentence == error), None)
    earlier = next((f for f in reversed(facts) if f.sentence < error), None)
    if later is None or earlier is None:
        return {"reverts": False, "lone_value": False, "repeated_earlier": False}
    same = [
        from_proposition(p)
        for p in ws.propositions
        if p.subject == later.subject and base_predicate(p.predicate) == later.base and p.polarity == later.polarity
    ]
    return {
        "reverts": any(f.sentence > error and f.value == earlier.value for f in same),
        "lone_value": sum(f.value == later.value for f in same) == 1,
        "repeated_earlier": sum(f.value == earlier.value and f.sentence < error for f in same) > 1,
    }


def score(conflict: ReasonConflict, features: dict[str, bool], cal: dict[str, Any] | None = None) -> float:
    """The report score: reasoner confidence × the rule's weight × each present feature's multiplier."""
    cal = cal or calibration()
    weight = float(cal["rule_weights"].get(conflict.rule, cal["rule_weights"].get("default", 0.0)))
    value = conflict.confidence * weight
    for name, present in features.items():
        if present:
            value *= float(cal["feature_multipliers"].get(name, 1.0))
    return round(value, 4)


def reasoner_candidates(result: ReasonResult, ws: WorldState, cal: dict[str, Any] | None = None) -> list[Candidate]:
    """The reasoner's continuity conflicts in ``result`` (licensed ones left out), scored, best first."""
    out = []
    for conflict in result.conflicts:
        if conflict.category != "continuity" or not conflict.error_sentences or not conflict.contradicted_sentences:
            continue
        features = conflict_features(conflict, ws)
        out.append(Candidate(conflict, features, score(conflict, features, cal)))
    return sorted(out, key=lambda c: (-c.score, c.error))


def as_finding(candidate: Candidate, ws: WorldState, view: StoryView) -> Finding:
    """The continuity Finding for a candidate (subtype = the reasoner rule's pack; confidence = its score)."""
    rule = candidate.conflict.rule
    subject = candidate.conflict.subject
    name = next((e.name for e in ws.entities if e.id == subject), "")
    return continuity_finding(
        view,
        error=candidate.error,
        contradicted=candidate.contradicted,
        subtype=rule.split(".", 1)[0],
        explanation=candidate.conflict.explanation,
        confidence=min(1.0, candidate.score),
        character=name if candidate.features.get("character") else "",
        rule=rule,
        source="reasoner",
    )
