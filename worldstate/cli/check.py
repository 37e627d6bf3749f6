"""``worldstate check``: run one task head on a story and report its findings with evidence.

Exit codes: 0 no finding (for ``next-action``: an answer was given), 1 findings shown by default (above the
calibrated threshold) and not dismissed in the ignore list,
2 bad input or a task head that is not installed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from worldstate.analysis import World, analyze
from worldstate.cli.check_findings import dismiss, hide_unsure, render_answer, run_task
from worldstate.cli.common import file_option, ignore_option, llm_options, model_options
from worldstate.collection import splits_into_stories
from worldstate.config import Settings
from worldstate.detect.calibration import load_calibration
from worldstate.detect.heads import HEADS, story_only_heads
from worldstate.errors import InputError
from worldstate.files import read_story_file
from worldstate.ignore import load_ignore

TASKS = tuple(HEADS)


@click.command()
@click.argument("story_path", required=False, type=click.Path(allow_dash=True))
@click.option(
    "--task",
    type=click.Choice([*TASKS, "all"]),
    required=True,
    help="Which check to run; all = every story-only check (continuity, knowledge, constory) on one analysis.",
)
@click.option("--story", "story_opt", type=click.Path(allow_dash=True), default=None, help="Story file (or STORY).")
@click.option("--summary", type=click.Path(), default=None, help="Summary file (faithfulness).")
@click.option("--question", default=None, help="Question about the character (next-action).")
@click.option("--option", "options", multiple=True, help="A candidate action (next-action; repeat, 2 or more).")
@click.option("--character", default=None, help="The character the question is about (next-action, knowledge).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="Also list the unsure findings (calibrated probability below the threshold; they never set the exit code).",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Keep running: check again on every save (only the changed story of a collection) and print what "
    "appeared and what went away; Ctrl-C stops.",
)
@file_option("--world", "world_file", "A saved world state (worldstate analyze --format json) instead of a story.")
@ignore_option
@model_options
@llm_options
def check(
    story_path: str | None,
    task: str,
    story_opt: str | None,
    summary: str | None,
    question: str | None,
    options: tuple[str, ...],
    character: str | None,
    as_json: bool,
    show_all: bool,
    watch: bool,
    world_file: str | None,
    ignore_file: str | None,
    settings: Settings,
) -> None:
    """Check a story for continuity errors, implausible character knowledge, ConStory errors,
    an unfaithful summary, or choose a character's next action.

    \b
    worldstate check story.txt --task continuity|knowledge|constory [--json]
    worldstate check --world story.json --task all      (a saved world: no analysis)
    worldstate check story.txt --task all --watch        (check again on every save)
    worldstate check --task faithfulness --story s.txt --summary m.txt
    worldstate check --task next-action --story s.txt --question Q --option A --option B [--character NAME]

    Findings listed in .worldstate-ignore (by the id each finding shows) are dismissed and counted.
    Each finding shows the calibrated probability that it is a real error; only those above the threshold
    (chosen for precision >= 0.8 on the tuning data) are shown and count for the exit code; --all lists
    the unsure ones too (see `worldstate rules list`).

    Exit codes: 0 no finding (next-action: answered), 1 findings shown by default and not dismissed,
    2 bad input; --watch exits 0 on Ctrl-C.
    """
    if story_path and story_opt:
        raise InputError("--story", "give the story either as an argument or with --story, not both")
    path = story_path or story_opt
    if path and world_file:
        raise InputError("--world", "give the story either as a file or as a saved --world, not both")
    path = path or world_file
    if not path:
        raise InputError("story", "no story given (STORY argument, --story or --world)")
    _check_task_inputs(task, summary, question, options)
    settings.shown_from()  # a bad WORLDSTATE_FINDING_THRESHOLD stops here, with its own message
    ignore = load_ignore(ignore_file, path)
    if watch:
        _watch(path, task, world_file, ignore_file, settings, as_json, show_all)
        return
    if not world_file and path != "-" and splits_into_stories(Path(path)):
        if task in ("faithfulness", "next-action"):
            raise InputError(path, f"holds several stories (or a Gutenberg book): --task {task} needs one story file")
        from worldstate.cli.check_many import run_check_collection

        tasks = tuple(h.name for h in story_only_heads()) if task == "all" else (task,)
        run_check_collection(Path(path), task, tasks, ignore, settings, as_json, show_all)
        return
    summary_text = read_story_file(summary) if summary else ""
    world = _story_world(path, world_file, task, settings)
    summary_world = analyze(summary_text, settings, source=summary or "", layers="parse") if summary else None
    tasks = tuple(h.name for h in story_only_heads()) if task == "all" else (task,)
    answers = {
        name: run_task(
            name,
            world,
            summary=summary_world,
            question=question or "",
            options=options,
            character=character,
        )
        for name in tasks
    }
    flagged = dismiss(answers, world, ignore)
    hidden = 0 if show_all else hide_unsure(answers)
    llm = llm_usage(settings)
    if as_json:
        payload: dict[str, Any] = {"task": task, "story": path, "unsure_hidden": hidden}
        if llm is not None:
            payload["llm"] = llm
        if ignore:
            payload["dismissed"] = ignore.summary()
        if task == "all":
            payload["answers"] = {name: answer.to_dict() for name, answer in answers.items()}
        else:
            payload["answer"] = answers[task].to_dict()
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        console = Console()
        for name, answer in answers.items():
            if task == "all":
                console.print(f"[bold underline]{name}[/bold underline]")
            render_answer(console, name, answer, options, load_calibration(settings))
        if hidden:
            console.print(f"[dim]{hidden} unsure finding(s) not shown (probability below the threshold): --all[/dim]")
        if ignore:
            console.print(f"[dim]{escape(ignore.line())}[/dim]")
        if llm is not None:
            from worldstate.detect.llm import llm_report_line

            console.print(f"[dim]{escape(llm_report_line(llm))}[/dim]")
    sys.exit(1 if flagged else 0)


def _watch(
    path: str,
    task: str,
    world_file: str | None,
    ignore_file: str | None,
    settings: Settings,
    as_json: bool,
    show_all: bool,
) -> None:
    """``check --watch``: refuse what cannot be watched, then watch until Ctrl-C (exit code 0)."""
    if world_file or path == "-":
        raise InputError("--watch", "watches a story file or folder, not a saved --world or standard input")
    if task in ("faithfulness", "next-action"):
        raise InputError("--watch", f"watches the story-only checks (continuity, knowledge, constory, all), not {task}")
    if not Path(path).exists():
        raise InputError(path, "no such file or folder to watch")
    from worldstate.cli.check_watch import run_watch

    tasks = tuple(h.name for h in story_only_heads()) if task == "all" else (task,)
    run_watch(Path(path), tasks, settings, ignore_file, as_json=as_json, show_all=show_all)
    sys.exit(0)


def _story_world(path: str, world_file: str | None, task: str, settings: Settings) -> World:
    """The saved world ``world_file`` (read, never analysed again), else the story at ``path`` analysed."""
    if world_file:
        from worldstate.saved_world import load_world

        return load_world(world_file, settings)
    knowledge_heads = task in ("knowledge", "next-action", "all")
    return analyze(read_story_file(path), settings, source=path, embed_early=knowledge_heads)


def llm_usage(settings: Settings) -> dict[str, Any] | None:
    """The run's LLM use (None when the LLM is off; the LLM package loads only when it is on)."""
    if (settings.llm_mode or "off").lower() == "off":
        return None
    from worldstate.detect.llm import llm_run_report

    return llm_run_report(settings)


def _check_task_inputs(task: str, summary: str | None, question: str | None, options: tuple[str, ...]) -> None:
    if task == "faithfulness" and not summary:
        raise InputError("--summary", "the faithfulness task needs --summary FILE")
    if task != "faithfulness" and summary:
        raise InputError("--summary", f"--summary is only used by --task faithfulness, not {task}")
    if task == "next-action":
        if not question or not question.strip():
            raise InputError("--question", "the next-action task needs --question")
        if len(options) < 2:
            raise InputError("--option", "the next-action task needs at least two --option values")
    elif question or options:
        raise InputError(
            "--question/--option", f"--question and --option are only used by --task next-action, not {task}"
        )
