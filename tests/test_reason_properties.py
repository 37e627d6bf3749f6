"""Property tests: adding a proposition never removes a continuity conflict; results are deterministic."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from worldstate.reason import check, load_packs
from worldstate.state import Entity, EntityKind, Proposition, Span, Story, WorldState

TEXT = " ".join(f"Sentence number {i} of the story." for i in range(12))
STORY = Story.from_text(TEXT)
PACKS = load_packs()

VALUES = {
    "is": ["hot", "cold", "warm", "red", "blue", "old", "young", "tall"],
    "location": ["mill", "market", "forest"],
    "alive": ["true", "false"],
    "age": ["10", "12", "15", "8"],
    "name": ["Hans", "Karl"],
    "duration": ["365", "730"],
    "count:son": ["2", "3"],
}


@st.composite
def propositions(draw: st.DrawFn) -> tuple[str, str, str, bool, int]:
    predicate = draw(st.sampled_from(sorted(VALUES)))
    subject = draw(st.sampled_from(["anna", "hans"])) if predicate != "duration" else "story"
    value = draw(st.sampled_from(VALUES[predicate]))
    polarity = draw(st.booleans()) if predicate not in ("duration", "age") else True
    sentence = draw(st.integers(min_value=0, max_value=len(STORY.sentences) - 1))
    return subject, predicate, value, polarity, sentence


def build(specs: list[tuple[str, str, str, bool, int]]) -> WorldState:
    ws = WorldState(
        story=STORY,
        entities=[Entity("anna", "Anna", EntityKind.CHARACTER), Entity("hans", "Hans", EntityKind.CHARACTER)],
    )
    for i, (subject, predicate, value, polarity, sentence) in enumerate(specs):
        span: Span = STORY.sentences[sentence].span
        ws.propositions.append(Proposition(f"p{i}", subject, predicate, value, span, sentence, polarity, sentence))
    return ws


def conflicted_subjects(ws: WorldState) -> set[str]:
    return {c.subject for c in check(ws, PACKS, epistemic=False).conflicts}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(propositions(), min_size=1, max_size=12), propositions().filter(lambda p: p[1] != "duration"))
def test_adding_a_proposition_never_removes_a_conflict(specs, extra):
    """Any fact but a duration: stated durations add up, so one more can explain an age gap (next test)."""
    before = conflicted_subjects(build(specs))
    after = conflicted_subjects(build([*specs, extra]))
    assert before <= after


def test_a_second_stated_duration_adds_elapsed_time():
    """8 → 12 years old over "a year" is a conflict; over a year and two more years it is not."""
    ages = [("hans", "age", "8", True, 0), ("hans", "age", "12", True, 1)]
    assert conflicted_subjects(build([*ages, ("story", "duration", "365", True, 1)])) == {"hans"}
    assert (
        conflicted_subjects(
            build([*ages, ("story", "duration", "365", True, 1), ("story", "duration", "730", True, 1)])
        )
        == set()
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(propositions(), min_size=1, max_size=14))
def test_results_are_deterministic(specs):
    ws = build(specs)
    first = check(ws, PACKS)
    second = check(build(specs), PACKS)
    assert first.conflicts == second.conflicts and first.licensed == second.licensed
    for conflict in first.conflicts:
        assert conflict.error_sentences[0] >= max(conflict.contradicted_sentences, default=0)
        assert set(conflict.facts) <= {p.id for p in ws.propositions}
