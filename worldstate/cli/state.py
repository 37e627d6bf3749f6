"""``worldstate state``: what holds at one point of a story, per character."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from worldstate.cli.common import model_options, world_option
from worldstate.config import Settings
from worldstate.errors import InputError

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.query import StateReport
    from worldstate.state.story_time import StoryMoment
    from worldstate.state.timeline import StateInterval


@click.command()
@click.argument("story", type=click.Path(allow_dash=True), required=False)
@click.option(
    "--at",
    "at",
    type=int,
    required=True,
    help="Sentence number as every report shows it (1-based); the state at the end of that sentence.",
)
@click.option("--entity", default=None, help="Only the entities whose name or alias holds this (e.g. 'Hans').")
@click.option("--json", "as_json", is_flag=True, help="JSON (sentence indices 0-based, char offsets into the story).")
@click.option("--knows-limit", default=8, show_default=True, help="Known facts listed per character (text only).")
@world_option
@model_options
def state(
    story: str | None,
    at: int,
    entity: str | None,
    as_json: bool,
    knows_limit: int,
    world: str | None,
    settings: Settings,
) -> None:
    """Print what holds at sentence AT of STORY (or of a saved --world) for each character mentioned by then:
    where each is, what each holds, alive or dead, traits, relations, counts, titles, and what each knows
    (since which sentence, through which channel)."""
    from worldstate.query import report_dict, state_at

    analysed = _world(story, world, settings)
    if not 1 <= at <= len(analysed):
        where = world or story or "story"
        raise InputError(where, f"--at {at} is outside the story (sentences 1 to {len(analysed)})")
    report = state_at(analysed, at - 1, entity)
    if as_json:
        click.echo(json.dumps(report_dict(analysed, report), indent=2, ensure_ascii=False))
        return
    click.echo(render_state(analysed, report, knows_limit=knows_limit))


def _world(story: str | None, world: str | None, settings: Settings) -> World:
    """The saved world ``world`` (read, never analysed again), else ``story`` analysed."""
    from worldstate.cli.render import progress

    if story and world:
        raise click.UsageError("give a STORY file or --world FILE.json, not both")
    if world:
        from worldstate.saved_world import load_world

        return load_world(world, settings)
    if not story:
        raise click.UsageError("give a STORY file or --world FILE.json")
    from worldstate.analysis import analyze_file

    with progress() as step:
        step(f"reading and analysing {story}")
        return analyze_file(story, settings)


def describe_moment(moment: StoryMoment) -> str:
    """'day 1 (+1096 days since the opening; cue 'three years later')', or a flashback's place."""
    cue = f"; cue {moment.cue.text!r}" if moment.cue is not None else ""
    if moment.flashback:
        back = f"{moment.elapsed:+g} days" if moment.elapsed is not None else "an untold time"
        return f"flashback, before s{(moment.told_at or 0) + 1} ({back} from the opening{cue})"
    return f"at least {moment.elapsed:g} days after the opening, time jump {moment.segment}{cue}"


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_state(world: World, report: StateReport, knows_limit: int = 8) -> str:
    """A plain-text report: one block per character; sentence numbers 1-based (``s12``)."""
    ws = world.state

    def since(s: StateInterval) -> str:
        return f"(since s{s.start + 1}: {_short(world.text[s.evidence.start : s.evidence.end], 50)!r})"

    def value(s: StateInterval) -> str:
        if "=" in s.value and s.predicate.value in ("trait", "relation", "count"):
            key, val = s.value.split("=", 1)
            return f"{key.replace('_', ' ')} {ws.display_name(val) if s.predicate.value == 'relation' else val}"
        return s.value_text or ws.display_name(s.value)

    lines = [f"State at the end of s{report.sentence + 1}: {_short(world.sentences[report.sentence], 100)}"]
    if report.time is not None:
        lines.append(f"  story time: {describe_moment(report.time)}")
    if not report.characters:
        lines.append("  (no character matches)")
    for cs in report.characters:
        lines.append("")
        lines.append(f"{cs.name} [{cs.entity}]")
        if cs.alive is not None:
            alive = "alive" if cs.alive else "dead"
            lines.append(f"  alive:     {alive} {since(cs.alive_told) if cs.alive_told else '(not told otherwise)'}")
        if cs.age is not None:
            lines.append(
                f"  age:       at least {cs.age[0]:g} (stated {cs.age[1].years:g} in s{cs.age[1].sentence + 1})"
            )
        company = f" (with {ws.display_name(cs.location_with)})" if cs.location_with else ""
        if cs.location is not None and cs.location.inferred:
            company += f" (inferred: {cs.location.inferred})"
        lines.append(
            f"  where:     {value(cs.location) + company + ' ' + since(cs.location) if cs.location else '(not told)'}"
        )
        if cs.held_by is not None:
            holder = ws.display_name(cs.held_by.subject) if cs.held_by.subject else "nobody"
            lines.append(f"  held by:   {holder} (inferred: {cs.held_by.inferred}) {since(cs.held_by)}")
        for label, states in (
            ("holds", cs.holds),
            ("traits", cs.traits),
            ("relations", cs.relations),
            ("counts", cs.counts),
            ("titles", cs.titles),
            ("names", cs.names),
        ):
            for n, s in enumerate(states):
                lines.append(f"  {(label + ':') if n == 0 else '':10} {value(s)} {since(s)}")
        for s in cs.scoped[-3:]:
            lines.append(
                f"  {s.modality.value}: {s.predicate.value} {value(s)} of {ws.display_name(s.subject)} {since(s)}"
            )
        if cs.knows:
            shown = cs.knows[-knows_limit:]
            more = len(cs.knows) - len(shown)
            lines.append(f"  knows:     {len(cs.knows)} sentence(s)" + (f", the last {len(shown)}:" if more else ":"))
            for f in shown:
                via = f.channel + (f" by {ws.display_name(f.source)}" if f.source else "")
                lines.append(f"    s{f.sentence + 1} since s{f.since + 1} ({via}): {_short(f.text, 70)}")
    return "\n".join(lines)
