"""The timeline rules for planted errors of roles, places and lost parts: each proves its clash with both
sentences on a short story, and stays quiet on the same story told without the slip (stories and tables in
``tests/data/cases/timeline_rules.yaml``)."""

from __future__ import annotations

import cases

from worldstate.analysis import analyze
from worldstate.reason.timeline import check_timeline

_FILE = "timeline_rules"


def _told(name: str, fill: dict[str, str], edits: list[list[str]]) -> str:
    """The story ``name`` with its ``{placeholders}`` filled, then each (old, new) edit made in turn."""
    text = cases.story(_FILE, name)
    if fill:
        text = text.format(**fill)
    for old, new in edits:
        assert old in text, f"edit {old!r} finds nothing in the story {name!r}"
        text = text.replace(old, new)
    return text


def _found(text: str, rule: str) -> list[list[list[str | int]]]:
    return [
        [[e.role, e.sentence] for e in f.evidence]
        for f in check_timeline(analyze(text), all_rules=True)
        if f.rule == rule
    ]


@cases.parametrize(_FILE, "rule_findings")
def test_each_rule_proves_its_slip_with_both_sentences(
    rule: str, story: str, fill: dict[str, str], edits: list[list[str]], evidence: list[list[str | int]]
) -> None:
    assert _found(_told(story, fill, edits), rule) == [evidence]


@cases.parametrize(_FILE, "rule_quiet")
def test_each_rule_stays_quiet_on_the_story_without_the_slip(
    rule: str, story: str, fill: dict[str, str], edits: list[list[str]]
) -> None:
    assert _found(_told(story, fill, edits), rule) == []


def test_role_stable_explains_with_both_trades() -> None:
    text = _told("shoemaker", {"trade": "tailor"}, [])
    finding = next(f for f in check_timeline(analyze(text)) if f.rule.endswith("role-stable"))
    assert "shoemaker" in finding.explanation and "tailor" in finding.explanation
