"""A graph drawn to be read: ``worldstate graph --render png|svg``.

The export formats (``--format dot`` and the others) keep every node and edge; a picture keeps the
``max_nodes`` most important nodes (characters first, most mentioned first, then the entities most
connected to them), merges the parallel edges between two nodes into one edge whose label lists their
relations, and asks Graphviz for a packed layout: ``neato`` with overlap removal (``overlap=prism``)
and separation around every node, straight edges, edge labels on, an aspect near 4:3 (``ratio``, which
only spreads the layout, never packs it tighter), and a canvas
of at most ``MAX_INCHES`` on its longer side at ``DPI``. Each node's label is inside its box, so boxes
that do not overlap mean labels that do not overlap. A relation's label is a node of its own
(``class="relation"``, named ``r<k>``) half-way along its edge, so it is kept clear of the others too.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import networkx as nx

MAX_NODES = 60
MAX_INCHES = 24.0
DPI = 96
LABEL_CHARS = 40
RELATIONS_PER_EDGE = 3
UNLABELLED = {"", "next"}
_COLOURS = {"character": "#2f6fb3", "place": "#3f9d5a", "object": "#c58b2c", "group": "#7b5ea7"}
_RELATION_NODE = (
    'shape=plaintext, style=filled, fillcolor="#ffffffcc", fontcolor="#39424e", fontsize=13,'
    ' width=0, height=0, margin="0.03,0.01", class="relation"'
)
_SHAPES = {"character": "ellipse", "place": "box", "object": "diamond", "group": "hexagon"}


def picture_graph(g: nx.Graph, max_nodes: int = MAX_NODES) -> nx.DiGraph:
    """The nodes worth drawing and one labelled edge per connected pair (``relations``: their labels)."""
    kept = _ranked_nodes(g)[:max_nodes]
    keep = set(kept)
    pic = nx.DiGraph(name=g.graph.get("name", "G"), total_nodes=g.number_of_nodes(), total_edges=g.number_of_edges())
    for node in kept:
        pic.add_node(node, **g.nodes[node])
    relations: dict[tuple[Any, Any], Counter[str]] = defaultdict(Counter)
    for u, v, data in g.edges(data=True):
        if u in keep and v in keep and u != v:
            relations[(u, v)][_edge_label(data)] += 1
    for (u, v), counts in relations.items():
        pic.add_edge(u, v, relations=[label for label, _ in counts.most_common()], weight=sum(counts.values()))
    return pic


def _ranked_nodes(g: nx.Graph) -> list[Any]:
    """Entity graphs: characters (most mentioned first), then connected entities by degree; isolated
    non-characters are left out. Other graphs (events in story order, knowledge) keep their order."""
    kinds = {n: g.nodes[n].get("kind", "") for n in g.nodes}
    if g.graph.get("name") != "entities":
        return list(g.nodes)
    degree = {n: len(set(nx.all_neighbors(g, n)) - {n}) for n in g.nodes}

    def rank(n: Any) -> tuple[bool, int, int]:
        mentions = int(g.nodes[n].get("mentions", 0) or 0)
        if kinds[n] == "character":
            return (False, -mentions, -degree[n])
        return (True, -degree[n], -mentions)

    return sorted((n for n in g.nodes if kinds[n] == "character" or degree[n]), key=rank)


def _edge_label(data: dict[str, Any]) -> str:
    label = str(data.get("relation") or data.get("channel") or data.get("label") or "")
    if data.get("polarity") is False:
        label = f"not {label}"
    return label.replace("_", " ")


def short_label(text: str, n: int = LABEL_CHARS) -> str:
    """``text`` on one line, cut to ``n`` characters with an ellipsis."""
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def edge_caption(relations: list[str]) -> str:
    """The label an edge carries: its first relations and how many more."""
    shown = relations[:RELATIONS_PER_EDGE]
    more = len(relations) - len(shown)
    return ", ".join(shown) + (f" +{more}" if more else "")


def picture_dot(pic: nx.DiGraph) -> str:
    """DOT text for ``pic`` (from :func:`picture_graph`) with the packed-layout attributes."""
    lines = [
        "digraph G {",
        f'  graph [layout=neato, overlap=prism, overlap_scaling=-4, sep="+8", esep="+4", splines=line,'
        f' pack=true, packmode="graph", ratio=0.75, outputorder=edgesfirst, size="{MAX_INCHES:g},{MAX_INCHES:g}",'
        f' dpi={DPI}, pad=0.3, bgcolor=white, fontname="Helvetica"];',
        '  node [style="filled,rounded", fontname="Helvetica", fontsize=16, fontcolor=white, margin="0.12,0.06"];',
        '  edge [fontname="Helvetica", fontsize=11, fontcolor="#39424e", color="#8fa3b8", arrowsize=0.7, len=0.6];',
    ]
    ids = {node: f"n{i}" for i, node in enumerate(pic.nodes)}
    for node, data in pic.nodes(data=True):
        kind = str(data.get("kind", ""))
        colour = _COLOURS.get(kind, "#6c7a89")
        shape = _SHAPES.get(kind, "box")
        label = short_label(data.get("label") or node)
        lines.append(
            f'  {ids[node]} [label={_quote(label)}, shape={shape}, fillcolor="{colour}", color="{colour}",'
            f" tooltip={_quote(str(node))}];"
        )
    for i, (u, v, data) in enumerate(pic.edges(data=True)):
        # the relation is a small node of its own on the way from u to v, so the overlap removal
        # keeps it clear of every node and every other relation label
        caption = short_label(edge_caption(data["relations"]), 40)
        width = min(4.0, 1.0 + 0.5 * (data["weight"] - 1))
        if caption in UNLABELLED:  # story order in the events graph: an arrow says it all
            lines.append(f"  {ids[u]} -> {ids[v]} [penwidth={width:g}];")
            continue
        lines.append(f"  r{i} [label={_quote(caption)}, {_RELATION_NODE}];")
        lines.append(f'  {ids[u]} -> r{i} [arrowhead=none, penwidth={width:g}, class="relation"];')
        lines.append(f'  r{i} -> {ids[v]} [penwidth={width:g}, class="relation"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
