"""``worldstate graph``: export a graph view of a story's world state."""

from __future__ import annotations

import click

from worldstate.cli.common import model_options
from worldstate.config import Settings
from worldstate.errors import InputError
from worldstate.pipeline import analyze_file
from worldstate.state.graphs import build_view, graph_to_text, write_graph


@click.command()
@click.argument("story", type=click.Path(allow_dash=True))
@click.option("--view", type=click.Choice(["events", "entities", "knowledge"]), default="entities", show_default=True)
@click.option("--character", default=None, help="For --view knowledge: one character's graph (name or alias).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "graphml", "dot"]),
    default="json",
    show_default=True,
    help="json: networkx node-link; graphml: Gephi/yEd; dot: Graphviz.",
)
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Output file (default: standard output).")
@model_options
def graph(story: str, view: str, character: str | None, fmt: str, out: str | None, settings: Settings) -> None:
    """Export the events, entities or knowledge graph of STORY."""
    ws = analyze_file(story, settings)
    character_id = None
    if character:
        ent = ws.entity_by_name(character)
        if ent is None:
            names = ", ".join(e.name for e in ws.characters()) or "none found"
            raise InputError(story, f"no character named {character!r} (characters: {names})")
        character_id = ent.id
    g = build_view(ws, view, character_id)  # type: ignore[arg-type]
    if out:
        write_graph(g, fmt, out)  # type: ignore[arg-type]
        click.echo(f"wrote {view} graph ({g.number_of_nodes()} nodes, {g.number_of_edges()} edges) to {out}", err=True)
    else:
        click.echo(graph_to_text(g, fmt))  # type: ignore[arg-type]
