"""Continuity head: planted contradictions are found with verified evidence; clean stories pass."""

from __future__ import annotations

import pytest
from analysed import check_evidence, world

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.detect.continuity.head import detect_continuity
from worldstate.detect.continuity.lexicon import lexicon
from worldstate.detect.continuity.reasoner import reasoner_candidates, score
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


def test_dead_character_acting_is_found() -> None:
    answer = detect_continuity(world(DEAD_ACTS, SETTINGS))
    assert answer.has_error
    assert answer.error_lines == ["There Hans walked up to her stall and bought a loaf of bread."]
    assert answer.contradicted_lines == ["One winter Hans fell ill, and after three days Hans died in his bed."]
    assert answer.findings[0].subtype == "dead_character_acts"
    check_evidence(DEAD_ACTS, answer)


def test_revival_explains_the_action() -> None:
    assert not detect_continuity(world(DEAD_REVIVED, SETTINGS)).has_error


def test_changed_eye_colour_is_found() -> None:
    answer = detect_continuity(world(EYES_CHANGE, SETTINGS))
    assert answer.has_error
    assert "brown eyes" in answer.error_lines[0]
    assert "blue eyes" in answer.contradicted_lines[0]
    check_evidence(EYES_CHANGE, answer)


def test_clean_story_has_no_error() -> None:
    answer = detect_continuity(world(CLEAN, SETTINGS))
    assert not answer.has_error
    assert answer.error_lines == [] and answer.findings == []


def test_empty_story_is_an_input_error() -> None:
    with pytest.raises(InputError):
        detect_continuity(world("   ", SETTINGS))


WILLOW = (
    "A field of buckwheat lay just in front of the old willow by the brook. "
    "The buckwheat was proud and stood stiff and straight. "
    "When the storm came, the young willow waved its branches to and fro in the wind."
)
KINGS = (
    "The old king fell ill and called his son to his bed. After the funeral the young king rode out to see his lands."
)


def test_thing_called_old_then_young_is_found() -> None:
    answer = detect_continuity(world(WILLOW, SETTINGS))
    assert answer.has_error
    assert answer.findings[0].subtype == "age_changed"
    assert "young willow" in answer.error_lines[0] and "old willow" in answer.contradicted_lines[0]
    check_evidence(WILLOW, answer)


def test_old_and_young_people_are_not_a_conflict() -> None:
    assert not detect_continuity(world(KINGS, SETTINGS)).has_error


def test_html_input_evidence_points_into_the_raw_text() -> None:
    raw = "<p>" + DEAD_ACTS.replace(". ", ".</p><p>", 2) + "</p>"
    answer = detect_continuity(world(raw, SETTINGS))
    assert answer.has_error
    assert answer.error_lines == ["There Hans walked up to her stall and bought a loaf of bread."]
    check_evidence(raw, answer)


# --- world-state path: reasoner candidates and the description-outlier check ---

WARM_ROOM = (
    "The boy came in out of the storm. The old poet led him into his warm room. "
    "He gave the boy sweet wine and apples. The boy dried his curls by the stove. "
    "Then the boy took his bow and shot the poet in the heart. The poet wept in his cold room."
)
RED_COAT = (
    "A girl lived by the river and wore a red coat. The red coat kept her warm in the winter wind. "
    "She walked to the market every morning. The baker's wife knew her red coat from far away. "
    "One day she sold eggs at the stall. The baker's wife gave her bread. The girl went home at dusk. "
    "A stranger asked the baker about the girl in the blue coat."
)
RENAMED = (
    "Once upon a time a miller had a daughter named Greta. Greta was kind and clever. "
    "Every day Greta carried flour to the village. The miller's daughter was named Elsa, and she sang as she walked."
)
TWO_DOGS = (
    "The big dog and the little dog lived together. The big dog liked bones. The little dog liked cheese. "
    "One day the little dog ran away. The big dog looked for him everywhere. At night the little dog came home."
)
PERMISSIVE = {"threshold": 0.0, "rule_weights": {"default": 1.0}, "feature_multipliers": {}}


