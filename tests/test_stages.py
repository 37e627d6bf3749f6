"""Declared extraction stages and lazy layers: order, prerequisites, timings, errors, one accessor."""

from __future__ import annotations

import pytest

from tests.analysed import world
from worldstate.errors import ConfigError
from worldstate.extract import builder
from worldstate.layers import LAYERS
from worldstate.refs import resolve
from worldstate.stages import Stage, check_order, enabled, run_stages

STORY = 'Anna found a key in the garden. "Where is Tom?" she asked. Tom saw that the key was old.'


def test_every_stage_comes_after_what_it_requires() -> None:
    check_order(builder.STAGES)
    assert builder.STAGE_NAMES[0] == "parse" and "knowledge" in builder.STAGE_NAMES
    with pytest.raises(ValueError, match="'b' requires"):
        check_order([Stage("b", ("a",), lambda c: None), Stage("a", (), lambda c: None)])


def test_disabling_a_needed_stage_names_both() -> None:
    with pytest.raises(ConfigError, match="stage 'speech' needs stage 'coref'"):
        enabled(builder.STAGES, {"coref"})
    with pytest.raises(ConfigError, match="unknown stage"):
        enabled(builder.STAGES, {"corefs"})
    kept = enabled(builder.STAGES, {"perception", "knowledge"})
    assert [s.name for s in kept][-1] == "scenes"


def test_analyze_runs_the_stages_and_times_each() -> None:
    full = world(STORY)
    assert list(full.profile) == list(builder.STAGE_NAMES)
    assert all(seconds >= 0 for seconds in full.profile.values())
    timings = full.state.metadata["timings_s"]
    assert timings.startswith("parse=") and "knowledge=" in timings


def test_a_disabled_stage_leaves_its_layer_empty() -> None:
    full = world(STORY)
    part = world(STORY, disable=["perception", "knowledge"])
    assert full.state.knowledge and full.state.perceptions
    assert part.state.knowledge == [] and part.state.perceptions == []
    assert part.state.metadata["disabled_stages"] == "perception, knowledge"
    assert [e.id for e in part.state.entities] == [e.id for e in full.state.entities]
    assert "perception" not in part.profile


def test_an_error_inside_a_stage_names_it() -> None:
    def broken(context: object) -> None:
        raise RuntimeError("boom")

    stages = [Stage("first", (), lambda c: None), Stage("second", ("first",), broken)]
    timings: dict[str, float] = {}
    with pytest.raises(RuntimeError) as caught:
        run_stages(stages, object(), (), timings)
    assert caught.value.stage == "second"  # type: ignore[attr-defined]
    assert "raised in the 'second' stage" in caught.value.__notes__
    assert list(timings) == ["first"]


def test_every_declared_layer_has_a_builder() -> None:
    for layer in LAYERS.values():
        assert callable(resolve(layer.build)), layer.name


def test_layers_are_built_once_through_one_accessor() -> None:
    w = world(STORY)
    assert w.layer("sentences") is w.sentences is w.layer("sentences")
    assert w.layer("timeline.story_index") is w.layer("timeline.story_index")
    assert "timeline.story_index" in w.profile
    with pytest.raises(ConfigError, match="unknown layer 'nope'"):
        w.layer("nope")
