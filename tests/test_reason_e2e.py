"""End to end: the extractor's world states of hand-written stories through the reasoner."""

from __future__ import annotations

import pytest

from worldstate.reason import check

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def analyze():
    pytest.importorskip("worldstate.extract")
    from worldstate.analysis import analyze as analyze_world

    return lambda text: analyze_world(text).state


def _spans(ws, conflict):
    return [ws.story.span_text(s) for s in conflict.error], [ws.story.span_text(s) for s in conflict.contradicted]


def test_hot_tea_cold_tea(analyze):
    ws = analyze("Anna poured a cup of hot tea. She sat by the window with it. She sipped the cold tea.")
    conflicts = [c for c in check(ws).conflicts if c.rule == "exclusive.antonyms"]
    assert len(conflicts) == 1
    error, contradicted = _spans(ws, conflicts[0])
    assert "cold" in error[0] and "hot" in contradicted[0]
    assert conflicts[0].error_sentences == (2,) and conflicts[0].contradicted_sentences == (0,)


def test_dead_king_speaks(analyze):
    ws = analyze("The old king died in the winter. In spring the king said, 'Bring me my horse.'")
    conflicts = [c for c in check(ws).conflicts if c.rule == "life.death-is-final"]
    assert len(conflicts) == 1
    assert conflicts[0].error_sentences == (1,) and conflicts[0].contradicted_sentences == (0,)
    findings = check(ws).to_findings(ws)
    assert any(
        f.rule == "life.death-is-final" and {e.role for e in f.evidence} == {"error", "contradicted"} for f in findings
    )


def test_consistent_stories_have_no_conflicts(analyze):
    stories = [
        "Anna poured a cup of hot tea. She forgot it, and the tea cooled. Later she sipped the cold tea.",
        "The king rode out to hunt in the spring. The old king died in the winter.",
        "Hans lived in a small house by the river. Every morning he walked to the mill, where he worked hard.",
    ]
    for text in stories:
        ws = analyze(text)
        result = check(ws)
        assert result.conflicts == [], (text, [c.explanation for c in result.conflicts])
