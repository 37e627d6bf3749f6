"""``worldstate analyze`` on a folder or a collection file: one result per story, failures listed at the end.

``--format json``/``text`` write ``<story id>.json``/``.txt``; ``--format booknlp`` writes BookNLP's four files
per story (``<story id>.tokens``, ``.entities``, ``.quotes``, ``.book``), as BookNLP names them by book id;
``--format codex`` writes one codex folder per story (``<story id>/index.md`` …) and an ``index.md`` linking them.

Exit code: 0 when every file and story was analysed; 2 when any could not be read or analysed (the others are
still written, and ``index.json`` lists both).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from worldstate.analysis import World
from worldstate.collection import INDEX, CollectionRun, analyze_collection, read_collection
from worldstate.config import Settings
from worldstate.errors import InputError, WorldstateError
from worldstate.files import atomic_write_text, check_output_dir
from worldstate.make.corpus import SourceStory
from worldstate.saved_world import world_json
from worldstate.state import WorldState


def world_state_text(ws: WorldState) -> str:
    """The readable summary ``analyze`` prints, as text."""
    from io import StringIO

    from rich.console import Console

    from worldstate.cli.render import render_world_state

    buffer = StringIO()
    render_world_state(ws, Console(file=buffer, width=120, force_terminal=False))
    return buffer.getvalue()


def analyze_many(source: Path, fmt: str, out: str | None, settings: Settings) -> None:
    """Analyse every story in ``source`` into the folder ``out`` (``<story id>.json``, ``.txt`` or the BookNLP
    files, and ``index.json``)."""
    from tqdm import tqdm

    if not out:
        what = "is a folder of stories" if source.is_dir() else "holds more than one story"
        raise InputError(str(source), f"{what}: give --out FOLDER for one result per story")
    check_output_dir(out)
    folder = Path(out)
    run = read_collection(source)
    if not run.stories and not run.failed:
        raise InputError(str(source), "holds no story files (.txt, .csv, .parquet)")
    folder.mkdir(parents=True, exist_ok=True)
    suffix = ".json" if fmt == "json" else ".txt"

    def write(story: SourceStory, world: World) -> Path:
        if fmt == "booknlp":
            return write_booknlp_story(world, folder, story.id)
        if fmt == "codex":
            from worldstate.codex import write_codex

            write_codex(world, folder / story.id, story.title or story.id)
            return folder / story.id
        target = folder / f"{story.id}{suffix}"
        atomic_write_text(target, (world_json(world) if fmt == "json" else world_state_text(world.state)) + "\n")
        return target

    def bar(stories: list[SourceStory]) -> tqdm:
        return tqdm(stories, desc=f"analysing {source.name}", unit="story", file=sys.stderr)

    analyze_collection(run, settings, write, bar)
    atomic_write_text(folder / INDEX, json.dumps(run.index(), ensure_ascii=False, indent=1) + "\n")
    if fmt == "codex":
        atomic_write_text(folder / "index.md", codex_collection_index(source, run))
    _summary(run, folder)


def codex_collection_index(source: Path, run: CollectionRun) -> str:
    """The top page of a collection's codex: a link to each story's codex, and the stories that failed."""
    lines = [f"# Codex: {source.name}", ""]
    lines += [f"- [{w['title'] or w['id']}]({w['file']}/index.md): {w['characters']} characters" for w in run.written]
    if run.failed:
        lines += ["", "## Failed", ""] + [f"- {f.source}: {f.reason}" for f in run.failed]
    return "\n".join(lines) + "\n"


def write_booknlp_story(world: World, folder: Path, name: str) -> Path:
    """BookNLP's four files for one analysed story in ``folder``; the ``.book`` file's path."""
    from worldstate.extract.booknlp import BookNLPExport

    if world.parsed is None:
        raise WorldstateError("--format booknlp needs the parse layer (the English extractor)")
    return BookNLPExport(world.state, world.parsed).write(folder, name)[-1]


def _summary(run: CollectionRun, folder: Path) -> None:
    click.echo(f"{len(run.written)} of {len(run.stories)} stories analysed into {folder} (index: {INDEX})", err=True)
    if run.failed:
        click.echo(f"{len(run.failed)} failed:", err=True)
        for failed in run.failed:
            click.echo(f"  {failed.source}: {failed.reason}", err=True)
        sys.exit(2)
