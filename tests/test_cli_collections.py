"""``check`` and ``view`` on a collection: every story on its own analysis, one report per story and a summary,
the Gutenberg header and licence dropped; nothing compared across two stories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from written import written

from worldstate.cli.main import cli

HEAD = "The Project Gutenberg eBook of Tiny Tales\n\n*** START OF THE PROJECT GUTENBERG EBOOK TINY TALES ***\n\n\n"
END = "*** END OF THE PROJECT GUTENBERG EBOOK TINY TALES ***\n\nSection 1. General Terms of Use. Hans walked home.\n"
# Hans dies in the first tale; the Hans of the second tale walks: two stories, so no dead character acts
DIES = "THE MILLER\n\n\nOnce there lived a miller named Hans. One winter Hans fell ill, and Hans died in his bed.\n\n\n"
WALKS = (
    "THE MARKET\n\n\nA boy named Hans lived by the sea. One morning Hans walked to the market and bought bread.\n\n\n"
)
FLAWED = (
    "THE BAKER\n\n\nOnce there lived a baker named Otto. One winter Otto fell ill, and after three days Otto "
    "died in his bed. His wife buried him under the oak. In the spring Otto walked to the market and sold "
    "his bread.\n\n\n"
)


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    return written(tmp_path / "tales.txt", HEAD + DIES + WALKS + END)


def test_check_reads_a_book_tale_by_tale(book: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(book), "--task", "continuity", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert [s["title"] for s in payload["stories"]] == ["The Miller", "The Market"]
    assert payload["summary"] == {"stories": 2, "with_findings": 0, "findings": 0, "failed": 0}


def test_a_finding_inside_one_tale_is_reported_under_that_tale(tmp_path: Path) -> None:
    path = written(tmp_path / "tales.txt", HEAD + FLAWED + WALKS + END)
    result = CliRunner().invoke(cli, ["check", str(path), "--task", "continuity"])
    assert result.exit_code == 1, result.output
    assert "The Baker" in result.output and "The Market" in result.output
    assert "2 stories checked: 1 with findings" in result.output
    assert "Otto walked to the market" in result.output


def test_a_book_of_one_tale_is_checked_without_its_licence(tmp_path: Path) -> None:
    path = written(tmp_path / "one.txt", HEAD + DIES + END)
    result = CliRunner().invoke(cli, ["check", str(path), "--task", "continuity", "--json"])
    assert result.exit_code == 0, result.output  # "Hans walked home" in the licence is no story text
    assert [s["title"] for s in json.loads(result.output)["stories"]] == ["The Miller"]


def test_a_folder_with_a_bad_file_checks_the_others_and_exits_2(tmp_path: Path) -> None:
    folder = tmp_path / "stories"
    folder.mkdir()
    (folder / "a.txt").write_text("A fox lived at the edge of the wood. The fox crept to the farm.", encoding="utf-8")
    (folder / "b.txt").write_text("", encoding="utf-8")  # empty: it cannot be read as a story
    result = CliRunner().invoke(cli, ["check", str(folder), "--task", "constory", "--json"])
    assert result.exit_code == 2, result.output
    payload = json.loads(result.output)
    assert payload["summary"]["stories"] == 1 and payload["summary"]["failed"] == 1
    assert payload["failed"][0]["source"].endswith("b.txt")


def test_tasks_that_need_one_story_refuse_a_book(book: Path, tmp_path: Path) -> None:
    summary = written(tmp_path / "summary.txt", "Hans dies.")
    result = CliRunner().invoke(
        cli, ["check", "--task", "faithfulness", "--story", str(book), "--summary", str(summary)]
    )
    assert result.exit_code == 2 and "needs one story file" in result.output


def test_view_writes_one_page_per_tale_and_an_index(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "pages"
    result = CliRunner().invoke(cli, ["view", str(book), "--out", str(out), "--no-detect"])
    assert result.exit_code == 0, result.output
    pages = sorted(p.name for p in out.iterdir())
    assert pages == ["index.html", "tales-000-the-miller.html", "tales-001-the-market.html"]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "The Miller" in index and "The Market" in index
    assert "General Terms" not in (out / "tales-001-the-market.html").read_text(encoding="utf-8")
