"""The answer types every task head returns (plain dataclasses, JSON-able via ``to_dict``).

Each answer describes itself, so that ``worldstate check`` reads every head's answer the same way:
``flags`` (does it report an error), ``headline`` (its one-line verdict), ``details`` (the lines under the
headline) and ``settle`` (decide on the findings shown by default only).
"""

from __future__ import annotations

from collections.abc import Sequence
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
    # what the LLM's review of the unsure findings changed (``detect/review.py``); None when it did not run
    review: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)

    @property
    def flags(self) -> bool:
        """Whether the answer reports an error (``check`` exits 1)."""
        return bool(self.findings)

    def headline(self, options: Sequence[str] = ()) -> str:
        """The one-line verdict (``options``: the candidates, for an answer that chose among them); empty
        when the answer has none of its own."""
        return ""

    def details(self) -> list[str]:
        """The lines ``check`` prints under the headline, before the findings (plain text, no markup)."""
        return []

    def settle(self) -> None:
        """Decide on the findings shown by default only (above the calibrated threshold); most answers
        already do."""


def _any_shown(findings: list[Finding]) -> bool:
    """Whether any finding is shown by default (above the calibrated threshold, or an uncalibrated verdict)."""
    return any(f.shown_by_default for f in findings)


@dataclass
class ContinuityAnswer(Answer):
    """FlawedFictions: does the story contain a continuity error, where, and what it contradicts."""

    has_error: bool = False
    error_lines: list[str] = field(default_factory=list)  # sentences that introduce the error
    contradicted_lines: list[str] = field(default_factory=list)  # earlier sentences it contradicts

    @property
    def flags(self) -> bool:
        return self.has_error

    def headline(self, options: Sequence[str] = ()) -> str:
        return "continuity error found" if self.has_error else "no continuity error found"

    def details(self) -> list[str]:
        if not self.has_error:
            return []
        return [f"error line: “{line}”" for line in self.error_lines] + [
            f"contradicts: “{line}”" for line in self.contradicted_lines
        ]


@dataclass
class KnowledgeAnswer(Answer):
    """IKD: does a character show knowledge they could not have; the sentence that shows it."""

    has_error: bool = False
    error_sentence: str = ""
    character: str = ""

    @property
    def flags(self) -> bool:
        return self.has_error

    def headline(self, options: Sequence[str] = ()) -> str:
        if not self.has_error:
            return "no implausible knowledge found"
        return f"implausible knowledge{f' ({self.character})' if self.character else ''}"

    def details(self) -> list[str]:
        return [f"error sentence: “{self.error_sentence}”"] if self.has_error else []

    def settle(self) -> None:
        """An error whose every finding is unsure is no error for ``check`` (the head itself keeps the answer
        its IKD-tuned threshold gives, for ``bench run ikd``)."""
        if self.has_error and self.findings and not _any_shown(self.findings):
            self.has_error, self.error_sentence = False, ""


@dataclass
class ChoiceAnswer(Answer):
    """A choice among candidates (KNP options, cloze endings, SenPos slots): 0-based index and scores."""

    choice: int = 0
    scores: list[float] = field(default_factory=list)

    @property
    def flags(self) -> bool:
        return False  # a choice is an answer, never an error

    def headline(self, options: Sequence[str] = ()) -> str:
        chosen = options[self.choice] if 0 <= self.choice < len(options) else "?"
        return f"choice: option {self.choice + 1} — {chosen}"

    def details(self) -> list[str]:
        if not self.scores:
            return []
        scores = ", ".join(f"{i + 1}: {s:.2f}" for i, s in enumerate(self.scores))
        return [f"option scores (higher = chosen): {scores}"]


@dataclass
class SummaryAnswer(Answer):
    """StorySumm: the summary label and a label per summary sentence."""

    faithful: bool = True
    score: float = 1.0  # higher = more faithful
    sentence_labels: list[str] = field(default_factory=list)  # faithful | unfaithful | commentary

    @property
    def flags(self) -> bool:
        return not self.faithful

    def headline(self, options: Sequence[str] = ()) -> str:
        return "summary is faithful" if self.faithful else "summary is NOT faithful"


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
    # the errors whose findings are below the calibrated threshold (``check --all`` lists them), same layout
    unsure_errors: dict[str, list[dict[str, str]]] = field(default_factory=lambda: {c: [] for c in CONSTORY_COLUMNS})

    @property
    def flags(self) -> bool:
        return _any_shown(self.findings)  # ``errors`` hold the sure errors only, as ``findings`` shown by default

    def headline(self, options: Sequence[str] = ()) -> str:
        return f"{sum(f.shown_by_default for f in self.findings)} ConStory error(s)"
