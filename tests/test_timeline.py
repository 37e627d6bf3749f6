"""Entity timelines (``World.timeline``), ``state_at`` and ``worldstate state`` on a small story."""

from __future__ import annotations

import json

import pytest
from cases import story
from click.testing import CliRunner

from worldstate.analysis import World, analyze
from worldstate.cli.main import cli
from worldstate.query import state_at
from worldstate.state import Span
from worldstate.state.timeline import Modality, Predicate, StateInterval, Timeline

STORY = story("timeline", "village")


@pytest.fixture(scope="module")
def world() -> World:
    return analyze(STORY)


def states(world: World, predicate: Predicate, subject: str | None = None) -> list[StateInterval]:
    return [s for s in world.timeline.states if s.predicate == predicate and (subject is None or s.subject == subject)]


def test_interval_holds_from_start_until_the_change() -> None:
    s = StateInterval("tom", Predicate.LOCATION, "village", 2, Span(0, 3), end=5)
    assert not s.holds_at(1) and s.holds_at(2) and s.holds_at(4) and not s.holds_at(5)
    assert StateInterval("a", Predicate.TRAIT, "hair=black", 0, Span(0, 1)).key == "hair"
    timeline = Timeline([s, StateInterval("tom", Predicate.ALIVE, "false", 3, Span(0, 1), Modality.HYPOTHETICAL)])
    assert timeline.at(3) == [s]  # a hypothetical state is not a fact of the story world
    assert len(timeline.at(3, factual_only=False)) == 2


def test_location_changes_end_only_that_entity(world: World) -> None:
    places = states(world, Predicate.LOCATION, "tom")
    assert [(p.value_text, p.start, p.end) for p in places] == [("the village", 0, 4), ("the castle", 4, None)]
    assert all(p.modality == Modality.ASSERTED for p in places)


def test_no_longer_does_not_cut_every_timeline(world: World) -> None:
    """'no longer' in sentence 3 ends nothing: every state before it still holds after it."""
    assert all(s.end != 3 for s in world.timeline.states)


def test_hypothetical_death_makes_nobody_dead(world: World) -> None:
    deaths = states(world, Predicate.ALIVE)
    factual = {s.subject: s.start for s in deaths if s.modality.factual}
    assert factual == {"king": 8}  # only "Then the king died."
    by_subject = {s.subject: s.modality for s in deaths if not s.modality.factual}
    assert by_subject["miller"] == Modality.HYPOTHETICAL  # "would not rest till he died"
    assert by_subject["anna"] == Modality.HYPOTHETICAL  # "If ..., the king would have killed her"
    assert by_subject["tom"] == Modality.DREAM  # "Anna dreamed that Tom was dead"


def test_giving_passes_possession(world: World) -> None:
    keys = sorted((s.subject, s.start, s.end) for s in states(world, Predicate.HOLDS) if "key" in s.value_text.lower())
    assert keys == [("anna", 5, None), ("tom", 4, 5)]


def test_wish_is_scoped_to_the_wisher(world: World) -> None:
    wished = [s for s in states(world, Predicate.LOCATION, "anna")]
    assert [(s.value_text, s.modality, s.holder) for s in wished] == [("the forest", Modality.WISHED, "anna")]


def test_state_at_reports_per_character(world: World) -> None:
    report = state_at(world, 9)
    by_id = {cs.entity: cs for cs in report.characters}
    assert not by_id["king"].alive and by_id["king"].alive_told is not None
    assert by_id["tom"].alive and by_id["tom"].alive_told is None  # dreamt dead, not dead
    assert by_id["tom"].location is not None and by_id["tom"].location.value_text == "the castle"
    assert [s.value_text for s in by_id["anna"].holds] == ["the key"]
    assert by_id["tom"].knows and all(f.since <= 9 for f in by_id["tom"].knows)
    only = state_at(world, 4, "Tom")
    assert [cs.entity for cs in only.characters] == ["tom"]
    assert [s.value_text for s in only.characters[0].holds] == ["a golden key"]


def test_state_command_text_and_json(tmp_path, monkeypatch, world: World) -> None:
    path = tmp_path / "tom.txt"
    path.write_text(STORY, encoding="utf-8")
    monkeypatch.setattr("worldstate.analysis.analyze_file", lambda story, settings: world)
    result = CliRunner().invoke(cli, ["state", str(path), "--at", "6", "--entity", "Tom"])
    assert result.exit_code == 0, result.output
    assert "State at the end of s6" in result.output
    assert "where:     the castle (since s5" in result.output
    result = CliRunner().invoke(cli, ["state", str(path), "--at", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sentence"] == 5  # JSON sentence indices are 0-based
    anna = next(c for c in data["characters"] if c["entity"] == "anna")
    assert anna["holds"][0]["since"] == 5 and anna["alive"] is True
    bad = CliRunner().invoke(cli, ["state", str(path), "--at", "99"])
    assert bad.exit_code == 2 and "outside the story" in bad.output


def test_unresolved_it_never_loops() -> None:
    """'a piece of it' inside a look-back for 'it' must not look back again (it once recursed forever)."""
    world = analyze("She cut a piece of it. She took a piece of it and ate it. Then he gave it away.")
    assert isinstance(world.timeline.states, list)


def test_a_purpose_or_a_chance_to_kill_makes_nobody_dead() -> None:
    world = analyze(
        "The robber woman ran at Gerda with her knife. "
        "And now she had not time to kill Gerda. "
        "The witch had a plan to kill the boy. "
        "Gerda laughed."
    )
    deaths = [s for s in world.timeline.states if s.predicate == Predicate.ALIVE]
    assert deaths and not [s for s in deaths if s.modality.factual]  # an infinitive on a noun: a chance, a plan
    assert {s.modality for s in deaths} == {Modality.HYPOTHETICAL}
