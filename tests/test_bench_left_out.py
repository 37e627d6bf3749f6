"""Runs keep their results when a reference file beside the data is broken, and list what the loaders left out."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

from worldstate.bench.loaders import left_out_of, load_constory, load_constory_judge
from worldstate.bench.runner import RunOptions, run_benchmark
from worldstate.bench.tasks import get_task
from worldstate.cli.main import cli
from worldstate.config import Settings
from worldstate.detect.answers import CONSTORY_COLUMNS
from worldstate.errors import InputError

sys.path.insert(0, str(Path(__file__).resolve().parent))

STORY = "Anna lived in a small house by the sea.\nEvery morning she walked to the harbour.\n"


def fake_constory(item: Any, settings: Any, context: Any = None) -> dict[str, Any]:
    """No model: report one error quoting the first sentence."""
    quote = item.inputs["story"].split("\n")[0]
    return {"errors": {CONSTORY_COLUMNS[0]: [{"error_quote": quote, "explanation": "fake"}]}}


def make_constory(root: Path, judge_rows: list[dict[str, str]] | None = None) -> Path:
    folder = root / "constory"
    folder.mkdir()
    rows = [
        {"id": 1, "prompt": "p1", "generated_story": STORY, "generation_error": None},
        {"id": 2, "prompt": "p2", "generated_story": "", "generation_error": "RateLimitError: 429 Too Many Requests"},
        {"id": 3, "prompt": "p3", "generated_story": STORY + "She smiled.\n", "generation_error": None},
    ]
    pd.DataFrame(rows).to_parquet(folder / "stories_tiny.parquet")
    if judge_rows is not None:
        with (folder / "judge_tiny.csv").open("w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, ["id", "generated_story", *CONSTORY_COLUMNS])
            writer.writeheader()
            writer.writerows(judge_rows)
    return folder


def judge_row(row_id: str, story: str, **cells: str) -> dict[str, str]:
    row = {"id": row_id, "generated_story": story, **{c: "[]" for c in CONSTORY_COLUMNS}}
    row.update(cells)
    return row


ERROR_CELL = "ERROR: judge call failed: Request timed out after 120 s"


def test_judge_error_row_is_left_out_with_its_line(tmp_path: Path) -> None:
    quote = json.dumps([{"error_quote": "Anna lived in a small house", "explanation": "x"}])
    folder = make_constory(
        tmp_path,
        [
            judge_row("1", STORY, **{CONSTORY_COLUMNS[0]: quote}),  # the story spans lines 2-4
            judge_row("3", STORY, **{CONSTORY_COLUMNS[5]: ERROR_CELL}),  # starts on line 5
        ],
    )
    rows = load_constory_judge(folder / "judge_tiny.csv")
    assert [r["id"] for r in rows] == ["1"]
    (record,) = left_out_of(rows)
    assert record["id"] == "3" and record["line"] == 5 and record["file"].endswith("judge_tiny.csv")
    assert f"judge failed in column {CONSTORY_COLUMNS[5]}: ERROR: judge call failed" in record["reason"]


def test_other_broken_judge_cells_are_still_errors(tmp_path: Path) -> None:
    folder = make_constory(tmp_path, [judge_row("1", "x"), judge_row("3", "y", **{CONSTORY_COLUMNS[2]: "[{"})])
    with pytest.raises(InputError) as info:
        load_constory_judge(folder / "judge_tiny.csv")
    assert info.value.line == 3 and CONSTORY_COLUMNS[2] in str(info.value)


def test_empty_story_is_left_out_with_the_reason(tmp_path: Path) -> None:
    items = load_constory(make_constory(tmp_path))
    assert [i.id for i in items] == ["tiny/1", "tiny/3"]
    (record,) = left_out_of(items)
    assert record["id"] == "tiny/2" and record["line"] == 2
    assert record["reason"] == "empty story (generation error: RateLimitError: 429 Too Many Requests)"


def run(folder: Path, out: Path) -> dict[str, Any]:
    options = RunOptions(progress=False, predictor=fake_constory)
    return run_benchmark(get_task("constory"), folder, out, Settings(), options)


def test_run_reports_left_out_items_and_judge_rows(tmp_path: Path) -> None:
    folder = make_constory(
        tmp_path, [judge_row("1", STORY), judge_row("3", STORY, **{CONSTORY_COLUMNS[0]: ERROR_CELL})]
    )
    out = tmp_path / "run"
    doc = run(folder, out)
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["n"] == 2 and metrics["metrics"]["errors_per_story"] == 1.0
    assert metrics["left_out"]["n"] == 1 and metrics["left_out"]["reasons"] == {"empty story": 1}
    assert metrics["left_out"]["items"][0]["id"] == "tiny/2"
    judge = metrics["extras"]["judge_tiny"]
    assert judge["n"] == 1 and judge["left_out"][0]["line"] == 5  # the story above spans 3 lines
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## Left out by the loader: 1 item(s) (1 empty story)" in report
    assert "`tiny/2`" in report and "RateLimitError" in report
    assert "Left out of judge_tiny: 1 row(s)" in report and "judge_tiny.csv:5" in report
    assert doc["left_out"] == metrics["left_out"]


def test_a_broken_judge_file_does_not_lose_the_run(tmp_path: Path) -> None:
    folder = make_constory(tmp_path, [judge_row("1", STORY, **{CONSTORY_COLUMNS[0]: "not json"})])
    out = tmp_path / "run"
    run(folder, out)
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["n"] == 2 and len((out / "predictions.jsonl").read_text().splitlines()) == 2
    assert metrics["extras"] == {} and "judge_tiny.csv:2" in metrics["extras_errors"][0]
    assert "Reference results not computed" in (out / "report.md").read_text(encoding="utf-8")


def test_cli_constory_judge_lists_left_out_rows(tmp_path: Path) -> None:
    folder = make_constory(tmp_path, [judge_row("1", "x"), judge_row("3", "y", **{CONSTORY_COLUMNS[0]: ERROR_CELL})])
    result = CliRunner().invoke(cli, ["bench", "constory-judge", str(folder / "judge_tiny.csv")])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["n"] == 1
    assert "judge_tiny.csv:3: left out: judge failed" in result.stderr
