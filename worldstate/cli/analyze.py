"""``worldstate analyze``: build a story's world state and print it."""

from __future__ import annotations

import click

from worldstate.analysis import analyze_file
from worldstate.cli.common import model_options
from worldstate.config import Settings
from worldstate.files import atomic_write_text, check_output_file
from worldstate.state import to_json


@click.command()
@click.argument("story", type=click.Path(allow_dash=True))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "booknlp"]),
    default="text",
    show_default=True,
    help="text: a readable summary; json: the full versioned world state; "
    "booknlp: BookNLP-style .tokens/.entities/.quotes/.book files in the folder --out.",
)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option(
    "--out", type=click.Path(dir_okay=False), default=None, help="Write to this file instead of standard output."
)
@model_options
def analyze(story: str, fmt: str, as_json: bool, out: str | None, settings: Settings) -> None:
    """Read STORY (a text file, or - for standard input) and summarise its world:
    characters and aliases, places, objects, events in order, and what each character knows.
    """
    from worldstate.cli.render import progress

    if fmt == "booknlp":
        from worldstate.extract.booknlp import write_booknlp

        write_booknlp(story, out, settings)
        return
    if out:
        check_output_file(out)
    with progress() as step:
        step(f"reading and analysing {story}")
        ws = analyze_file(story, settings).state
    if as_json or fmt == "json":
        text = to_json(ws)
        if out:
            atomic_write_text(out, text + "\n")
        else:
            click.echo(text)
        return
    from worldstate.cli.render import render_world_state

    if out:
        from io import StringIO

        from rich.console import Console

        buffer = StringIO()
        render_world_state(ws, Console(file=buffer, width=120, force_terminal=False))
        atomic_write_text(out, buffer.getvalue())
    else:
        render_world_state(ws)
