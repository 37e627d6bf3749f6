"""Timeline rules proved in Z3: each finding names its two sentences; modality keeps hypotheticals out."""

from __future__ import annotations

from worldstate.analysis import analyze
from worldstate.reason.timeline import check_timeline, load_rules

STORY = (
    "Old Hector died in the spring. "  # 1
    "Anna had black hair. "  # 2
    "Tom went to the castle. "  # 3
    "Later Hector went to the market. "  # 4
    "Anna's hair was blond. "  # 5
    "Tom had three sons. "  # 6
    "Tom had four sons."  # 7
)
CLEAN = (
    "The miller said he would work till he died. "
    "Anna would have died if the huntsman had not come. "
    "The huntsman went to the castle. "
    "Then Anna went home. "
    "The queen died. "
    "The queen went to the castle. "  # a role, not a name: coreference often merges the dead queen and the new one
    "Two men threw stones at the door. "
    "Later four men entered the hall."  # two groups of men, each counted by the tally: no clash
)


def test_every_rule_is_enabled_or_says_why() -> None:
    rules = load_rules()
    assert {r.id for r in rules} >= {"timeline.dead-stays-dead", "timeline.trait-permanence", "timeline.count-stable"}
    for rule in rules:
        assert rule.enabled or rule.disabled_reason, rule.id
        if rule.enabled:  # enabled only with its false alarms on clean text measured (bench timeline-alarms)
            assert rule.options["measured"]["per_10k_words"] <= 1.0, rule.id


def test_clashes_are_proved_with_both_sentences() -> None:
    world = analyze(STORY)
    findings = check_timeline(world, all_rules=True)
    enabled = {r.id for r in load_rules() if r.enabled}
    assert {f.rule for f in check_timeline(world)} == {f.rule for f in findings} & enabled
    by_rule = {f.rule: f for f in findings}
    dead = by_rule["timeline.dead-stays-dead"]
    assert [(e.role, e.sentence) for e in dead.evidence] == [("error", 3), ("contradicted", 0)]
    assert "dies in sentence 1" in dead.explanation and "sentence 4" in dead.explanation
    hair = by_rule["timeline.trait-permanence"]
    assert sorted(e.sentence for e in hair.evidence) == [1, 4] and "black" in hair.explanation
    sons = by_rule["timeline.count-stable"]
    assert sorted(e.sentence for e in sons.evidence) == [5, 6]
    assert all(f.source == "reasoner" and f.category == "continuity" for f in findings)


def test_hypothetical_deaths_raise_nothing() -> None:
    """'till he died' and 'would have died' make nobody dead, so later moves are fine; a dead role
    ('the queen') is left alone; two numbered groups of men are two groups, not one count told twice."""
    assert check_timeline(analyze(CLEAN), all_rules=True) == []


def test_bench_timeline_alarms_lists_findings_and_rates(tmp_path) -> None:
    import json

    from click.testing import CliRunner

    from worldstate.cli.main import cli

    brat = tmp_path / "litbank" / "coref" / "brat"
    brat.mkdir(parents=True)
    (brat / "story_brat.txt").write_text(STORY, encoding="utf-8")
    out = tmp_path / "rates.json"
    args = ["bench", "timeline-alarms", "--litbank", str(tmp_path / "litbank"), "--gutenberg", ""]
    result = CliRunner().invoke(cli, [*args, "--cache", str(tmp_path / "cache"), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "litbank/story_brat  timeline.count-stable" in result.output  # each finding listed
    rates = json.loads(out.read_text())
    assert rates["texts"] == 1 and rates["words"] == len(STORY.split())
    assert rates["rules"]["timeline.count-stable"]["findings"] == 1
    assert any((tmp_path / "cache").iterdir())  # cached: a second run resumes


def test_ages_over_time_proves_two_ages_the_told_time_cannot_join() -> None:
    """'ten years old' … 'three years later' … 'eleven years old': a clash with both age sentences as evidence."""
    from worldstate import analyze
    from worldstate.reason.timeline import check_timeline

    text = (
        "Hans was a miller. When the story begins, Hans was ten years old. He lived with his mother by the river.\n\n"
        "Three years later Hans went to the town to learn a trade. The master was kind to him.\n\n"
        "In the town Hans was eleven years old, and he worked hard every day."
    )
    world = analyze(text)
    found = [f for f in check_timeline(world, all_rules=True) if f.rule == "timeline.ages-over-time"]
    assert len(found) == 1
    assert sorted(e.text for e in found[0].evidence) == ["eleven years old", "ten years old"]
    assert "at least 3.0 years" in found[0].explanation
    consistent = text.replace("eleven years old", "thirteen years old")
    assert not [f for f in check_timeline(analyze(consistent), all_rules=True) if f.rule == "timeline.ages-over-time"]


def test_a_look_or_a_word_as_the_weapon_kills_nobody() -> None:
    """'stabbed him with a glance' is a figure of speech; 'stabbed him with a knife' is not."""
    told = "Anna stabbed Hector with a {} in the hall. Later Hector went to the market."
    dead = [
        f for f in check_timeline(analyze(told.format("knife")), all_rules=True) if f.rule.endswith("dead-stays-dead")
    ]
    assert len(dead) == 1
    assert [f.rule for f in check_timeline(analyze(told.format("glance")), all_rules=True)] == []
