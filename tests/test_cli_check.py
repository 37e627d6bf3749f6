"""``worldstate check``: exit codes, readable and JSON output, clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from written import written

from worldstate.cli import check as check_module
from worldstate.cli.main import cli

DEAD_ACTS = (
    "Once there lived a miller named Hans and his daughter Greta. "
    "One winter Hans fell ill, and after three days Hans died in his bed. "
    "Greta buried her father under the old oak and wept for many weeks. "
    "There Hans walked up to her stall and bought a loaf of bread."
)
CLEAN = "A fox lived at the edge of the wood. Every evening the fox crept to the farm to look at the hens."
KNP_STORY = (
    "Lane promised her sister Kristina she would come home for the family dinner. "
    "That same afternoon, Robert secretly called their parents and asked to attend the dinner; they agreed "
    "to keep it a surprise. On Saturday morning, Lane sat with the ticket page open."
)


@pytest.fixture()
def story_file(tmp_path: Path) -> Path:
    return written(tmp_path / "story.txt", DEAD_ACTS)


def test_continuity_finding_exits_1_and_quotes_evidence(story_file: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(story_file), "--task", "continuity"])
    assert result.exit_code == 1, result.output
    assert "continuity error found" in result.output
    assert "sentence 4" in result.output and "Hans walked up to her stall" in result.output


def test_clean_story_exits_0_with_json(tmp_path: Path) -> None:
    path = written(tmp_path / "clean.txt", CLEAN)
    result = CliRunner().invoke(cli, ["check", str(path), "--task", "continuity", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["task"] == "continuity"
    assert payload["answer"]["has_error"] is False


def test_next_action_answers_and_exits_0(tmp_path: Path) -> None:
    path = written(tmp_path / "knp.txt", KNP_STORY)
    args = ["check", "--task", "next-action", "--story", str(path), "--question", "What will Lane do?"]
    args += ["--option", "Cancel the trip to avoid Robert.", "--option", "Buy a ticket and travel home."]
    result = CliRunner().invoke(cli, [*args, "--character", "Lane", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)["answer"]
    assert answer["choice"] in (0, 1) and len(answer["scores"]) == 2
    for finding in answer["findings"]:
        for ev in finding["evidence"]:
            start, end = ev["span"]
            assert KNP_STORY[start:end] == ev["text"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "--task", "continuity"], "no story given"),
        (["check", "missing.txt", "--task", "knowledge"], "no such file"),
        (["check", "STORY", "--task", "faithfulness"], "needs --summary"),
        (["check", "STORY", "--task", "next-action", "--question", "Q?", "--option", "A"], "at least two"),
        (["check", "STORY", "--task", "continuity", "--option", "A"], "only used by --task next-action"),
    ],
)
def test_bad_input_exits_2(story_file: Path, args: list[str], message: str) -> None:
    args = [str(story_file) if a == "STORY" else a for a in args]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_empty_story_file_exits_2(tmp_path: Path) -> None:
    path = written(tmp_path / "empty.txt", "  \n")
    result = CliRunner().invoke(cli, ["check", str(path), "--task", "continuity"])
    assert result.exit_code == 2
    assert "empty" in result.output


def test_missing_head_module_is_a_clear_error(story_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from worldstate.detect.heads import Head

    missing = Head("constory", "worldstate.detect.no_such_head:constory_report", "not installed")
    monkeypatch.setitem(check_module.HEADS, "constory", missing)
    result = CliRunner().invoke(cli, ["check", str(story_file), "--task", "constory"])
    assert result.exit_code == 2
    assert "is not available" in result.output


def test_knowledge_finding_is_rendered(tmp_path: Path) -> None:
    story = (
        "Tom packed his fishing rod and walked down to the river at dawn. "
        "His neighbour Ruth waved from her garden and wished him luck. "
        "Tom shouted back, “Don’t worry, the old wooden bridge will collapse under the grey mare at noon.” "
        "He fished for hours and caught two small trout. "
        "At noon the old wooden bridge collapsed under the grey mare, and the cart fell into the water."
    )
    path = written(tmp_path / "leak.txt", story)
    result = CliRunner().invoke(cli, ["check", str(path), "--task", "knowledge"])
    assert result.exit_code == 1, result.output
    assert "implausible knowledge" in result.output
    assert "sentence 3" in result.output and "sentence 5" in result.output


def test_one_sentence_numbering_in_text_json_and_viewer(story_file: Path) -> None:
    """JSON carries 0-based sentence indexes into the world's one sentence split; the text report and the
    viewer show the same sentences counted from 1."""
    from analysed import world

    from worldstate.detect.heads import run_head
    from worldstate.state import Story
    from worldstate.view.payload import build_payload

    text_out = CliRunner().invoke(cli, ["check", str(story_file), "--task", "continuity"]).output
    json_out = CliRunner().invoke(cli, ["check", str(story_file), "--task", "continuity", "--json"]).output
    evidence = json.loads(json_out)["answer"]["findings"][0]["evidence"]
    for ev in evidence:
        assert f"sentence {ev['sentence'] + 1}:" in text_out
    analysed = world(Story.from_text(DEAD_ACTS))  # as the viewer analyses a story
    run_head(analysed, "continuity")
    payload = build_payload(analysed.state, analysed.findings)
    shown = payload["findings"][0]["evidence"]
    assert [ev["sentence"] for ev in shown] == [ev["sentence"] for ev in evidence]
    for ev in shown:  # the viewer's sentence list is the same split
        start, end = payload["sentences"][ev["sentence"]]
        assert payload["text"][start:end] == DEAD_ACTS[start:end]


def test_task_all_runs_every_story_head_on_one_analysis(story_file: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(story_file), "--task", "all", "--json"])
    assert result.exit_code == 1, result.output  # the continuity error is a finding
    answers = json.loads(result.output)["answers"]
    assert set(answers) == {"continuity", "knowledge", "constory"}
    assert answers["continuity"]["has_error"]
