"""``worldstate analyze`` and the rich terminal rendering: readable tables, --json, clear errors."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from rich.console import Console
from test_view_html import viewer_world

from worldstate.cli.main import cli
from worldstate.cli.render import progress, render_findings, render_world_state
from worldstate.state import from_json


@pytest.fixture()
def story_file(tmp_path, monkeypatch):
    """A story file whose analysis is the hand-built world (the extractor is tested elsewhere)."""
    path = tmp_path / "bears.txt"
    path.write_text(viewer_world().story.text, encoding="utf-8")
    from worldstate.analysis import World

    monkeypatch.setattr(
        "worldstate.cli.analyze.analyze_file", lambda story, settings, **options: World.of_state(viewer_world())
    )
    return path


def rendered(ws) -> str:
    buffer = io.StringIO()
    render_world_state(ws, Console(file=buffer, width=120, force_terminal=False))  # as analyze --out
    return buffer.getvalue()


def test_text_output_has_readable_tables(story_file):
    result = CliRunner().invoke(cli, ["analyze", str(story_file)])
    assert result.exit_code == 0, result.output
    out = result.output
    for heading in ("Characters", "Places", "Objects", "Events in order", "What Randall knows", "Findings (1)"):
        assert heading in out
    assert "Randall" in out and "Maggie Cassidy" in out  # names and aliases
    assert "witnessed" in out and "thought" in out  # how each character knows


def test_findings_quote_their_evidence_with_sentence_numbers():
    ws = viewer_world()
    buffer = io.StringIO()
    render_findings(ws.findings, ws.story, Console(file=buffer, width=160, force_terminal=False))
    out = buffer.getvalue()
    assert "knowledge" in out and "0.80" in out and "Maggie" in out
    assert 's5: “Later Maggie says, "Your truck smashed into that oak."”' in out
    assert "s4 (support): “The key does nothing" in out


def test_no_findings_says_so():
    ws = viewer_world()
    buffer = io.StringIO()
    render_findings([], ws.story, Console(file=buffer, width=100, force_terminal=False))
    assert "Findings: none" in buffer.getvalue()


def test_json_output_is_the_full_world_state(story_file, tmp_path):
    result = CliRunner().invoke(cli, ["analyze", str(story_file), "--json"])
    assert result.exit_code == 0, result.output
    assert from_json(result.stdout) == viewer_world()
    out = tmp_path / "w.json"
    result = CliRunner().invoke(cli, ["analyze", str(story_file), "--format", "json", "--out", str(out)])
    assert result.exit_code == 0 and json.loads(out.read_text())["schema"] == "worldstate/world-state"


def test_text_output_to_file(story_file, tmp_path):
    out = tmp_path / "summary.txt"
    result = CliRunner().invoke(cli, ["analyze", str(story_file), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == rendered(viewer_world())


def test_bad_input_is_one_line_exit_2(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("   ")
    for path, problem in (
        (tmp_path / "missing.txt", "no such file"),
        (empty, "file is empty"),
        (tmp_path, "give --out FOLDER"),  # a folder of stories needs a folder for its results
    ):
        result = CliRunner().invoke(cli, ["analyze", str(path)])
        assert result.exit_code == 2, result.output
        assert problem in result.output and "Traceback" not in result.output


def test_progress_is_silent_off_a_terminal():
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=False)
    with progress(console) as step:
        step("building the world state")
    assert buffer.getvalue() == ""
    terminal = Console(file=io.StringIO(), force_terminal=True)
    with progress(terminal) as step:
        step("running the detectors")  # a live spinner: must not raise
