"""``analyze --format codex``: a story bible (a page per character, groups, places, objects, an index and a CSV)
read from the World; on Grimm's Hansel and Gretel, and one folder per story of a book of tales."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.analysis import World, analyze
from worldstate.cli.main import cli
from worldstate.codex import build_codex, write_codex
from worldstate.codex.write import CSV_COLUMNS
from worldstate.config import Settings

STORY = (
    "Once there lived a fisherman named Hans by the sea. Hans married Ilse, the baker's daughter. "
    "Hans took his net and went to the harbour. In the evening Hans gave the net to Ilse. "
    "Ilse carried the net into the cottage."
)
HEAD = "The Project Gutenberg eBook of Tiny Tales\n\n*** START OF THE PROJECT GUTENBERG EBOOK TINY TALES ***\n\n\n"
END = "*** END OF THE PROJECT GUTENBERG EBOOK TINY TALES ***\n"
TALES = (
    "THE MILLER\n\n\nOnce there lived a miller named Hans. One winter Hans fell ill, and Hans died in his bed.\n\n\n"
    "THE MARKET\n\n\nA boy named Peter lived by the sea. One morning Peter walked to the market and bought bread.\n\n\n"
)


@pytest.fixture(scope="module")
def small() -> World:
    return analyze(STORY, Settings(), source="hans.txt")


@pytest.fixture(scope="module")
def hansel(shared_data: Path) -> World:
    """Grimm's Hansel and Gretel, analysed once for the module."""
    from worldstate.make.corpus import read_text_file

    path = shared_data / "corpora" / "gutenberg" / "2591.txt"
    if not path.is_file():
        pytest.skip(f"Grimm tales not found at {path}")
    story = next(s for s in read_text_file(path) if s.title.upper() == "HANSEL AND GRETEL")
    return analyze(story.text, Settings(), source="grimm#hansel")


def _entry(world: World, name: str):  # type: ignore[no-untyped-def]
    return next(e for e in build_codex(world).entries if e.name == name)


def test_a_character_entry_has_aliases_appearances_and_what_holds_from_when(small: World) -> None:
    hans = _entry(small, "Hans")
    assert hans.kind == "character" and hans.first is not None and hans.last is not None
    assert hans.first.sentence == 0 and "fisherman named Hans" in hans.first.quote
    assert hans.last.sentence > hans.first.sentence
    married = [f for f in hans.relations if f.text.startswith("married to")]
    assert married and married[0].start == 1 and married[0].quote  # from s2, with the text's words
    assert all(f.start <= len(small) for f in hans.facts)


def test_the_codex_folder_has_pages_an_index_and_a_csv_of_the_same(small: World, tmp_path: Path) -> None:
    index = write_codex(small, tmp_path / "codex", "Hans")
    assert index.read_text(encoding="utf-8").startswith("# Codex: Hans")
    codex = build_codex(small)
    characters = codex.of_kind("character")
    pages = sorted(p.name for p in (tmp_path / "codex" / "characters").glob("*.md"))
    assert pages == sorted(f"{e.id}.md" for e in characters)
    hans = (tmp_path / "codex" / "characters" / "hans.md").read_text(encoding="utf-8")
    assert "# Hans" in hans and "## Appearances" in hans and "married to" in hans and "from s2" in hans
    for name in ("places.md", "objects.md", "groups.md"):
        assert (tmp_path / "codex" / name).read_text(encoding="utf-8").startswith("# ")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "codex" / "codex.csv").read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [r["id"] for r in rows] == [e.id for e in codex.entries]
    row = next(r for r in rows if r["id"] == "hans")
    assert row["first_sentence"] == "1" and "married to" in row["relations"] and row["page"] == "characters/hans.md"


def test_analyze_format_codex_needs_a_folder(tmp_path: Path) -> None:
    story = tmp_path / "s.txt"
    story.write_text(STORY, encoding="utf-8")
    result = CliRunner().invoke(cli, ["analyze", str(story), "--format", "codex"])
    assert result.exit_code == 2 and "--out FOLDER" in result.output


def test_a_book_of_tales_gets_one_codex_folder_per_tale(tmp_path: Path) -> None:
    book = tmp_path / "tales.txt"
    book.write_text(HEAD + TALES + END, encoding="utf-8")
    out = tmp_path / "codex"
    result = CliRunner().invoke(cli, ["analyze", str(book), "--format", "codex", "--out", str(out)])
    assert result.exit_code == 0, result.output
    stories = json.loads((out / "index.json").read_text(encoding="utf-8"))["stories"]
    assert [s["title"] for s in stories] == ["The Miller", "The Market"]
    for story, name in zip(stories, ("hans", "peter"), strict=True):
        assert (out / story["file"] / "index.md").is_file()
        assert (out / story["file"] / "characters" / f"{name}.md").is_file()
    top = (out / "index.md").read_text(encoding="utf-8")
    assert "[The Miller](" in top and "[The Market](" in top


# The cast a reader names for Hansel and Gretel: the children, the father, the stepmother, the witch, the duck.
def _pages_naming(world: World, *words: str) -> list[str]:
    """The character pages whose name or an alias holds one of ``words`` (lower case)."""
    return [
        e.id
        for e in build_codex(world).of_kind("character")
        if any(w in n.lower() for n in (e.name, *e.aliases) for w in words)
    ]


def test_hansel_and_gretel_codex_has_the_children_and_the_duck_once_each(hansel: World, tmp_path: Path) -> None:
    assert _pages_naming(hansel, "hansel") == ["hansel"]
    assert _pages_naming(hansel, "gretel") == ["gretel"]
    assert len(_pages_naming(hansel, "duck")) == 1
    groups = [e.name for e in build_codex(hansel).of_kind("group")]
    assert "Hansel and Gretel" in groups  # the children together, on the groups page
    write_codex(hansel, tmp_path / "hansel", "Hansel and Gretel")
    index = (tmp_path / "hansel" / "index.md").read_text(encoding="utf-8")
    assert "[Hansel](characters/hansel.md)" in index and "[Gretel](characters/gretel.md)" in index


def test_hansel_and_gretel_codex_has_a_page_for_the_father_the_stepmother_and_the_witch(hansel: World) -> None:
    assert _pages_naming(hansel, "father", "husband", "the man")
    assert _pages_naming(hansel, "stepmother", "wife")
    assert _pages_naming(hansel, "witch")


def test_hansel_and_gretel_codex_has_the_father_the_stepmother_and_the_witch_once_each(hansel: World) -> None:
    assert len(_pages_naming(hansel, "father", "husband")) == 1
    assert len(_pages_naming(hansel, "stepmother", "wife")) == 1
    assert len(_pages_naming(hansel, "witch", "old woman")) == 1
