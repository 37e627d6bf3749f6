"""``worldstate analyze``: build a story's world state and print it."""

from __future__ import annotations

import click

from worldstate.analysis import analyze_file
from worldstate.cli.common import choice_option, model_options
from worldstate.config import Settings
from worldstate.files import atomic_write_text, check_output_file


@click.command()
@click.argument("story", type=click.Path(allow_dash=True))
@choice_option(
    "--format",
    ["text", "json", "booknlp", "codex"],
    "text: a readable summary; json: the full versioned world state; "
    "booknlp: BookNLP-style .tokens/.entities/.quotes/.book files in the folder --out; "
    "codex: a story bible (a Markdown page per character, places, objects, index.md, codex.csv) in the folder --out.",
    dest="fmt",
)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option(
    "--out", type=click.Path(), default=None, help="Write to this file (a folder for a collection) instead of stdout."
)
@click.option(
    "--disable",
    multiple=True,
    metavar="STAGE",
    help="An extraction stage not to run (repeatable; stages that need it must be disabled too): "
    "quotes, mentions, coref, speech, events, propositions, scenes, perception, knowledge.",
)
@click.option("--profile", is_flag=True, help="Print the seconds each extraction stage took (to stderr).")
@model_options
def analyze(
    story: str,
    fmt: str,
    as_json: bool,
    out: str | None,
    disable: tuple[str, ...],
    profile: bool,
    settings: Settings,
) -> None:
    """Read STORY (a text file, or - for standard input) and summarise its world:
    characters and aliases, places, objects, events in order, and what each character knows.

    A folder of story files, or a file holding several stories (a Gutenberg book of tales, split at the
    tales' headings), gives one result per story in the folder --out (and index.json); each story is
    analysed on its own. Files or stories that fail are listed at the end and the exit code is then 2.
    """
    from pathlib import Path

    from worldstate.cli.render import progress
    from worldstate.collection import is_collection

    if story != "-" and is_collection(Path(story)):
        if disable or profile:
            raise click.UsageError("--disable and --profile apply to one story, not a collection")
        from worldstate.cli.analyze_many import analyze_many

        analyze_many(Path(story), "json" if as_json else fmt, out, settings)
        return

    if fmt == "booknlp":
        if disable or profile:
            raise click.UsageError("--disable and --profile do not apply to --format booknlp")
        from worldstate.extract.booknlp import write_booknlp

        write_booknlp(story, out, settings)
        return
    if fmt == "codex":
        write_codex_folder(story, out, settings)
        return
    if out:
        check_output_file(out)
    with progress() as step:
        step(f"reading and analysing {story}")
        world = analyze_file(story, settings, disable=disable)
    if profile:
        print_profile(world.profile)
    ws = world.state
    if as_json or fmt == "json":
        from worldstate.saved_world import world_json

        text = world_json(world)
        if out:
            atomic_write_text(out, text + "\n")
        else:
            click.echo(text)
        return
    from worldstate.cli.render import render_world_state

    if out:
        from worldstate.cli.analyze_many import world_state_text

        atomic_write_text(out, world_state_text(ws))
    else:
        render_world_state(ws)


def print_profile(seconds: dict[str, float]) -> None:
    """One line per stage (then per lazy layer built) with its seconds, and the total, on stderr."""
    width = max(len(name) for name in [*seconds, "total"])
    for name, s in seconds.items():
        click.echo(f"{name:<{width}}  {s:7.2f} s", err=True)
    click.echo(f"{'total':<{width}}  {sum(seconds.values()):7.2f} s", err=True)


def write_codex_folder(story: str, out: str | None, settings: Settings) -> None:
    """``--format codex``: the story bible of one story in the folder ``out``."""
    from pathlib import Path

    from worldstate.cli.render import progress
    from worldstate.codex import write_codex
    from worldstate.errors import InputError
    from worldstate.files import check_output_dir

    if not out:
        raise InputError(story, "--format codex writes a folder of pages: give --out FOLDER")
    check_output_dir(out)
    with progress() as step:
        step(f"reading and analysing {story}")
        world = analyze_file(story, settings)
        step(f"writing the codex to {out}")
        index = write_codex(world, out, Path(story).stem if story != "-" else "story")
    click.echo(f"wrote the codex of {story} to {out} (open {index})", err=True)
