"""``worldstate view``: write one self-contained HTML file to explore a story's world."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from worldstate.analysis import World, analyze
from worldstate.cli.common import file_option, ignore_option, model_options, world_option
from worldstate.cli.render import progress
from worldstate.config import Settings
from worldstate.errors import WorldstateError
from worldstate.files import atomic_write_text, check_output_file, read_story_file
from worldstate.state import Finding, Story
from worldstate.state.timeline import Timeline
from worldstate.view.inputs import load_world_file

if TYPE_CHECKING:
    from worldstate.extract.timeline import KnownFact


def _default_out(story: str | None, world: str | None) -> str:
    base = story if story and story != "-" else world
    if not base:
        raise click.UsageError("--out is required when the story comes from standard input")
    return str(Path(base).with_suffix(".html").name)


def _lane_layers(analysed: World, notes: list[str]) -> tuple[Timeline | None, dict[str, list[KnownFact]] | None]:
    """The World's per-entity timeline and what each character knows by the story's end (as
    ``worldstate state`` reports it) for the lanes; layers that cannot be built are a note."""
    try:
        from worldstate.extract.timeline.query import knows

        last = max(0, len(analysed.story.sentences) - 1)
        timeline = analysed.timeline
        known = {c.id: knows(analysed, c.id, last) for c in analysed.state.characters()}
    except (ImportError, WorldstateError) as exc:
        notes.append(f"the character lanes show the knowledge layer only: the timeline could not be built ({exc})")
        return None, None
    return timeline, known


@click.command()
@click.argument("story", type=click.Path(allow_dash=True), required=False)
@click.option(
    "--out", type=click.Path(dir_okay=False), default=None, help="HTML file to write (default: STORY's name + .html)."
)
@world_option
@file_option(
    "--findings",
    "findings_file",
    "Findings JSON (a list, or an answer with 'findings') to show instead of running the detectors.",
)
@click.option("--no-detect", is_flag=True, help="Do not run the detectors (show the world state's own findings).")
@ignore_option
@model_options
def view(
    story: str | None,
    out: str | None,
    world: str | None,
    findings_file: str | None,
    no_detect: bool,
    ignore_file: str | None,
    settings: Settings,
) -> None:
    """Write a self-contained HTML viewer of STORY's world: event timeline, entity graph,
    what each character knows (since when, how) and does not know, and the findings
    highlighted in the story text. The file opens offline in any browser.
    """
    from worldstate.view import build_html
    from worldstate.view.findings import load_findings_file, run_detectors

    if story is None and world is None:
        raise click.UsageError("give a STORY file or --world FILE.json")
    from worldstate.ignore import load_ignore

    out = out or _default_out(story, world)
    check_output_file(out)
    ignore = load_ignore(ignore_file, story or world)
    notes: list[str] = []
    with progress() as step:
        if world:
            step(f"reading {world}")
            analysed = World.of_state(load_world_file(world), settings)
        else:
            assert story is not None
            step(f"reading {story}")
            text = read_story_file(story)
            step("building the world state")
            # evidence must point into the text the page shows: the normalised story
            normalised = Story.from_text(text, source=story, language=settings.language or None)
            analysed = analyze(normalised, settings, embed_early=not no_detect)
        ws = analysed.state
        findings: list[Finding] = list(ws.findings)
        if findings_file:
            step(f"reading {findings_file}")
            findings.extend(load_findings_file(findings_file))
        elif not no_detect:
            step("running the detectors")
            found = run_detectors(analysed)
            findings.extend(found.findings)
            notes.extend(found.notes)
        if ignore:
            findings = ignore.keep(findings)
            notes.append(ignore.line())
        step(f"writing {out}")
        step("building the character lanes")
        timeline, known = _lane_layers(analysed, notes)
        html = build_html(ws, findings, notes, timeline=timeline, known=known)
        atomic_write_text(out, html)
    click.echo(
        f"wrote {out} ({len(html) / 1e6:.1f} MB): {len(ws.characters())} characters, "
        f"{len(ws.events)} events, {len(findings)} findings" + (f" ({ignore.line()})" if ignore else ""),
        err=True,
    )
