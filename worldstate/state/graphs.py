"""Graph views of a world state (networkx) and their export to JSON, GraphML and DOT."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Literal

import networkx as nx

from worldstate.state.model import Event, WorldState

GraphFormat = Literal["json", "graphml", "gexf", "dot"]
GraphView = Literal["events", "entities", "knowledge"]


def event_graph(ws: WorldState) -> nx.DiGraph:
    """Events in narrative order: ``next`` edges in time, ``causes`` edges where known."""
    g = nx.DiGraph(name="events")
    ordered = sorted(ws.events, key=lambda e: (e.time, e.span.start))
    for ev in ordered:
        g.add_node(
            ev.id,
            kind="event",
            label=_event_label(ws, ev),
            predicate=ev.predicate,
            sentence=ev.sentence,
            time=ev.time,
            scene=ev.scene,
            negated=ev.negated,
            start=ev.span.start,
            end=ev.span.end,
            present=",".join(ws.display_name(c) for c in ev.present),
        )
    for prev, nxt in itertools.pairwise(ordered):
        g.add_edge(prev.id, nxt.id, relation="next")
    for ev in ordered:
        for cause in ev.causes:
            if cause in g:
                g.add_edge(cause, ev.id, relation="causes")
    return g


def entity_graph(ws: WorldState) -> nx.MultiDiGraph:
    """Entities with relation edges (propositions whose value is another entity) and co-occurrence."""
    g = nx.MultiDiGraph(name="entities")
    ids = {e.id for e in ws.entities}
    for ent in ws.entities:
        g.add_node(
            ent.id, kind=ent.kind.value, label=ent.name, aliases="; ".join(ent.aliases), mentions=len(ent.mentions)
        )
    for prop in ws.propositions:
        if prop.subject in ids and prop.value in ids:
            g.add_edge(
                prop.subject,
                prop.value,
                relation=prop.predicate,
                polarity=prop.polarity,
                sentence=prop.sentence,
                proposition=prop.id,
            )
    for ev in ws.events:
        if ev.agent in ids and ev.patient in ids and ev.agent != ev.patient:
            g.add_edge(
                ev.agent, ev.patient, relation=ev.predicate, polarity=not ev.negated, sentence=ev.sentence, event=ev.id
            )
    return g


def knowledge_graph(ws: WorldState, character: str) -> nx.DiGraph:
    """One character's knowledge: character → proposition edges labelled with channel and time."""
    g = nx.DiGraph(name=f"knowledge:{ws.display_name(character)}")
    g.add_node(character, kind="character", label=ws.display_name(character))
    entity_ids = {e.id for e in ws.entities}
    for k in ws.knowledge_of(character):
        prop = ws.proposition(k.proposition)
        g.add_node(
            prop.id,
            kind="proposition",
            label=f"{ws.display_name(prop.subject)} {prop.predicate}{'' if prop.polarity else ' NOT'} {_value(ws, prop.value, entity_ids)}",
            sentence=prop.sentence,
            start=prop.span.start,
            end=prop.span.end,
        )
        attrs = {"channel": k.channel.value, "since": k.since}
        if k.source_character:
            attrs["told_by"] = ws.display_name(k.source_character)
            g.add_node(k.source_character, kind="character", label=ws.display_name(k.source_character))
            g.add_edge(k.source_character, prop.id, channel="source", since=k.since)
        g.add_edge(character, prop.id, **attrs)
    return g


def build_view(ws: WorldState, view: GraphView, character: str | None = None) -> nx.Graph:
    """The requested view; for ``knowledge`` without a character, all characters' graphs composed."""
    if view == "events":
        return event_graph(ws)
    if view == "entities":
        return entity_graph(ws)
    if view == "knowledge":
        if character is not None:
            return knowledge_graph(ws, character)
        g = nx.DiGraph(name="knowledge")
        for ent in ws.characters():
            part = knowledge_graph(ws, ent.id)
            g.add_nodes_from(part.nodes(data=True))
            g.add_edges_from(part.edges(data=True))
        return g
    raise ValueError(f"unknown view {view!r}")


def graph_to_text(g: nx.Graph, fmt: GraphFormat) -> str:
    """Serialise a graph as node-link JSON, GraphML, GEXF or DOT text.

    JSON is networkx's node-link layout with the edges under ``"links"`` (``node_link_data(g, edges="links")``,
    the layout D3 and networkx before 3.4 use); read it back with ``nx.node_link_graph(data, edges="links")``.
    GEXF (Gephi) is networkx's ``write_gexf`` output (version 1.2draft).
    """
    if fmt == "json":
        return json.dumps(nx.node_link_data(g, edges="links"), ensure_ascii=False, indent=2, default=str)
    if fmt == "graphml":
        return "\n".join(nx.generate_graphml(_scalar_attrs(g)))
    if fmt == "gexf":
        return "\n".join(nx.generate_gexf(_scalar_attrs(g)))
    if fmt == "dot":
        return to_dot(g)
    raise ValueError(f"unknown format {fmt!r}")


def to_dot(g: nx.Graph) -> str:
    """DOT text via pydot (Graphviz's own syntax and quoting)."""
    import pydot

    from_nx = nx.nx_pydot.to_pydot(_dot_safe(g))
    assert isinstance(from_nx, pydot.Dot)
    return from_nx.to_string()


def write_graph(g: nx.Graph, fmt: GraphFormat, path: Path) -> None:
    from worldstate.files import atomic_write_text

    atomic_write_text(path, graph_to_text(g, fmt))


def _scalar_attrs(g: nx.Graph) -> nx.Graph:
    """GraphML accepts only scalar attributes; drop None and stringify the rest."""
    h = g.copy()
    for _, data in h.nodes(data=True):
        _clean(data)
    for *_, data in h.edges(data=True):
        _clean(data)
    h.graph = {k: v for k, v in h.graph.items() if isinstance(v, (str, int, float, bool))}
    return h


def _dot_safe(g: nx.Graph) -> nx.Graph:
    """pydot needs quoted string attributes; node names with ':' must be quoted too."""
    h = nx.relabel_nodes(g, {n: f'"{n}"' for n in g.nodes}, copy=True)
    for _, data in h.nodes(data=True):
        _quote_all(data)
    for *_, data in h.edges(data=True):
        _quote_all(data)
    h.graph = {"name": re.sub(r"\W+", "_", str(g.graph.get("name", "G"))) or "G"}
    return h


def _clean(data: dict) -> None:
    for key in list(data):
        value = data[key]
        if value is None:
            del data[key]
        elif not isinstance(value, (str, int, float, bool)):
            data[key] = str(value)


def _quote_all(data: dict) -> None:
    for key in list(data):
        value = data[key]
        if value is None:
            del data[key]
            continue
        text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
        data[key] = f'"{text}"'


def _event_label(ws: WorldState, ev: Event) -> str:
    who = ws.display_name(ev.agent) if ev.agent else ""
    what = ws.display_name(ev.patient) if ev.patient else ""
    neg = "not " if ev.negated else ""
    return " ".join(x for x in (who, neg + ev.predicate, what) if x)


def _value(ws: WorldState, value: str, entity_ids: set[str]) -> str:
    """An entity's name when ``value`` is an entity id, else the value itself."""
    return ws.display_name(value) if value in entity_ids else value