@pytest.fixture(scope="module")
def worlds() -> dict[str, World]:
    texts = {"room": WARM_ROOM, "coat": RED_COAT, "renamed": RENAMED, "dogs": TWO_DOGS, "clean": CLEAN}
    return {name: world(text, SETTINGS) for name, text in texts.items()}


@pytest.fixture
def outlier_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the (default-off) description-outlier check on for one test."""
    monkeypatch.setitem(lexicon()["outlier"], "enabled", True)


def test_outlier_check_is_off_by_default(worlds: dict[str, World]) -> None:
    # the timeline rule description-stable proves this one ("his warm room" … "his cold room"); the outlier
    # check itself stays silent
    answer = detect_continuity(worlds["room"])
    assert not [f for f in answer.findings if f.subtype == "description_outlier"]
    assert all(f.rule.startswith("timeline.") for f in answer.findings)


@pytest.mark.usefixtures("outlier_on")
def test_changed_room_temperature_is_found_with_its_lines(worlds: dict[str, World]) -> None:
    answer = detect_continuity(worlds["room"])
    assert answer.has_error
    assert answer.error_lines == ["The poet wept in his cold room."]
    assert answer.contradicted_lines == ["The old poet led him into his warm room."]
    check_evidence(worlds["room"].source_text, answer)


@pytest.mark.usefixtures("outlier_on")
def test_changed_coat_colour_is_found_with_its_lines(worlds: dict[str, World]) -> None:
    answer = detect_continuity(worlds["coat"])
    assert answer.has_error
    assert answer.error_lines == ["A stranger asked the baker about the girl in the blue coat."]
    assert "red coat" in answer.contradicted_lines[0]
    check_evidence(worlds["coat"].source_text, answer)


@pytest.mark.usefixtures("outlier_on")
def test_text_and_world_entry_points_agree(worlds: dict[str, World]) -> None:
    from_text = detect_continuity(world(WARM_ROOM, SETTINGS))
    from_world = detect_continuity(worlds["room"])
    assert (from_text.has_error, from_text.error_lines, from_text.contradicted_lines) == (
        from_world.has_error,
        from_world.error_lines,
        from_world.contradicted_lines,
    )


def test_reasoner_renaming_candidate_has_the_right_lines(worlds: dict[str, World]) -> None:
    ws = worlds["renamed"].state
    candidates = reasoner_candidates(worlds["renamed"].reasoning, ws, PERMISSIVE)
    names = [c for c in candidates if c.conflict.rule == "names.one-name"]
    assert names, [c.conflict.rule for c in candidates]
    sentence = [ws.story.span_text(s.span) for s in ws.story.sentences]
    assert sentence[names[0].error].startswith("The miller's daughter was named Elsa")
    assert sentence[names[0].contradicted] == "Once upon a time a miller had a daughter named Greta."
    assert names[0].features["named_character"] and names[0].score == names[0].conflict.confidence


def test_calibration_weights_and_vetoes_apply(worlds: dict[str, World]) -> None:
    candidate = reasoner_candidates(worlds["renamed"].reasoning, worlds["renamed"].state, PERMISSIVE)[0]
    veto = {"threshold": 0.3, "rule_weights": {"default": 0.5}, "feature_multipliers": {"named_character": 0.0}}
    half = {"threshold": 0.3, "rule_weights": {"default": 0.5}, "feature_multipliers": {}}
    assert score(candidate.conflict, candidate.features, veto) == 0.0
    assert score(candidate.conflict, candidate.features, half) == pytest.approx(candidate.conflict.confidence * 0.5)


@pytest.mark.usefixtures("outlier_on")
def test_two_dogs_told_apart_by_size_are_not_flagged(worlds: dict[str, World]) -> None:
    assert not detect_continuity(worlds["dogs"]).has_error


def test_clean_world_has_no_error(worlds: dict[str, World]) -> None:
    answer = detect_continuity(worlds["clean"])
    assert not answer.has_error and answer.findings == []
