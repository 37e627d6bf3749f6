"""Write a codex into a folder: ``index.md``, ``characters/<id>.md``, ``groups.md``, ``places.md``,
``objects.md`` and ``codex.csv`` (one row per entry; sentence numbers 1-based, as on the pages)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import TYPE_CHECKING

from worldstate.codex.entries import Codex, build_codex
from worldstate.codex.pages import PAGE_KINDS, character_page, fact_line, index_page, kind_page, page_name
from worldstate.files import atomic_write_text

if TYPE_CHECKING:
    from worldstate.analysis import World

CSV_COLUMNS = (
    "kind",
    "id",
    "name",
    "aliases",
    "mentions",
    "gender",
    "first_sentence",
    "first_quote",
    "last_sentence",
    "last_quote",
    "relations",
    "states",
    "page",
)


def write_codex(world: World, folder: str | Path, title: str = "") -> Path:
    """The codex of ``world`` written into ``folder`` (made if missing); the index page's path."""
    codex = build_codex(world, title)
    out = Path(folder)
    (out / "characters").mkdir(parents=True, exist_ok=True)
    for entry in codex.of_kind("character"):
        atomic_write_text(out / page_name(entry), character_page(entry))
    for kind, name in PAGE_KINDS.items():
        atomic_write_text(out / name, kind_page(codex, kind, name.removesuffix(".md").capitalize()))
    atomic_write_text(out / "codex.csv", codex_csv(codex))
    atomic_write_text(out / "index.md", index_page(codex))
    return out / "index.md"


def codex_csv(codex: Codex) -> str:
    """One row per entry, the columns of ``CSV_COLUMNS``; lists joined with ' | '."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for e in codex.entries:
        page = page_name(e) if e.kind == "character" else PAGE_KINDS[e.kind]
        writer.writerow(
            [
                e.kind,
                e.id,
                e.name,
                " | ".join(e.aliases),
                e.mentions,
                e.gender,
                e.first.sentence + 1 if e.first else "",
                e.first.quote if e.first else "",
                e.last.sentence + 1 if e.last else "",
                e.last.quote if e.last else "",
                " | ".join(fact_line(f, markdown=False) for f in e.relations),
                " | ".join(fact_line(f, markdown=False) for f in e.facts if f.predicate != "relation"),
                page,
            ]
        )
    return buffer.getvalue()
