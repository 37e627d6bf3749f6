"""A saved world (``analyze --format json``) read back by ``state``, ``check``, ``graph`` and ``view --world``:
the same answers as a fresh analysis, no parse for ``state``, and a clear error for a world another engine
version wrote or one edited into nonsense."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.analysis import World, analyze
from worldstate.cli.main import cli
from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.query import report_dict, state_at
from worldstate.saved_world import load_world, world_json
from worldstate.state.serialize import engine_version

STORY = (
    "Once there lived a baker named Otto in a small town. Otto married Greta, the miller's daughter. "
    "Greta kept a golden ring in a box. One night a thief stole the ring, and Greta did not see it. "
    "In the morning Otto said to Greta, 'The ring is gone.' When Greta heard this, she wept. "
    "One winter Otto fell ill, and after three days Otto died in his bed. His wife buried him under the oak. "
    "In the spring Otto walked to the market and sold his bread."
)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, World]:
    """The story file, its saved world (written by ``analyze --format json``) and the fresh World."""
    folder = tmp_path_factory.mktemp("saved")
    story = folder / "otto.txt"
    story.write_text(STORY, encoding="utf-8")
    out = folder / "otto.json"
    result = CliRunner().invoke(cli, ["analyze", str(story), "--format", "json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return story, out, analyze(STORY, Settings(), source=str(story))


def test_the_saved_world_records_the_engine_and_the_derived_layers(saved: tuple[Path, Path, World]) -> None:
    data = json.loads(saved[1].read_text(encoding="utf-8"))
    assert data["engine"] == engine_version()
    saved = {"timeline", "timeline.presence", "timeline.denials", "timeline.retold", "timeline.letters"}
    assert saved | {"parse.chunk_ranges", "timeline.heard", "timeline.perceived"} <= data["layers"].keys()


def test_state_from_a_saved_world_equals_a_fresh_analysis_and_parses_nothing(saved: tuple[Path, Path, World]) -> None:
    _, path, fresh = saved
    world = load_world(path)
    for at in range(len(fresh)):
        assert report_dict(world, state_at(world, at)) == report_dict(fresh, state_at(fresh, at)), at
    assert report_dict(world, state_at(world, len(fresh) - 1, "Greta")) == report_dict(
        fresh, state_at(fresh, len(fresh) - 1, "Greta")
    )
    assert "sentence_docs" not in world.profile  # the saved layers answered: the story was never parsed again


PASSED_ON = (
    "The miller told his wife that he had found gold. The wife told her sister. The sister laughed. "
    "The prince wrote a letter saying he would return in spring. The princess was in the garden. "
    "She read the letter and smiled."
)


def test_news_retold_and_letters_read_come_back_from_the_saved_layers(tmp_path: Path) -> None:
    fresh = analyze(PASSED_ON, Settings(), source="passed.txt")
    path = tmp_path / "passed.json"
    path.write_text(world_json(fresh), encoding="utf-8")
    world = load_world(path)
    assert world.layer("timeline.retold") and world.layer("timeline.letters")  # saved, not built here
    for name in ("sister", "princess"):
        last = len(fresh) - 1
        assert report_dict(world, state_at(world, last, name)) == report_dict(fresh, state_at(fresh, last, name))
    knows = {
        f["sentence"]
        for c in report_dict(world, state_at(world, len(fresh) - 1, "sister"))["characters"]
        for f in c["knows"]
    }
    assert 0 in knows  # the miller's news, passed on by the wife
    assert "sentence_docs" not in world.profile


def test_preload_takes_only_declared_layers_not_built_yet(saved: tuple[Path, Path, World]) -> None:
    world = load_world(saved[1])
    with pytest.raises(ConfigError, match="unknown layer"):
        world.preload({"timeline_memo": {}})
    with pytest.raises(ConfigError, match="already built"):
        world.preload({"timeline": world.timeline})


def test_state_cli_with_world_prints_what_the_story_gives(saved: tuple[Path, Path, World]) -> None:
    story, path, fresh = saved
    last = str(len(fresh))
    from_world = CliRunner().invoke(cli, ["state", "--world", str(path), "--at", last, "--json"])
    from_story = CliRunner().invoke(cli, ["state", str(story), "--at", last, "--json"])
    assert from_world.exit_code == 0 and from_story.exit_code == 0, from_world.output + from_story.output
    assert json.loads(from_world.output) == json.loads(from_story.output)
    assert "Greta" in [c["name"] for c in json.loads(from_world.output)["characters"]]


def test_check_with_world_finds_what_a_fresh_check_finds(saved: tuple[Path, Path, World]) -> None:
    story, path, _ = saved
    from_world = CliRunner().invoke(cli, ["check", "--world", str(path), "--task", "all", "--json"])
    from_story = CliRunner().invoke(cli, ["check", str(story), "--task", "all", "--json"])
    assert from_world.exit_code == from_story.exit_code == 1, from_world.output + from_story.output
    answers = json.loads(from_world.output)["answers"]
    assert answers == json.loads(from_story.output)["answers"]
    assert any("walked" in f["explanation"] or "Otto" in json.dumps(f) for f in answers["continuity"]["findings"])


def test_a_saved_world_parses_the_same_pieces_as_the_analysis(saved: tuple[Path, Path, World]) -> None:
    _, path, fresh = saved
    world = load_world(path)
    assert world.parsed is None
    for mine, theirs in zip(world.sentence_docs, fresh.sentence_docs, strict=True):
        assert [(t.text, t.dep_, t.head.i) for t in mine] == [(t.text, t.dep_, t.head.i) for t in theirs]


def test_graph_and_view_read_the_saved_world(saved: tuple[Path, Path, World], tmp_path: Path) -> None:
    _, path, _ = saved
    graph = CliRunner().invoke(cli, ["graph", "--world", str(path), "--view", "entities"])
    assert graph.exit_code == 0 and "otto" in graph.output.lower(), graph.output
    page = tmp_path / "otto.html"
    view = CliRunner().invoke(cli, ["view", "--world", str(path), "--no-detect", "--out", str(page)])
    assert view.exit_code == 0 and page.is_file(), view.output


def _rewritten(path: Path, tmp_path: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    out = tmp_path / "edited.json"
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


@pytest.mark.parametrize("command", [["state", "--at", "2"], ["check", "--task", "continuity"], ["graph"]])
def test_a_world_from_another_engine_version_is_refused_naming_both(
    saved: tuple[Path, Path, World], tmp_path: Path, command: list[str]
) -> None:
    old = _rewritten(saved[1], tmp_path, lambda d: d.__setitem__("engine", "0.0.9+0123456789abcdef"))
    result = CliRunner().invoke(cli, [*command, "--world", str(old)])
    assert result.exit_code == 2, result.output
    assert "0.0.9+0123456789abcdef" in result.output and engine_version() in result.output
    assert str(old) in result.output and "Traceback" not in result.output


def test_a_world_saved_before_versions_were_recorded_is_refused(
    saved: tuple[Path, Path, World], tmp_path: Path
) -> None:
    old = _rewritten(saved[1], tmp_path, lambda d: d.pop("engine"))
    result = CliRunner().invoke(cli, ["state", "--world", str(old), "--at", "1"])
    assert result.exit_code == 2 and "did not record its version" in result.output, result.output


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.__setitem__("mentions", "many"), "field 'mentions': expected a list"),
        (lambda d: d["entities"][0].__setitem__("kind", "wizard"), "'wizard' is not one of"),
        (lambda d: d["layers"].__setitem__("timeline", 7), "layers.timeline"),
        (
            lambda d: d["layers"]["timeline.presence"].__setitem__("present", [[1, 2]]),
            "layers.timeline.presence.present[0]",
        ),
        (lambda d: d["layers"].__setitem__("version", 99), "field 'layers': version 99"),
        (lambda d: d["layers"].__setitem__("timeline.heard", [["x", "otto"]]), 'timeline.heard[0]\': "x" is not'),
        (lambda d: d["layers"].__setitem__("timeline.perceived", [[999, "otto"]]), "999 is not a sentence number"),
        (lambda d: d["layers"].__setitem__("timeline.letters", [[0, 1]]), "timeline.letters[0]': expected a list"),
    ],
)
def test_a_world_edited_into_nonsense_names_the_file_and_the_field(
    saved: tuple[Path, Path, World], tmp_path: Path, edit, message: str
) -> None:  # type: ignore[no-untyped-def]
    bad = _rewritten(saved[1], tmp_path, edit)
    result = CliRunner().invoke(cli, ["state", "--world", str(bad), "--at", "1"])
    assert result.exit_code == 2, result.output
    assert str(bad) in result.output and message in result.output and "Traceback" not in result.output


def test_not_json_and_no_world_at_all_are_clear_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--world", str(junk), "--task", "continuity"])
    assert result.exit_code == 2 and "not JSON" in result.output and str(junk) in result.output
    result = CliRunner().invoke(cli, ["state", "--at", "1"])
    assert result.exit_code == 2 and "--world" in result.output
    missing = tmp_path / "missing.json"
    result = CliRunner().invoke(cli, ["state", "--world", str(missing), "--at", "1"])
    assert result.exit_code == 2 and "no such file" in result.output


def test_state_with_world_checks_the_sentence_number(saved: tuple[Path, Path, World]) -> None:
    result = CliRunner().invoke(cli, ["state", "--world", str(saved[1]), "--at", "999"])
    assert result.exit_code == 2 and "outside the story" in result.output
