"""The heads read the timelines: faithfulness checks summary claims against the story's timeline
(who dies, who did what to whom); the knowledge head's lanes make a retold event accessible."""

from __future__ import annotations

import json

import pytest

from worldstate.analysis import World, analyze
from worldstate.detect.faithfulness import head
from worldstate.detect.faithfulness.claims import contradictions
from worldstate.detect.knowledge.world_access import lane_known, world_inaccessibility
from worldstate.detect.storyview import StoryView
from worldstate.query import find_character

STORY = (
    "Anna lived in a small village with her brother Tom. "
    "One day Tom pushed Anna into the river. "
    "Anna climbed out of the water and went home. "
    "Their father Karl died that winter. "
    "Anna married Peter in the spring."
)

RETOLD = (
    "Deep in the forest, the wolf swallowed the old grandmother whole. "
    "Far away, Anna picked flowers by the river. "
    "Later the hunter told Anna that the wolf had swallowed her grandmother. "
    "Anna wept for her grandmother."
)


@pytest.fixture(scope="module")
def story() -> World:
    return analyze(STORY)


def claims(story: World, summary: str) -> list[tuple[str, str | None]]:
    found = contradictions(story, analyze(summary, layers="parse"))
    return [(c.kind, story.text[c.story_span.start : c.story_span.end] if c.story_span else None) for c in found]


def test_a_swapped_agent_and_patient_is_contradicted_with_the_story_clause(story: World) -> None:
    assert claims(story, "Anna pushed Tom into the river.") == [("swap", "pushed Anna")]
    assert claims(story, "Tom pushed Anna into the river.") == []


def test_a_death_the_story_never_tells_is_contradicted(story: World) -> None:
    assert claims(story, "Anna died in the river.") == [("death", "Anna")]  # alive at her last mention
    assert claims(story, "Karl died that winter.") == []  # the story tells it
    assert claims(story, "Tom never died.") == []


def test_the_head_flags_a_claim_only_when_the_timeline_weight_is_on(story: World, tmp_path, monkeypatch) -> None:
    summary = analyze("Anna pushed Tom into the river.", layers="parse")
    params = json.loads(head.shipped_parameters_path().read_text("utf-8"))
    assert float(params["timeline_weight"]) > float(params["threshold"])  # shipped on: a contradiction alone counts
    assert story.settings.llm_mode == "off"
    answer = head.judge_summary(story, summary)
    timeline = [f for f in answer.findings if f.rule == "fa_timeline_swap"]
    assert not answer.faithful and len(timeline) == 1
    roles = [e.role for e in timeline[0].evidence]
    assert roles == ["summary", "contradicted"]  # spans in both texts
    path = tmp_path / "faithfulness.json"
    path.write_text(json.dumps(dict(params, timeline_weight=0.0)), encoding="utf-8")
    monkeypatch.setattr(head, "parameters_path", lambda settings=None: path)
    off = head.judge_summary(story, summary)
    assert not [f for f in off.findings if f.rule.startswith("fa_timeline")]


def test_a_retold_event_is_accessible_through_the_knowledge_lanes() -> None:
    world = analyze(RETOLD)
    view = StoryView(world)
    anna = find_character(world.state, "Anna")
    assert anna is not None and 0 in lane_known(view, anna)  # the hunter's telling repeats sentence 1
    plain = world_inaccessibility(world.state, view, "Anna")
    lanes = world_inaccessibility(world.state, view, "Anna", lanes=True)
    assert plain[0] == 1.0 and lanes[0] == 0.0
