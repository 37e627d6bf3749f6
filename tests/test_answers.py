"""Each answer describes itself: ``flags`` (does it report an error) and ``headline`` (its one-line verdict),
as ``worldstate check`` reads them for every head."""

from __future__ import annotations

from worldstate.detect.answers import (
    Answer,
    ChoiceAnswer,
    ConStoryReport,
    ContinuityAnswer,
    KnowledgeAnswer,
    SummaryAnswer,
)
from worldstate.state import Finding


def _finding(sure: bool) -> Finding:
    return Finding(category="constory", explanation="x", confidence=0.5, shown_by_default=sure)


def test_continuity_and_knowledge_flag_their_error() -> None:
    assert ContinuityAnswer(has_error=True).flags
    assert ContinuityAnswer(has_error=True).headline() == "continuity error found"
    assert not ContinuityAnswer().flags and ContinuityAnswer().headline() == "no continuity error found"
    leak = KnowledgeAnswer(has_error=True, character="Tom", error_sentence="He knew.")
    assert leak.flags and leak.headline() == "implausible knowledge (Tom)"
    assert leak.details() == ["error sentence: “He knew.”"]
    assert KnowledgeAnswer().headline() == "no implausible knowledge found" and not KnowledgeAnswer().details()


def test_knowledge_settles_on_the_sure_findings() -> None:
    unsure = KnowledgeAnswer(has_error=True, error_sentence="He knew.", findings=[_finding(False)])
    unsure.settle()
    assert not unsure.flags and unsure.error_sentence == ""
    sure = KnowledgeAnswer(has_error=True, error_sentence="He knew.", findings=[_finding(True)])
    sure.settle()
    assert sure.flags


def test_constory_counts_only_the_sure_findings() -> None:
    report = ConStoryReport(findings=[_finding(False), _finding(True)])
    assert report.flags and report.headline() == "1 ConStory error(s)"
    assert not ConStoryReport(findings=[_finding(False)]).flags


def test_a_choice_never_flags_and_names_the_option() -> None:
    choice = ChoiceAnswer(choice=1, scores=[0.2, 0.8], findings=[_finding(True)])
    assert not choice.flags
    assert choice.headline(("stay", "go")) == "choice: option 2 — go"
    assert choice.headline() == "choice: option 2 — ?"
    assert choice.details() == ["option scores (higher = chosen): 1: 0.20, 2: 0.80"]


def test_summary_and_plain_answers() -> None:
    assert SummaryAnswer(faithful=False).flags and SummaryAnswer(faithful=False).headline() == "summary is NOT faithful"
    assert not SummaryAnswer().flags and SummaryAnswer().headline() == "summary is faithful"
    assert Answer(findings=[_finding(True)]).flags and not Answer().flags and Answer().headline() == ""
