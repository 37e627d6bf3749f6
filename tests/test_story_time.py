"""Story time: the story clock the timeline reads (jumps, next day, same day, durations, flashbacks)
and ages over time, on hand-written short stories."""

from __future__ import annotations

import json

import pytest
from cases import story
from click.testing import CliRunner

from worldstate.analysis import World, analyze
from worldstate.cli.main import cli
from worldstate.extract.timeline.story_time import read_story_time
from worldstate.query import state_at
from worldstate.query.ages import age_at, age_conflicts
from worldstate.state import Span
from worldstate.state.story_time import AgeStatement, StoryMoment, StoryTime

MILLER = story("timeline", "miller")

PRINCESS = story("timeline", "princess")


@pytest.fixture(scope="module")
def miller() -> World:
    return analyze(MILLER)


@pytest.fixture(scope="module")
def princess() -> World:
    return analyze(PRINCESS)


def test_time_moves_on_with_jumps_and_stays_on_the_same_day(miller: World) -> None:
    clock = miller.timeline.story_time
    assert len(clock.moments) == len(miller)
    elapsed = [m.elapsed for m in clock.moments]
    assert elapsed[:4] == [0.0, 0.0, 0.0, 0.0]  # "in three days" is Hans's word, not narration
    assert elapsed[4] == 1.0 and clock.moments[4].cue.kind == "next_day"
    assert elapsed[5] == 1.0 and clock.moments[5].cue.kind == "same_day"
    assert elapsed[9] == 1.0 + 3 * 365 and clock.moments[9].cue.exact
    assert elapsed[11] == elapsed[9] + 10
    main = [m.elapsed for m in clock.moments if not m.flashback]
    assert main == sorted(main)  # the main narrative never goes back
    assert clock.elapsed_between(4, 9) == 3 * 365


def test_a_flashback_segment_is_placed_before_the_moment_it_is_told_from(miller: World) -> None:
    clock = miller.timeline.story_time
    six, seven, eight = clock.moments[6:9]
    assert six.flashback and seven.flashback and not eight.flashback
    assert six.told_at == seven.told_at == 5
    assert six.elapsed is not None and six.elapsed < clock.moments[5].elapsed - 365
    assert not clock.moments[0].flashback  # "once upon a time" opens the story, it is no flashback


def test_ages_over_time_conflict_when_fewer_years_pass_than_told(miller: World) -> None:
    clock = miller.timeline.story_time
    hans = clock.ages[0].entity
    assert [(a.entity, a.years, a.sentence) for a in clock.ages] == [(hans, 20.0, 1), (hans, 21.0, 10)]
    conflicts = age_conflicts(clock)
    assert len(conflicts) == 1 and conflicts[0].elapsed_years >= 3
    assert miller.text[conflicts[0].later.span.start : conflicts[0].later.span.end].startswith("one years old")
    assert age_at(clock, hans, 8) == (20.0, clock.ages[0])


def test_durations_and_openers_precision(princess: World) -> None:
    clock = princess.timeline.story_time
    assert not clock.moments[0].flashback  # "long ago" opening the story
    assert clock.moments[2].elapsed == 0.0  # "had not seen ... for ten years": no time passes now
    assert clock.moments[3].elapsed == 100 * 365 and clock.moments[3].cue.kind == "duration"
    assert clock.moments[4].elapsed == clock.moments[3].elapsed  # "would wait": not told as passing
    assert clock.moments[5].elapsed == clock.moments[3].elapsed + 7 * 365


def test_consistent_ages_raise_nothing_and_grow_with_the_clock(princess: World) -> None:
    clock = princess.timeline.story_time
    rose = next(a.entity for a in clock.ages)
    assert [a.years for a in clock.ages] == [7.0, 114.0]
    assert age_conflicts(clock) == []
    grown = age_at(clock, rose, 5)
    assert grown is not None and grown[0] == 7 + 107


def test_age_conflicts_on_plain_data() -> None:
    def said(years: float, sentence: int, elapsed: float, flashback: bool = False) -> AgeStatement:
        return AgeStatement("ann", years, sentence, Span(0, 1), elapsed, flashback)

    clock = StoryTime([StoryMoment(i, 0.0) for i in range(4)], [said(30, 0, 0), said(25, 2, 100)])
    assert [c.reason for c in age_conflicts(clock)] == ["25 years old after 30: younger later on"]
    clock.ages = [said(30, 0, 0), said(25, 2, -3650, flashback=True)]  # a flashback to her youth
    assert age_conflicts(clock) == []
    clock.ages = [said(30, 0, 0), said(40, 2, 3650)]
    assert age_conflicts(clock) == []


def test_state_at_and_state_json_show_the_clock(miller: World, tmp_path) -> None:
    report = state_at(miller, 9, "Hans", knowledge=False)
    assert report.time is not None and report.time.segment == 2
    assert any(cs.age is not None and cs.age[0] == 23.0 for cs in report.characters)  # 20, three years on
    path = tmp_path / "miller.txt"
    path.write_text(MILLER, encoding="utf-8")
    result = CliRunner().invoke(cli, ["state", str(path), "--at", "7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{") :])
    assert data["story_time"]["flashback"] is True and data["story_time"]["before_sentence"] == 5
    text = CliRunner().invoke(cli, ["state", str(path), "--at", "10", "--entity", "Hans"])
    assert "story time: at least 1096 days after the opening" in text.output


def test_a_story_without_cues_keeps_a_flat_clock() -> None:
    world = analyze("You walk into the room. You sit down. Nobody is there.")  # second person, no names
    clock = world.timeline.story_time
    assert [m.elapsed for m in clock.moments] == [0.0] * len(world) and len(world) == 3
    assert clock.ages == [] and age_conflicts(clock) == []
    assert read_story_time([None, None]).moments == [StoryMoment(0, 0.0), StoryMoment(1, 0.0)]  # no parse


def test_a_place_told_in_a_flashback_does_not_hold_after_it(miller: World) -> None:
    def place(k: int) -> str | None:
        states = [cs.location for cs in state_at(miller, k, "Hans", knowledge=False).characters]
        return next((s.value_text for s in states if s is not None), None)

    assert place(7) == "the mountains"  # inside the flashback: where he lived then
    assert place(10) != "the mountains"  # back in the main narrative
