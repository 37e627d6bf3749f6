"""``worldstate graph``: export a graph view of a story's world state."""

from __future__ import annotations

import shutil
import subprocess

import click

from worldstate.analysis import analyze_file
from worldstate.cli.common import choice_option, model_options, world_option
from worldstate.config import Settings
from worldstate.errors import ConfigError, InputError
from worldstate.files import atomic_write_bytes, check_output_file
from worldstate.state import WorldState
from worldstate.state.graphs import build_view, graph_to_text, write_graph
from worldstate.view.inputs import load_world_file


def render_dot(dot_text: str, fmt: str = "png", timeout_s: float = 120.0) -> bytes:
    """Render DOT text with Graphviz's ``dot`` (must be on PATH) into ``fmt`` bytes."""
    exe = shutil.which("dot")
    if exe is None:
        raise ConfigError(
            f"--render {fmt} needs Graphviz's 'dot' on PATH (e.g. apt-get install graphviz); "
            "without it, use --format dot and render elsewhere"
        )
    try:
        done = subprocess.run(
            [exe, f"-T{fmt}"], input=dot_text.encode("utf-8"), capture_output=True, timeout=timeout_s, check=False
        )
    except subprocess.TimeoutExpired:
        raise ConfigError(f"Graphviz 'dot' took longer than {timeout_s:.0f} s; try a smaller view") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ConfigError(f"Graphviz 'dot' failed: {message[-1] if message else f'exit {done.returncode}'}")
    return done.stdout


def _world(story: str | None, world: str | None, settings: Settings) -> WorldState:
    if world:
        return load_world_file(world)
    if story is None:
        raise click.UsageError("give a STORY file or --world FILE.json")
    return analyze_file(story, settings).state


@click.command()
@click.argument("story", type=click.Path(allow_dash=True), required=False)
@click.option("--view", type=click.Choice(["events", "entities", "knowledge"]), default="entities", show_default=True)
@click.option("--character", default=None, help="For --view knowledge: one character's graph (name or alias).")
@choice_option(
    "--format",
    ["json", "graphml", "gexf", "dot"],
    'json: networkx node-link (edges under "links"); graphml: Gephi/yEd; gexf: Gephi; dot: Graphviz.',
    dest="fmt",
)
@click.option(
    "--render",
    type=click.Choice(["png", "svg"]),
    default=None,
    help="Draw the graph with Graphviz (must be installed) into --out: a packed layout of the --max-nodes "
    "most important nodes, relations labelled, at most 24 inches (2304 px) on a side.",
)
@click.option(
    "--max-nodes", type=click.IntRange(1, 500), default=60, show_default=True, help="With --render: nodes drawn."
)
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Output file (default: standard output).")
@world_option
@model_options
def graph(
    story: str | None,
    view: str,
    character: str | None,
    fmt: str,
    render: str | None,
    max_nodes: int,
    out: str | None,
    world: str | None,
    settings: Settings,
) -> None:
    """Export the events, entities or knowledge graph of STORY (or of a saved --world)."""
    if render and not out:
        raise click.UsageError(f"--render {render} writes an image: give --out FILE.{render}")
    if render and not shutil.which("dot"):
        render_dot("", render)  # raises the clear "Graphviz not installed" error before any analysis
    if out:
        check_output_file(out)
    ws = _world(story, world, settings)
    character_id = None
    if character:
        ent = ws.entity_by_name(character)
        if ent is None:
            names = ", ".join(e.name for e in ws.characters()) or "none found"
            raise InputError(story or world or "story", f"no character named {character!r} (characters: {names})")
        character_id = ent.id
    g = build_view(ws, view, character_id)  # type: ignore[arg-type]
    summary = f"{view} graph ({g.number_of_nodes()} nodes, {g.number_of_edges()} edges)"
    if render:
        from worldstate.view.picture import picture_dot, picture_graph

        assert out is not None
        pic = picture_graph(g, max_nodes)
        atomic_write_bytes(out, render_dot(picture_dot(pic), render))
        drawn = f"{pic.number_of_nodes()} of {g.number_of_nodes()} nodes"
        click.echo(f"drew {summary}: {drawn}, relations labelled, with Graphviz to {out}", err=True)
    elif out:
        write_graph(g, fmt, out)  # type: ignore[arg-type]
        click.echo(f"wrote {summary} to {out}", err=True)
    else:
        click.echo(graph_to_text(g, fmt))  # type: ignore[arg-type]
