"""Readable terminal rendering of a world state (rich tables)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.table import Table
from rich.text import Text

from worldstate.state import EntityKind, Finding, Story, WorldState


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_world_state(
    ws: WorldState, console: Console | None = None, max_events: int = 60, max_knowledge: int = 15
) -> None:
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
        if kind == EntityKind.CHARACTER:
            table.add_column("knows", justify="right")
        for ent in ents[:40]:
            row = [ent.name, _short(", ".join(ent.aliases), 60), str(len(ent.mentions)), f"s{ent.first_sentence + 1}"]
            if kind == EntityKind.CHARACTER:
                row.append(str(len(ws.knowledge_of(ent.id))))
            table.add_row(*row)
        console.print(table)
        if len(ents) > 40:
            console.print(f"… and {len(ents) - 40} more {title.lower()}")
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
        table.add_column("what", ratio=1)
        for k in sorted(known, key=lambda k: k.since)[:max_knowledge]:
            prop = ws.proposition(k.proposition)
            how = k.channel.value + (f" by {ws.display_name(k.source_character)}" if k.source_character else "")
            neg = "" if prop.polarity else "not "
            what = Text(f"{ws.display_name(prop.subject)} {neg}{prop.predicate} {ws.display_name(prop.value)}")
            what.append(f"\n\u201c{_short(story.span_text(k.evidence or prop.span), 80)}\u201d", style="dim italic")
            table.add_row(f"s{k.since + 1}", how, what)
        console.print(table)
        if len(known) > max_knowledge:
            console.print(f"… and {len(known) - max_knowledge} more for {ent.name} (use --format json for all)")
    if ws.findings:
        render_findings(ws.findings, story, console)
    if ws.unresolved:
        console.print(f"[dim]Unresolved: {len(ws.unresolved)} items, e.g. {'; '.join(ws.unresolved[:3])}[/dim]")


def render_findings(findings: list[Finding], story: Story, console: Console | None = None, title: str = "") -> None:
    """A findings table: category, confidence, character, explanation and each evidence quote
    with its sentence number (1-based, as ``s12``) and role."""
    console = console or Console()
    if not findings:
        console.print(f"[green]{title or 'Findings'}: none[/green]")
        return
    table = Table(title=f"{title or 'Findings'} ({len(findings)})", show_lines=True)
    table.add_column("#", justify="right")
    table.add_column("category")
    table.add_column("conf.", justify="right")
    table.add_column("character")
    table.add_column("explanation and evidence", ratio=1)
    for i, f in enumerate(sorted(findings, key=lambda f: -f.confidence), start=1):
        cell = Text(_short(f.explanation, 200))
        for ev in f.evidence:
            sentence = ev.sentence if ev.sentence is not None else story.sentence_at(ev.span.start)
            role = "" if ev.role == "error" else f" ({ev.role})"
            cell.append(f"\ns{sentence + 1}{role}: ", style="dim")
            cell.append(f"\u201c{_short(ev.text or story.span_text(ev.span), 110)}\u201d", style="italic")
        category = f.category + (f"/{f.subtype}" if f.subtype else "")
        table.add_row(str(i), category, f"{f.confidence:.2f}", f.character or "", cell)
    console.print(table)


@contextmanager
def progress(console: Console | None = None, enabled: bool = True) -> Iterator[Callable[[str], None]]:
    """A spinner on standard error for long operations; yields ``step(description)`` to update it.

    Silent when ``enabled`` is false or standard error is not a terminal (rich's own check).
    """
    console = console or Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield lambda _description: None
        return
    with console.status("working…") as status:
        yield lambda description: status.update(f"{description}…")
