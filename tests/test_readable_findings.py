"""Findings a person can read: each side's sentence and why the engine believes it (state and modality), and
a finding dismissed by ``worldstate dismiss`` staying dismissed across re-runs and edits elsewhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.cli.main import cli
from worldstate.errors import InputError
from worldstate.ignore import IGNORE_FILE, IgnoreList, add_dismissals, remove_dismissals

STORY = (
    "Old Tom the miller lived by the river with his daughter Anna.\n\n"
    "One winter Tom fell ill, and in the spring Tom died. Anna buried him under the willow.\n\n"
    "The next summer Tom walked to the market and sold his flour. Anna kept the mill alone.\n"
)
EDIT = "A cold wind blew over the hills that year, and the crows came early.\n\n"
ID_SHAPE = "text-dead-character-acts-0123456789"


@pytest.fixture(autouse=True)
def calibrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """``check`` as a writer runs it: the calibrated threshold (this finding is unsure, so exit 0)."""
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD", raising=False)


def check_json(story: Path) -> dict:
    result = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--all", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def dead_tom(doc: dict) -> list[dict]:
    return [f for f in doc["answer"]["findings"] if f["rule"] == "text.dead_character_acts"]


def test_each_side_says_what_the_engine_believes_there(tmp_path: Path) -> None:
    story = tmp_path / "tom.txt"
    story.write_text(STORY, encoding="utf-8")
    (found,) = dead_tom(check_json(story))
    sides = {ev["role"]: ev for ev in found["evidence"]}
    assert sides["error"]["text"].startswith("The next summer Tom walked")
    assert sides["error"]["why"] == "Tom is at the market (narrated as fact)"
    assert sides["contradicted"]["why"] == "Tom is dead (narrated as fact)"
    text = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--all"]).output
    assert "why the engine believes it: Tom is dead (narrated as fact)" in " ".join(text.split())


def test_a_dismissed_finding_stays_dismissed_after_an_edit_elsewhere(tmp_path: Path) -> None:
    story = tmp_path / "tom.txt"
    story.write_text(STORY, encoding="utf-8")
    (found,) = dead_tom(check_json(story))
    result = CliRunner().invoke(cli, ["dismiss", found["id"], "--reason", "his ghost", "--story", str(story)])
    assert result.exit_code == 0 and "1 finding(s) dismissed" in result.output
    assert IgnoreList.read(tmp_path / IGNORE_FILE).reasons == {found["id"]: "his ghost"}

    story.write_text(EDIT + STORY, encoding="utf-8")  # an edit elsewhere: every offset moves
    after = check_json(story)
    assert not dead_tom(after)
    assert after["dismissed"]["findings"] == [{"id": found["id"], "reason": "his ghost"}]

    undo = CliRunner().invoke(cli, ["dismiss", found["id"], "--undo", "--story", str(story)])
    assert undo.exit_code == 0 and "1 finding(s) no longer dismissed" in undo.output
    assert [f["id"] for f in dead_tom(check_json(story))] == [found["id"]]


def test_the_ignore_file_is_written_with_care(tmp_path: Path) -> None:
    path = tmp_path / IGNORE_FILE
    assert add_dismissals(path, [ID_SHAPE], "on purpose") == [ID_SHAPE]
    assert add_dismissals(path, [ID_SHAPE], "another reason") == []  # listed once, its reason kept
    path.write_text(path.read_text(encoding="utf-8") + "# a note of the writer's\n", encoding="utf-8")
    assert remove_dismissals(path, [ID_SHAPE]) == [ID_SHAPE]
    assert "# a note of the writer's" in path.read_text(encoding="utf-8")
    assert not IgnoreList.read(path).reasons
    with pytest.raises(InputError, match="not a finding id"):
        add_dismissals(path, ["Tom is dead"], "why")
    with pytest.raises(InputError, match="one-line reason"):
        add_dismissals(path, [ID_SHAPE], "  ")
    result = CliRunner().invoke(cli, ["dismiss", "nonsense", "--reason", "x", "--ignore", str(path)])
    assert result.exit_code == 2 and "not a finding id" in result.output


def test_a_state_is_told_with_its_modality_and_holder() -> None:
    from types import SimpleNamespace

    from test_view_html import viewer_world

    from worldstate.detect.grounds import describe_state
    from worldstate.state import Span
    from worldstate.state.timeline import Modality, Predicate, StateInterval

    world = SimpleNamespace(state=viewer_world())  # Randall e1, Maggie e2, the woods e4
    said = StateInterval("e1", Predicate.ALIVE, "false", 4, Span(0, 5), Modality.SPEECH, holder="e2")
    assert describe_state(world, said) == "Randall is dead (said by Maggie)"
    supposed = StateInterval("e1", Predicate.LOCATION, "e4", 2, Span(0, 5), Modality.HYPOTHETICAL)
    assert (
        describe_state(world, supposed) == "Randall is at the woods (only supposed: a condition, comparison or modal)"
    )
    trait = StateInterval("e2", Predicate.TRAIT, "hair=black", 1, Span(0, 5), value_text="black")
    assert describe_state(world, trait) == "Maggie hair: black (narrated as fact)"
