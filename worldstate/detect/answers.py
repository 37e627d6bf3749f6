"""The answer types every task head returns (plain dataclasses, JSON-able via ``to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from worldstate.state import Finding
from worldstate.state.serialize import to_dict


@dataclass
class Answer:
    """Common part: a confidence in [0, 1], the findings with evidence, and notes (e.g. LLM degraded)."""

    confidence: float = 0.5
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)


@dataclass
class ContinuityAnswer(Answer):
    """FlawedFictions: does the story contain a continuity error, where, and what it contradicts."""

    has_error: bool = False
    error_lines: list[str] = field(default_factory=list)  # sentences that introduce the error
    contradicted_lines: list[str] = field(default_factory=list)  # earlier sentences it contradicts


@dataclass
class KnowledgeAnswer(Answer):
    """IKD: does a character show knowledge they could not have; the sentence that shows it."""

    has_error: bool = False
    error_sentence: str = ""
    character: str = ""


@dataclass
class ChoiceAnswer(Answer):
    """A choice among candidates (KNP options, cloze endings, SenPos slots): 0-based index and scores."""

    choice: int = 0
    scores: list[float] = field(default_factory=list)


@dataclass
class SummaryAnswer(Answer):
    """StorySumm: the summary label and a label per summary sentence."""

    faithful: bool = True
    score: float = 1.0  # higher = more faithful
    sentence_labels: list[str] = field(default_factory=list)  # faithful | unfaithful | commentary


CONSTORY_COLUMNS: tuple[str, ...] = (
    "characterization_memory_contradictions",
    "characterization_knowledge_contradictions",
    "characterization_skill_power_fluctuations",
    "characterization_forgotten_abilities",
    "factual_detail_appearance_mismatches",
    "factual_detail_nomenclature_confusions",
    "factual_detail_quantitative_mismatches",
    "narrative_style_perspective_confusions",
    "narrative_style_tone_inconsistencies",
    "narrative_style_style_shifts",
    "timeline_plot_absolute_time_contradictions",
    "timeline_plot_duration_timeline_contradictions",
    "timeline_plot_simultaneity_contradictions",
    "timeline_plot_causeless_effects",
    "timeline_plot_causal_logic_violations",
    "timeline_plot_abandoned_plot_elements",
    "world_building_core_rules_violations",
    "world_building_social_norms_violations",
    "world_building_geographical_contradictions",
)


@dataclass
class ConStoryReport(Answer):
    """ConStory: error objects per subtype column, in the official JSON layout.

    Each error object has exact_quote, location, contradiction_pair, contradiction_location,
    error_element, error_category, context; every quote is verbatim from the story.
    """

    errors: dict[str, list[dict[str, str]]] = field(default_factory=lambda: {c: [] for c in CONSTORY_COLUMNS})
