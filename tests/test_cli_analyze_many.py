"""``worldstate analyze`` on a collection file or a folder: one result per story, characters never merged
across stories, a bad file or story listed at the end with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from worldstate.cli.main import cli

TALES = {
    "THE MILLER": "Hans was a miller by the river. Every morning Hans ground the corn and sang to his wife Liese.",
    "THE GOOSE GIRL": "A goose girl named Gerda lived by the hill. She met Hans at the well and gave him water.",
    "THE OLD KING": "The old king had three sons. The youngest, Hans, rode out to find the golden bird.",
}


def gutenberg_book(path: Path) -> Path:
    """A small Gutenberg-style collection: markers, and each tale under a heading with blank lines around it."""
    parts = ["The Project Gutenberg eBook of Tales", "", "*** START OF THE PROJECT GUTENBERG EBOOK TALES ***", ""]
    for title, text in TALES.items():
        parts += ["", "", title, "", text, ""]
    parts += ["", "*** END OF THE PROJECT GUTENBERG EBOOK TALES ***", ""]
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def test_a_collection_file_gives_one_result_per_story(tmp_path: Path) -> None:
    book = gutenberg_book(tmp_path / "tales.txt")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(book), "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    index = json.loads((out / "index.json").read_text("utf-8"))
    assert [row["title"] for row in index["stories"]] == ["The Miller", "The Goose Girl", "The Old King"]
    assert index["failed"] == []
    for row in index["stories"]:
        state = json.loads((out / row["file"]).read_text("utf-8"))
        names = {e["name"] for e in state["entities"] if e["kind"] == "character"}
        assert "Hans" in names  # each story has its own Hans: never merged into one across stories
        assert "Hans" not in state["story"]["text"] or state["story"]["text"] in TALES.values()


def test_a_collection_needs_an_out_folder(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["analyze", str(gutenberg_book(tmp_path / "tales.txt"))])
    assert result.exit_code == 2 and "--out FOLDER" in result.output


def test_a_folder_run_goes_on_past_bad_files_and_lists_them(tmp_path: Path) -> None:
    folder = tmp_path / "stories"
    folder.mkdir()
    (folder / "a.txt").write_text(TALES["THE MILLER"], encoding="utf-8")
    (folder / "b.txt").write_bytes(b"\x00\x01\x02 not a story \x00" * 20)
    (folder / "c.txt").write_text("   \n", encoding="utf-8")
    (folder / "d.txt").write_text(TALES["THE OLD KING"], encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(folder), "--out", str(out)])
    assert result.exit_code == 2, result.output
    index = json.loads((out / "index.json").read_text("utf-8"))
    assert [row["id"] for row in index["stories"]] == ["a", "d"]
    assert (out / "a.txt").is_file() and (out / "d.txt").is_file()
    failed = {Path(f["source"].split("#")[0]).name for f in index["failed"]}
    assert failed == {"b.txt", "c.txt"}
    assert "2 failed:" in result.output and "b.txt" in result.output


def test_a_collection_in_booknlp_format_gives_the_four_files_per_story(tmp_path: Path) -> None:
    book = gutenberg_book(tmp_path / "tales.txt")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(book), "--format", "booknlp", "--out", str(out)])
    assert result.exit_code == 0, result.output
    index = json.loads((out / "index.json").read_text("utf-8"))
    ids = [row["id"] for row in index["stories"]]
    assert len(ids) == 3 and index["failed"] == []
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["index.json", *(f"{i}{suffix}" for i in ids for suffix in (".tokens", ".entities", ".quotes", ".book"))]
    )
    for row, text in zip(index["stories"], TALES.values(), strict=True):
        assert row["file"] == f"{row['id']}.book"
        book_json = json.loads((out / row["file"]).read_text("utf-8"))
        names = {c["name"] for c in book_json["characters"]}
        assert "Hans" in names  # each story's own character list
        tokens = (out / f"{row['id']}.tokens").read_text("utf-8").splitlines()[1:]
        assert " ".join(line.split("\t")[4] for line in tokens[:3]) == " ".join(text.split()[:3])
