"""Readable terminal rendering of a world state (rich tables)."""

from __future__ import annotations

from collections import defaultdict

from rich.console import Console
from rich.table import Table

from worldstate.state import EntityKind, WorldState


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_world_state(ws: WorldState, console: Console | None = None, max_events: int = 60) -> None:
    """Print characters, places, objects, events in order and each character's knowledge."""
    console = console or Console()
    story = ws.story
    console.print(
        f"[bold]{story.title or story.source or 'story'}[/bold]: {story.word_count} words, "
        f"{len(story.sentences)} sentences, {len(story.paragraphs)} paragraphs, language {story.language}"
    )
    by_kind: dict[EntityKind, list] = defaultdict(list)
    for ent in ws.entities:
        by_kind[ent.kind].append(ent)
    for kind, title in (
        (EntityKind.CHARACTER, "Characters"),
        (EntityKind.PLACE, "Places"),
        (EntityKind.OBJECT, "Objects"),
    ):
        ents = sorted(by_kind.get(kind, []), key=lambda e: (-len(e.mentions), e.first_sentence))
        if not ents:
            continue
        table = Table(title=title, show_lines=False)
        table.add_column("name")
        table.add_column("aliases")
        table.add_column("mentions", justify="right")
        table.add_column("first seen", justify="right")
        for ent in ents[:40]:
            table.add_row(
                ent.name, _short(", ".join(ent.aliases), 60), str(len(ent.mentions)), f"s{ent.first_sentence + 1}"
            )
        console.print(table)
    if ws.events:
        table = Table(title=f"Events in order ({len(ws.events)})")
        table.add_column("sent.", justify="right")
        table.add_column("scene", justify="right")
        table.add_column("event")
        table.add_column("who is present")
        for ev in sorted(ws.events, key=lambda e: (e.time, e.span.start))[:max_events]:
            who = ws.display_name(ev.agent) if ev.agent else ""
            what = ws.display_name(ev.patient) if ev.patient else ""
            label = " ".join(x for x in (who, ("not " if ev.negated else "") + ev.predicate, what) if x)
            table.add_row(
                str(ev.sentence + 1),
                str(ev.scene),
                label,
                _short(", ".join(ws.display_name(c) for c in ev.present), 50),
            )
        console.print(table)
        if len(ws.events) > max_events:
            console.print(f"… and {len(ws.events) - max_events} more events (use --format json for all)")
    for ent in ws.characters():
        known = ws.knowledge_of(ent.id)
        if not known:
            continue
        counts: dict[str, int] = defaultdict(int)
        for k in known:
            counts[k.channel.value] += 1
        table = Table(
            title=f"What {ent.name} knows ({len(known)}: "
            + ", ".join(f"{c} {n}" for c, n in sorted(counts.items()))
            + ")"
        )
        table.add_column("since", justify="right")
        table.add_column("how")
        table.add_column("what")
        for k in sorted(known, key=lambda k: k.since)[:15]:
            prop = ws.proposition(k.proposition)
            how = k.channel.value + (f" by {ws.display_name(k.source_character)}" if k.source_character else "")
            table.add_row(f"s{k.since + 1}", how, _short(story.span_text(prop.span), 80))
        console.print(table)
    if ws.findings:
        table = Table(title=f"Findings ({len(ws.findings)})")
        table.add_column("category")
        table.add_column("conf.", justify="right")
        table.add_column("explanation")
        for f in ws.findings:
            table.add_row(f.category, f"{f.confidence:.2f}", _short(f.explanation, 100))
        console.print(table)
    if ws.unresolved:
        console.print(f"[dim]Unresolved: {len(ws.unresolved)} items, e.g. {'; '.join(ws.unresolved[:3])}[/dim]")
