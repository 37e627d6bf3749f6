"""The data the viewer page embeds: a plain JSON-able dict built from a world state and its findings.

Large stories are capped here so the page stays responsive: the entity graph keeps the most
mentioned entities, the timeline and knowledge lists keep their first items and say how many
were left out. The story text itself is always complete (the page renders it page by page).

Sentence numbers in the payload are 0-based indexes into the world's one sentence split (``sentences``);
the page shows sentence ``k`` as ``s{k + 1}``, as every report does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldstate.state import Channel, EntityKind, Event, Finding, Knowledge, Source, WorldState
from worldstate.state.timeline import Predicate, StateInterval, Timeline
from worldstate.view.counts import FindingCount

if TYPE_CHECKING:
    from collections.abc import Mapping

    from worldstate.query import KnownFact


@dataclass(frozen=True)
class Limits:
    """Caps that keep the page responsive on very long stories."""

    graph_nodes: int = 60
    graph_edges: int = 300
    events: int = 5000
    knowledge_per_character: int = 400
    unknown_per_character: int = 200
    page_chars: int = 40_000
    lanes: int = 200
    states_per_lane: int = 400


def build_payload(
    ws: WorldState,
    findings: list[Finding],
    notes: list[str] | None = None,
    limits: Limits | None = None,
    timeline: Timeline | None = None,
    known: Mapping[str, list[KnownFact]] | None = None,
) -> dict[str, Any]:
    """Everything the page shows, with spans as ``[start, end]`` offsets into ``text``; ``timeline`` (the
    World's per-entity states) gives the per-character lanes, else the lanes show knowledge only;
    ``known`` (what each character knows by the end, as ``worldstate state`` reports it) gives the lanes'
    knowledge, else the knowledge layer's records do."""
    limits = limits or Limits()
    story = ws.story
    idx = _Index(ws)
    characters = ws.characters()
    return {
        "title": story.title or Path(story.source).name or "story",
        "source": story.source,
        "text": story.text,
        "words": story.word_count,
        "paragraphs": [[p.span.start, p.span.end] for p in story.paragraphs],
        "layout": story.layout,
        "reflow": [_reflows(story.text[p.span.start : p.span.end]) for p in story.paragraphs],
        "sentences": [[s.span.start, s.span.end] for s in story.sentences],
        "pages": _pages(ws, limits.page_chars),
        "characters": _characters(ws, idx),
        "graph": _entity_graph(ws, limits),
        "events": _events(ws, idx, limits.events),
        "event_count": len(ws.events),
        "lanes": _lanes(ws, idx, timeline, known, limits),
        "knowledge": {c.id: _knowledge(ws, idx, c.id, limits.knowledge_per_character) for c in characters},
        "unknown": {c.id: _unknown(ws, idx, c.id, limits.unknown_per_character) for c in characters},
        "findings": [_finding(ws, i, f) for i, f in enumerate(findings)],
        "finding_count": _count(findings),
        "notes": list(notes or []),
    }


def _pages(ws: WorldState, page_chars: int) -> list[list[int]]:
    """Ranges of paragraph indices ``[first, last]`` of about ``page_chars`` characters each."""
    pages: list[list[int]] = []
    first, size = 0, 0
    for p in ws.story.paragraphs:
        size += len(p.span)
        if size >= page_chars:
            pages.append([first, p.index])
            first, size = p.index + 1, 0
    if first < len(ws.story.paragraphs):
        pages.append([first, len(ws.story.paragraphs) - 1])
    return pages


# A paragraph whose lines are all this short is verse or a list: its line breaks are kept.
VERSE_LINE_CHARS = 45


def _reflows(paragraph: str) -> bool:
    """Whether a paragraph's single line breaks are hard wrapping (shown as flowing text) rather than
    the author's lines (verse, lists: every line short)."""
    lines = [line.strip() for line in paragraph.split("\n") if line.strip()]
    return len(lines) < 2 or any(len(line) > VERSE_LINE_CHARS for line in lines)


def _lanes(
    ws: WorldState,
    idx: _Index,
    timeline: Timeline | None,
    known: Mapping[str, list[KnownFact]] | None,
    limits: Limits,
) -> list[dict[str, Any]]:
    """One lane per character (most mentioned first): where it is, what it holds, whether it died, its
    traits and titles, its relations (the timeline's told states, ``from``/``to`` sentence indexes, ``to``
    the last sentence when the story never ends it) and what it knows (since which sentence, how)."""
    last = max(0, len(ws.story.sentences) - 1)
    chars = sorted(ws.characters(), key=lambda e: (-len(e.mentions), e.first_sentence))[: limits.lanes]
    by_subject = timeline.by_subject() if timeline else {}
    lanes = []
    for c in chars:
        rows: dict[str, list[dict[str, Any]]] = {"where": [], "holds": [], "dead": [], "traits": [], "relations": []}
        for st in by_subject.get(c.id, []):
            if not st.modality.factual:
                continue
            row = _LANE_ROWS.get(st.predicate)
            if st.predicate == Predicate.ALIVE and st.value == "false":
                row = "dead"
            if row is None or len(rows[row]) >= limits.states_per_lane:
                continue
            rows[row].append(
                {
                    "from": st.start,
                    "to": last if st.end is None else max(st.start, st.end),
                    "open": st.end is None,
                    "label": _lane_label(row, st, idx) + (f" (inferred: {st.inferred})" if st.inferred else ""),
                    "inferred": st.inferred,
                    "span": [st.evidence.start, st.evidence.end],
                    "quote": ws.story.span_text(st.evidence)[:200],
                }
            )
        knows = (
            _known_facts(ws, idx, known[c.id][: limits.states_per_lane])
            if known is not None and c.id in known
            else _recorded_knowledge(ws, idx, c.id, limits.states_per_lane)
        )
        lanes.append({"id": c.id, "name": c.name, "mentions": len(c.mentions), **rows, "knows": knows})
    return lanes


_LANE_ROWS = {
    Predicate.LOCATION: "where",
    Predicate.HOLDS: "holds",
    Predicate.TRAIT: "traits",
    Predicate.TITLE: "traits",
    Predicate.RELATION: "relations",
}


def _lane_label(row: str, st: StateInterval, idx: _Index) -> str:
    """A bar's words: 'the forest', 'dead', 'hair: black', 'title: queen', 'married to Anna'."""
    if row == "dead":
        return "dead"
    if st.predicate == Predicate.TITLE:
        return f"title: {st.value_text or st.value}"
    if st.predicate in (Predicate.TRAIT, Predicate.RELATION) and "=" in st.value:
        key, value = st.value.split("=", 1)
        if st.predicate == Predicate.TRAIT:
            return f"{key.replace('_', ' ')}: {value}"
        return f"{key.replace('_', ' ')} {idx.name(value)}"
    return st.value_text or idx.name(st.value)


def _recorded_knowledge(ws: WorldState, idx: _Index, character: str, cap: int) -> list[dict[str, Any]]:
    return [
        {
            "sentence": k["since"],
            "label": k["label"],
            "channel": k["channel"],
            "told_by": k["told_by"],
            "span": k["span"],
            "quote": k["quote"][:200],
        }
        for k in _knowledge(ws, idx, character, cap)
        if k["channel"] != Channel.NARRATOR_ONLY.value
    ]


def _known_facts(ws: WorldState, idx: _Index, facts: list[KnownFact]) -> list[dict[str, Any]]:
    """``worldstate state``'s known facts as lane ticks: at the sentence since which it is known."""
    out = []
    for f in facts:
        told = ws.story.sentences[f.sentence].span if f.sentence < len(ws.story.sentences) else None
        span = f.evidence or told
        out.append(
            {
                "sentence": f.since,
                "label": f"what s{f.sentence + 1} tells",
                "channel": f.channel,
                "told_by": idx.name(f.source) if f.source else "",
                "span": [span.start, span.end] if span else [0, 0],
                "quote": " ".join(f.text.split())[:200],
            }
        )
    return out


def _characters(ws: WorldState, idx: _Index) -> list[dict[str, Any]]:
    chars = sorted(ws.characters(), key=lambda e: (-len(e.mentions), e.first_sentence))
    return [
        {
            "id": c.id,
            "name": c.name,
            "aliases": c.aliases,
            "mentions": len(c.mentions),
            "first_sentence": c.first_sentence,
            "known": len(idx.known.get(c.id, [])),
        }
        for c in chars
    ]


def _entity_graph(ws: WorldState, limits: Limits) -> dict[str, Any]:
    """Characters and the entities related to them, with relation edges merged by label.

    Characters come first (most mentioned first), then other entities by how connected they
    are; entities with no relation at all are left out so the graph shows structure, not a grid.
    """
    all_ids = {e.id for e in ws.entities}
    weights: Counter[tuple[str, str, str]] = Counter()
    first_sentence: dict[tuple[str, str, str], int] = {}
    for prop in ws.propositions:
        if prop.subject in all_ids and prop.value in all_ids and prop.subject != prop.value:
            key = (prop.subject, prop.value, prop.predicate if prop.polarity else f"not {prop.predicate}")
            weights[key] += 1
            first_sentence.setdefault(key, prop.sentence)
    for ev in ws.events:
        if ev.agent in all_ids and ev.patient in all_ids and ev.agent != ev.patient:
            key = (ev.agent, ev.patient, f"not {ev.predicate}" if ev.negated else ev.predicate)
            weights[key] += 1
            first_sentence.setdefault(key, ev.sentence)
    degree: Counter[str] = Counter()
    for s, t, _ in weights:
        degree[s] += 1
        degree[t] += 1
    candidates = [e for e in ws.entities if e.kind == EntityKind.CHARACTER or degree[e.id]]
    ranked = sorted(
        candidates,
        key=lambda e: (e.kind != EntityKind.CHARACTER, -degree[e.id], -len(e.mentions), e.first_sentence, e.id),
    )
    kept = ranked[: limits.graph_nodes]
    ids = {e.id for e in kept}
    nodes = [{"id": e.id, "label": e.name, "kind": e.kind.value, "mentions": len(e.mentions)} for e in kept]
    inside = [(key, w) for key, w in weights.most_common() if key[0] in ids and key[1] in ids]
    edges = [
        {
            "id": f"r{i}",
            "source": s,
            "target": t,
            "label": label,
            "weight": w,
            "sentence": first_sentence[(s, t, label)],
        }
        for i, ((s, t, label), w) in enumerate(inside[: limits.graph_edges])
    ]
    return {"nodes": nodes, "edges": edges, "total_nodes": len(ws.entities), "total_edges": len(weights)}


def _events(ws: WorldState, idx: _Index, cap: int) -> list[dict[str, Any]]:
    ordered = sorted(ws.events, key=lambda e: (e.time, e.span.start))[:cap]
    return [
        {
            "id": ev.id,
            "label": _event_label(idx, ev),
            "agent": idx.name(ev.agent) if ev.agent else "",
            "sentence": ev.sentence,
            "scene": ev.scene,
            "span": [ev.span.start, ev.span.end],
            "present": [idx.name(c) for c in ev.present],
            "negated": ev.negated,
        }
        for ev in ordered
    ]


def _event_label(idx: _Index, ev: Event) -> str:
    who = idx.name(ev.agent) if ev.agent else ""
    what = idx.name(ev.patient) if ev.patient else ""
    return " ".join(x for x in (who, ("not " if ev.negated else "") + ev.predicate, what) if x)


class _Index:
    """Lookups by id, built once (the model's own lookups scan lists)."""

    def __init__(self, ws: WorldState) -> None:
        self.names = {e.id: e.name for e in ws.entities}
        self.props = {p.id: p for p in ws.propositions}
        self.known: dict[str, list[Knowledge]] = {}
        for k in ws.knowledge:
            self.known.setdefault(k.character, []).append(k)

    def name(self, entity_id: str | None) -> str:
        return "?" if entity_id is None else self.names.get(entity_id, entity_id)

    def prop_label(self, prop_id: str) -> str:
        prop = self.props[prop_id]
        neg = "" if prop.polarity else "not "
        return f"{self.name(prop.subject)} {neg}{prop.predicate} {self.name(prop.value)}".strip()


def _knowledge(ws: WorldState, idx: _Index, character: str, cap: int) -> list[dict[str, Any]]:
    """What ``character`` knows, in the order they learn it: since when, how, and the evidence."""
    items = sorted(idx.known.get(character, []), key=lambda k: (k.since, k.proposition))[:cap]
    return [_knowledge_item(ws, idx, k) for k in items]


def _knowledge_item(ws: WorldState, idx: _Index, k: Knowledge) -> dict[str, Any]:
    prop = idx.props[k.proposition]
    span = k.evidence or prop.span
    return {
        "proposition": prop.id,
        "label": idx.prop_label(prop.id),
        "channel": k.channel.value,
        "told_by": idx.name(k.source_character) if k.source_character else "",
        "since": k.since,
        "span": [span.start, span.end],
        "quote": ws.story.span_text(span)[:300],
    }


def _unknown(ws: WorldState, idx: _Index, character: str, cap: int) -> list[dict[str, Any]]:
    """Facts about the story's entities (narrated or said) that ``character`` never comes to know."""
    known = {k.proposition for k in idx.known.get(character, [])}
    out = []
    for prop in sorted(ws.propositions, key=lambda p: (p.sentence, p.span.start)):
        if prop.id in known or prop.holder == character or prop.source == Source.THOUGHT:
            continue
        if prop.subject not in idx.names:  # facts about unresolved literals are not worth listing
            continue
        out.append(
            {
                "proposition": prop.id,
                "label": idx.prop_label(prop.id),
                "sentence": prop.sentence,
                "span": [prop.span.start, prop.span.end],
                "quote": ws.story.span_text(prop.span)[:300],
            }
        )
        if len(out) >= cap:
            break
    return out


def _count(findings: list[Finding]) -> dict[str, Any]:
    """The one count of findings the page shows, in its header and above the list."""
    count = FindingCount.of(findings)
    return {"shown": count.shown, "unsure": count.unsure, "short": count.short, "text": count.text}


def _finding(ws: WorldState, index: int, f: Finding) -> dict[str, Any]:
    story = ws.story
    character_id = ""
    if f.character:
        ent = (
            ws.entity_by_name(f.character) if f.character not in {e.id for e in ws.entities} else ws.entity(f.character)
        )
        character_id = ent.id if ent else ""
    return {
        "index": index,
        "id": f.id,
        "category": f.category,
        "subtype": f.subtype,
        "confidence": round(f.confidence, 3),
        "probability": f.probability,  # calibrated chance of a real error (None: not calibrated)
        "shown_by_default": f.shown_by_default,  # False: unsure (below the calibrated threshold)
        "explanation": f.explanation,
        "rule": f.rule,
        "source": f.source,
        "reviewed": f.reviewed,  # the LLM's review of an unsure finding: "promoted", "dropped" or ""
        "review_reason": f.review_reason,
        "character": f.character or "",
        "character_id": character_id,
        "evidence": [
            {
                "span": [ev.span.start, ev.span.end],
                "role": ev.role,
                "sentence": ev.sentence if ev.sentence is not None else story.sentence_at(ev.span.start),
                "text": ev.text[:500],
                "why": ev.why,  # why the engine believes this side (detect/grounds.py)
            }
            for ev in f.evidence
        ],
    }
