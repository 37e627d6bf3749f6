"""Continuity head: planted contradictions are found with verified evidence; clean stories pass."""

from __future__ import annotations

import pytest

from worldstate.config import Settings
from worldstate.detect.answers import ContinuityAnswer
from worldstate.detect.continuity import detect_continuity
from worldstate.errors import InputError

SETTINGS = Settings()

DEAD_ACTS = (
    "Once there lived a miller named Hans and his daughter Greta. "
    "One winter Hans fell ill, and after three days Hans died in his bed. "
    "Greta buried her father under the old oak and wept for many weeks. "
    "In the spring Greta went to the market to sell the last sack of flour. "
    "There Hans walked up to her stall and bought a loaf of bread. "
    "Greta went home in the evening."
)
DEAD_REVIVED = (
    "Once there lived a miller named Hans and his daughter Greta. "
    "One winter Hans fell ill, and after three days Hans died in his bed. "
    "A fairy came to the mill and sprinkled water of life on him, and he was alive again. "
    "In the spring Hans walked to the market with Greta."
)
EYES_CHANGE = (
    "The princess Elsa had blue eyes and long golden hair. "
    "She lived in a tower by the sea with her old nurse. "
    "Every morning she sang to the gulls. "
    "One day a prince rode by and looked into Elsa's brown eyes."
)
CLEAN = (
    "A fox lived at the edge of the wood. "
    "Every evening the fox crept to the farm to look at the hens. "
    "The farmer's dog Rex barked and chased him away. "
    "At last the fox gave up and went to hunt mice in the meadow."
)


def _check_evidence(text: str, answer: ContinuityAnswer) -> None:
    for finding in answer.findings:
        assert finding.evidence
        for ev in finding.evidence:
            assert text[ev.span.start : ev.span.end] == ev.text


def test_dead_character_acting_is_found() -> None:
    answer = detect_continuity(DEAD_ACTS, SETTINGS)
    assert answer.has_error
    assert answer.error_lines == ["There Hans walked up to her stall and bought a loaf of bread."]
    assert answer.contradicted_lines == ["One winter Hans fell ill, and after three days Hans died in his bed."]
    assert answer.findings[0].subtype == "dead_character_acts"
    _check_evidence(DEAD_ACTS, answer)


def test_revival_explains_the_action() -> None:
    assert not detect_continuity(DEAD_REVIVED, SETTINGS).has_error


def test_changed_eye_colour_is_found() -> None:
    answer = detect_continuity(EYES_CHANGE, SETTINGS)
    assert answer.has_error
    assert "brown eyes" in answer.error_lines[0]
    assert "blue eyes" in answer.contradicted_lines[0]
    _check_evidence(EYES_CHANGE, answer)


def test_clean_story_has_no_error() -> None:
    answer = detect_continuity(CLEAN, SETTINGS)
    assert not answer.has_error
    assert answer.error_lines == [] and answer.findings == []


def test_empty_story_is_an_input_error() -> None:
    with pytest.raises(InputError):
        detect_continuity("   ", SETTINGS)


WILLOW = (
    "A field of buckwheat lay just in front of the old willow by the brook. "
    "The buckwheat was proud and stood stiff and straight. "
    "When the storm came, the young willow waved its branches to and fro in the wind."
)
KINGS = (
    "The old king fell ill and called his son to his bed. After the funeral the young king rode out to see his lands."
)


def test_thing_called_old_then_young_is_found() -> None:
    answer = detect_continuity(WILLOW, SETTINGS)
    assert answer.has_error
    assert answer.findings[0].subtype == "age_changed"
    assert "young willow" in answer.error_lines[0] and "old willow" in answer.contradicted_lines[0]
    _check_evidence(WILLOW, answer)


def test_old_and_young_people_are_not_a_conflict() -> None:
    assert not detect_continuity(KINGS, SETTINGS).has_error


def test_html_input_evidence_points_into_the_raw_text() -> None:
    raw = "<p>" + DEAD_ACTS.replace(". ", ".</p><p>", 2) + "</p>"
    answer = detect_continuity(raw, SETTINGS)
    assert answer.has_error
    assert answer.error_lines == ["There Hans walked up to her stall and bought a loaf of bread."]
    _check_evidence(raw, answer)
