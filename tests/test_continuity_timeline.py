"""The continuity head reads the timeline rules: findings with their two sentences, weighted by the
calibration; bad input (issue 16) never crashes and never yields a finding without its two sentences."""

from __future__ import annotations

import pytest

from worldstate.analysis import World, analyze
from worldstate.detect.continuity.head import detect_continuity
from worldstate.detect.continuity.reasoner import calibration
from worldstate.detect.continuity.timeline import timeline_candidates, timeline_findings
from worldstate.detect.storyview import StoryView
from worldstate.reason.timeline import check_timeline, load_rules

DEAD_WALKS = "Old Hector lived in a mill. Hector died in the spring. The next day Hector went to the market."
DESCRIBED = (
    "The frogs lived in a quiet lake. Jupiter cast down a huge log into the lake. "
    "The frogs were frightened and hid in the reeds. "
    "But soon they saw that the tiny log did not move, and they climbed upon it."
)
BAD_INPUT = {
    "no names": (
        "Someone walked along the road. It was raining. A door opened somewhere and closed again. "
        "Nobody came out. The rain went on all night."
    ),
    "second person": (
        "You wake up in a cold room. You have black hair and you are tired. You go to the window. "
        "You open it and you see the sea. Then you go back to bed."
    ),
    "dream": (
        "Anna had black hair and lived in a small house. One night Anna dreamed that her hair was golden "
        "and that she was dead. In the morning Anna brushed her black hair and went to the market."
    ),
    "backwards": (
        "In the end Tom was happy at home. Before that, he had walked for three days. "
        "Before the walk, he had lost his way in the forest. At the very start, Tom left his house."
    ),
    "magic": (
        "Anna had black hair. The fairy waved her wand, and Anna's hair turned golden. "
        "Everyone admired Anna's golden hair at the ball."
    ),
}


def _two_sentences(world: World, findings: list) -> None:
    for f in findings:
        roles = {e.role: e for e in f.evidence}
        assert set(roles) >= {"error", "contradicted"}, f
        for e in roles.values():
            assert e.sentence is not None and e.text.strip()
            assert world.source_text[e.span.start : e.span.end] == e.text


def test_timeline_finding_is_reported_with_its_two_sentences() -> None:
    world = analyze(DEAD_WALKS)
    cal = {"threshold": 0.3, "rule_weights": {"timeline.dead-stays-dead": 1.0}}
    found = timeline_findings(world, StoryView(world), cal)
    assert [f.rule for f in found] == ["timeline.dead-stays-dead"]
    assert [(e.role, e.sentence) for e in found[0].evidence] == [("error", 2), ("contradicted", 1)]
    assert "Hector" in found[0].explanation and found[0].source == "reasoner"
    _two_sentences(world, found)


def test_calibration_weight_zero_keeps_a_rule_quiet() -> None:
    world = analyze(DEAD_WALKS)
    cal = {"threshold": 0.3, "rule_weights": {"timeline.dead-stays-dead": 0.0}}
    assert timeline_findings(world, StoryView(world), cal) == []
    assert timeline_candidates(world)  # the proof is there; only the weight keeps it out


def test_shipped_calibration_names_only_known_rules() -> None:
    known = {r.id for r in load_rules()}
    timeline_weights = {k for k in calibration()["rule_weights"] if k.startswith("timeline.")}
    assert timeline_weights <= known


def test_description_pointed_back_with_its_antonym_is_proved() -> None:
    world = analyze(DESCRIBED)
    found = [f for f in check_timeline(world, all_rules=True) if f.rule == "timeline.description-stable"]
    assert len(found) == 1
    assert sorted(e.sentence for e in found[0].evidence) == [1, 3]
    assert "huge log" in found[0].explanation and "tiny log" in found[0].explanation


def test_a_new_thing_introduced_with_the_other_description_is_not_a_clash() -> None:
    story = "An old woman lived in a village. A young woman came to see her. The young woman was kind."
    assert not [f for f in check_timeline(analyze(story), all_rules=True) if f.rule == "timeline.description-stable"]


@pytest.mark.parametrize("name", sorted(BAD_INPUT))
def test_bad_input_never_crashes_and_findings_have_two_sentences(name: str) -> None:
    world = analyze(BAD_INPUT[name])
    answer = detect_continuity(world)
    _two_sentences(world, answer.findings)
    _two_sentences(world, check_timeline(world, all_rules=True))
    if answer.has_error:
        assert answer.error_lines and answer.contradicted_lines


@pytest.mark.parametrize("name", ["dream", "magic"])
def test_dreams_and_magic_changes_are_not_contradictions(name: str) -> None:
    world = analyze(BAD_INPUT[name])
    assert check_timeline(world, all_rules=True) == []
    assert not detect_continuity(world).has_error


def test_tuning_keeps_only_rules_precise_on_the_tuning_half() -> None:
    from worldstate.bench.tune.continuity import choose_weights, rule_counts

    rows = [
        {"timeline": True, "rule": "timeline.a", "hit": True},
        {"timeline": True, "rule": "timeline.a", "hit": True},
        {"timeline": True, "rule": "timeline.a", "hit": True},
        {"timeline": True, "rule": "timeline.a", "hit": True},
        {"timeline": True, "rule": "timeline.a", "hit": False},
        {"timeline": True, "rule": "timeline.b", "hit": True},
        {"timeline": True, "rule": "timeline.b", "hit": False},
        {"timeline": True, "rule": "timeline.c", "hit": False},
        {"rule": "exclusive.antonyms", "hit": True},  # a reasoner candidate: not the tuner's business
    ]
    counts = rule_counts(rows)
    assert counts["timeline.a"] == {"right": 4, "wrong": 1} and "exclusive.antonyms" not in counts
    assert choose_weights(counts) == {"timeline.a": 1.0, "timeline.b": 0.0, "timeline.c": 0.0}


def test_rules_validate_checks_the_timeline_rules(tmp_path) -> None:
    from click.testing import CliRunner

    from worldstate.cli.rules import rules
    from worldstate.reason.timeline.schema import builtin_timeline_rules_file

    runner = CliRunner()
    assert runner.invoke(rules, ["validate"]).output.strip() == "ok"
    assert runner.invoke(rules, ["validate", str(builtin_timeline_rules_file())]).output.strip() == "ok"
    text = builtin_timeline_rules_file().read_text(encoding="utf-8")
    broken = tmp_path / "timeline.yaml"
    broken.write_text(text.replace("check: count_stable", "check: count_stabl"), encoding="utf-8")
    result = runner.invoke(rules, ["validate", str(broken)])
    assert result.exit_code != 0
    assert "timeline.count-stable" in str(result.exception or result.output) + result.output
    unexplained = tmp_path / "unexplained.yaml"
    unexplained.write_text(text.replace("disabled_reason: holds by construction", "note: x"), encoding="utf-8")
    assert runner.invoke(rules, ["validate", str(unexplained)]).exit_code != 0
