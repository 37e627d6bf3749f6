"""``worldstate check`` on a folder or a collection file (a Gutenberg book of tales): every story is read and
analysed on its own, exactly as ``worldstate analyze`` splits it (the Gutenberg header and licence dropped),
so nothing is ever compared across two stories. One report per story, then a summary.

Exit code: 2 when a file or story could not be read or analysed (the others are still checked and reported),
else 1 when any story has findings, else 0.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from worldstate.cli.check_findings import dismiss, hide_unsure, render_answer, run_task
from worldstate.collection import Failed, read_collection
from worldstate.config import Settings
from worldstate.detect.answers import Answer
from worldstate.errors import InputError, WorldstateError
from worldstate.ignore import IgnoreList


@dataclass
class StoryCheck:
    """One story's answers, by task."""

    id: str
    title: str
    origin: str
    answers: dict[str, Answer]
    flagged: bool

    def findings(self) -> int:
        return sum(len(a.findings) for a in self.answers.values())


@dataclass
class CollectionCheck:
    """What ``check`` found in every story of a collection, and what failed."""

    stories: list[StoryCheck] = field(default_factory=list)
    failed: list[Failed] = field(default_factory=list)

    def summary(self) -> dict[str, int]:
        return {
            "stories": len(self.stories),
            "with_findings": sum(s.flagged for s in self.stories),
            "findings": sum(s.findings() for s in self.stories),
            "failed": len(self.failed),
        }

    def exit_code(self) -> int:
        return 2 if self.failed else 1 if any(s.flagged for s in self.stories) else 0


def check_collection(
    source: Path,
    tasks: tuple[str, ...],
    ignore: IgnoreList,
    settings: Settings,
    progress: bool = True,
    show_all: bool = False,
) -> CollectionCheck:
    """Check every story of ``source`` with the story-only ``tasks``, each on its own analysis (the unsure
    findings left out unless ``show_all``)."""
    from tqdm import tqdm

    from worldstate.analysis import analyze

    run = read_collection(source)
    if not run.stories and not run.failed:
        raise InputError(str(source), "holds no story files (.txt, .csv, .parquet)")
    result = CollectionCheck(failed=list(run.failed))
    embed = any(t in ("knowledge", "next-action") for t in tasks)
    bar = tqdm(run.stories, desc=f"checking {source.name}", unit="story", file=sys.stderr, disable=not progress)
    for story in bar:
        where = f"{story.origin}#{story.id}"
        try:
            world = analyze(story.text, settings, source=where, embed_early=embed)
            answers = {name: run_task(name, world) for name in tasks}
        except WorldstateError as exc:
            result.failed.append(Failed(where, str(exc)))
            continue
        flagged = dismiss(answers, world, ignore)
        if not show_all:
            hide_unsure(answers)
        result.stories.append(StoryCheck(story.id, story.title, story.origin, answers, flagged))
    return result


def collection_payload(task: str, source: str, result: CollectionCheck, ignore: IgnoreList) -> dict[str, Any]:
    """``check --json`` for a collection: one entry per story, the failures and the summary."""
    payload: dict[str, Any] = {
        "task": task,
        "story": source,
        "stories": [
            {
                "id": s.id,
                "title": s.title,
                "origin": s.origin,
                "flagged": s.flagged,
                "answers": {name: answer.to_dict() for name, answer in s.answers.items()},
            }
            for s in result.stories
        ],
        "failed": [{"source": f.source, "reason": f.reason} for f in result.failed],
        "summary": result.summary(),
    }
    if ignore:
        payload["dismissed"] = ignore.summary()
    return payload


def render_collection(task: str, result: CollectionCheck, ignore: IgnoreList) -> None:
    """One report per story (a heading with its title and id), then the summary and the failures."""
    console = Console()
    for story in result.stories:
        console.rule(f"[bold]{escape(story.title)}[/bold] [dim]({escape(story.id)})[/dim]")
        for name, answer in story.answers.items():
            if task == "all":
                console.print(f"[bold underline]{name}[/bold underline]")
            render_answer(console, name, answer)
    s = result.summary()
    failed = f", {s['failed']} failed" if s["failed"] else ""
    console.print(
        f"[bold]{s['stories']} stories checked: {s['with_findings']} with findings, {s['findings']} findings"
        f"{failed}[/bold]"
    )
    for failed in result.failed:
        console.print(f"  failed: {escape(failed.source)}: {escape(failed.reason)}")
    if ignore:
        console.print(f"[dim]{escape(ignore.line())}[/dim]")


def run_check_collection(
    source: Path,
    task: str,
    tasks: tuple[str, ...],
    ignore: IgnoreList,
    settings: Settings,
    as_json: bool,
    show_all: bool = False,
) -> None:
    """``check`` on a collection: report (text or JSON) and exit with the collection's code."""
    result = check_collection(source, tasks, ignore, settings, progress=not as_json, show_all=show_all)
    if as_json:
        click.echo(json.dumps(collection_payload(task, str(source), result, ignore), ensure_ascii=False, indent=2))
    else:
        render_collection(task, result, ignore)
    sys.exit(result.exit_code())
