"""``worldstate view``: write one self-contained HTML file to explore a story's world."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from worldstate.analysis import World, analyze
from worldstate.cli.common import file_option, ignore_option, model_options, world_option
from worldstate.cli.render import progress
from worldstate.collection import splits_into_stories
from worldstate.config import Settings
from worldstate.errors import WorldstateError
from worldstate.files import atomic_write_text, check_output_file, read_story_file
from worldstate.ignore import IgnoreList, load_ignore
from worldstate.saved_world import load_world
from worldstate.state import Finding, Story
from worldstate.state.timeline import Timeline
from worldstate.view.counts import FindingCount

if TYPE_CHECKING:
    from worldstate.query import KnownFact


def _default_out(story: str | None, world: str | None) -> str:
    base = story if story and story != "-" else world
    if not base:
        raise click.UsageError("--out is required when the story comes from standard input")
    return str(Path(base).with_suffix(".html").name)


def _lane_layers(analysed: World, notes: list[str]) -> tuple[Timeline | None, dict[str, list[KnownFact]] | None]:
    """The World's per-entity timeline and what each character knows by the story's end (as
    ``worldstate state`` reports it) for the lanes; layers that cannot be built are a note."""
    try:
        from worldstate.query import knows

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
    "--out",
    type=click.Path(),
    default=None,
    help="HTML file to write (default: STORY's name + .html); for a collection or folder, the folder of pages.",
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
    from worldstate.view.findings import load_findings_file

    if story is None and world is None:
        raise click.UsageError("give a STORY file or --world FILE.json")
    if story and story != "-" and world is None and splits_into_stories(Path(story)):
        if findings_file:
            raise click.UsageError("--findings takes one story; this file or folder holds several")
        view_collection(Path(story), Path(out or Path(story).stem + "-view"), no_detect, ignore_file, settings)
        return
    out = out or _default_out(story, world)
    check_output_file(out)
    ignore = load_ignore(ignore_file, story or world)
    with progress() as step:
        if world:
            step(f"reading {world}")
            analysed = load_world(world, settings)
        else:
            assert story is not None
            step(f"reading {story}")
            text = read_story_file(story)
            step("building the world state")
            # evidence must point into the text the page shows: the normalised story
            normalised = Story.from_text(text, source=story, language=settings.language or None)
            analysed = analyze(normalised, settings, embed_early=not no_detect)
        extra = load_findings_file(findings_file) if findings_file else None
        html, findings = viewer_html(analysed, step, extra=extra, detect=not no_detect, ignore=ignore)
        step(f"writing {out}")
        atomic_write_text(out, html)
    ws = analysed.state
    click.echo(
        f"wrote {out} ({len(html) / 1e6:.1f} MB): {len(ws.characters())} characters, "
        f"{len(ws.events)} events, {FindingCount.of(findings).text}" + (f" ({ignore.line()})" if ignore else ""),
        err=True,
    )


def viewer_html(
    analysed: World,
    step: Callable[[str], None],
    *,
    extra: list[Finding] | None = None,
    detect: bool = True,
    ignore: IgnoreList | None = None,
) -> tuple[str, list[Finding]]:
    """The viewer page of one analysed story and the findings it shows (the world's own, ``extra`` or the
    detectors' when ``detect``, less those ``ignore`` dismisses)."""
    from worldstate.view import build_html
    from worldstate.view.findings import run_detectors

    notes: list[str] = []
    findings: list[Finding] = list(analysed.state.findings)
    if extra is not None:
        findings.extend(extra)
    elif detect:
        step("running the detectors")
        found = run_detectors(analysed)
        findings.extend(found.findings)
        notes.extend(found.notes)
    if ignore:
        findings = ignore.keep(findings)
        notes.append(ignore.line())
    step("building the character lanes")
    timeline, known = _lane_layers(analysed, notes)
    return build_html(analysed.state, findings, notes, timeline=timeline, known=known), findings


def view_collection(source: Path, folder: Path, no_detect: bool, ignore_file: str | None, settings: Settings) -> None:
    """One viewer page per story of a collection (each story analysed on its own) in ``folder``, and an
    ``index.html`` linking them; a story that fails is listed, and the exit code is then 2."""
    import html
    import sys

    from worldstate.collection import analyze_collection, read_collection
    from worldstate.files import check_output_dir
    from worldstate.make.corpus import SourceStory

    check_output_dir(str(folder))
    run = read_collection(source)
    if not run.stories and not run.failed:
        raise WorldstateError(f"{source}: holds no story files (.txt, .csv, .parquet)")
    folder.mkdir(parents=True, exist_ok=True)
    ignore = load_ignore(ignore_file, str(source))
    counts: dict[str, str] = {}

    def write(story: SourceStory, analysed: World) -> Path:
        page, findings = viewer_html(analysed, lambda _msg: None, detect=not no_detect, ignore=ignore)
        target = folder / f"{story.id}.html"
        atomic_write_text(target, page)
        counts[story.id] = FindingCount.of(findings).text
        return target

    from tqdm import tqdm

    def bar(stories: list[SourceStory]) -> tqdm:
        return tqdm(stories, desc=f"viewing {source.name}", unit="story", file=sys.stderr)

    analyze_collection(run, settings, write, bar)
    rows = "".join(
        f'<li><a href="{html.escape(w["file"])}">{html.escape(w["title"])}</a>: {w["characters"]} characters, '
        f"{html.escape(counts.get(w['id'], '0 findings'))}</li>"
        for w in run.written
    )
    failed = "".join(f"<li>{html.escape(f.source)}: {html.escape(f.reason)}</li>" for f in run.failed)
    page = (
        f"<!doctype html><meta charset='utf-8'><title>{html.escape(source.name)}</title>"
        f"<h1>{html.escape(source.name)}</h1><ol>{rows}</ol>" + (f"<h2>Failed</h2><ul>{failed}</ul>" if failed else "")
    )
    atomic_write_text(folder / "index.html", page)
    click.echo(f"wrote {len(run.written)} of {len(run.stories)} story pages and index.html to {folder}", err=True)
    for f in run.failed:
        click.echo(f"  failed: {f.source}: {f.reason}", err=True)
    if run.failed:
        sys.exit(2)
