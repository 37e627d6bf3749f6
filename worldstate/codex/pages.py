"""The codex as Markdown: a page per character, one page each for groups, places and objects, and an index.

Sentence numbers are 1-based (``s12``), as every report shows them; quotes are the text's own words.
"""

from __future__ import annotations

from worldstate.codex.entries import Appearance, Codex, Entry, Fact

PAGE_KINDS = {"group": "groups.md", "place": "places.md", "object": "objects.md"}
CHARACTER_FOLDER = "characters"


def page_name(entry: Entry) -> str:
    """The file a character's page is written to, relative to the codex folder."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in entry.id) or "character"
    return f"{CHARACTER_FOLDER}/{safe}.md"


def span_text(fact: Fact) -> str:
    """'from s12' or 's12 to s30' (the state stops holding at the end of its last sentence)."""
    return f"from s{fact.start + 1}" if fact.end is None else f"s{fact.start + 1} to s{fact.end + 1}"


def fact_line(fact: Fact, markdown: bool = True) -> str:
    """'married to the wife, from s4 — “his wife”' (Markdown-escaped unless ``markdown`` is False)."""
    md = _md if markdown else str
    who = f"{md(fact.about)}: " if fact.about else ""
    return f"{who}{md(fact.text)}, {span_text(fact)}" + (f" — “{md(fact.quote)}”" if fact.quote else "")


def character_page(entry: Entry) -> str:
    lines = [f"# {_md(entry.name)}", "", _summary(entry), ""]
    if entry.aliases:
        lines += [f"**Also called:** {', '.join(_md(a) for a in entry.aliases)}", ""]
    lines += ["## Appearances", "", *_appearances(entry), ""]
    lines += _section("Relations", [fact_line(f) for f in entry.relations])
    lines += _section("At the end of the story", [fact_line(f) for f in entry.at_end])
    lines += _section("What holds from which sentence on", [fact_line(f) for f in entry.facts])
    lines += _section("Others' states that name them", [fact_line(f) for f in entry.linked])
    return "\n".join(lines).rstrip() + "\n"


def kind_page(codex: Codex, kind: str, title: str) -> str:
    """One page listing every entry of ``kind`` (groups, places, objects)."""
    lines = [f"# {title}", ""]
    entries = codex.of_kind(kind)
    if not entries:
        lines.append("(none found)")
    for entry in entries:
        lines += [f"## {_md(entry.name)}", "", _summary(entry), ""]
        if entry.aliases:
            lines += [f"**Also called:** {', '.join(_md(a) for a in entry.aliases)}", ""]
        lines += [*_appearances(entry), ""]
        label = {"place": "Who is there", "object": "Who holds it"}.get(kind, "Named in others' states")
        lines += _section("What holds from which sentence on", [fact_line(f) for f in entry.facts], level=3)
        lines += _section(label, [fact_line(f) for f in entry.linked], level=3)
    return "\n".join(lines).rstrip() + "\n"


def index_page(codex: Codex) -> str:
    lines = [f"# Codex: {_md(codex.title)}", "", f"{codex.sentences} sentences.", "", "## Characters", ""]
    for entry in codex.of_kind("character"):
        aka = f" (also {', '.join(_md(a) for a in entry.aliases[:4])})" if entry.aliases else ""
        first = f", first in s{entry.first.sentence + 1}" if entry.first else ""
        lines.append(f"- [{_md(entry.name)}]({page_name(entry)}){aka}: {_count(entry.mentions)}{first}")
    lines.append("")
    for kind, name in PAGE_KINDS.items():
        lines.append(f"- [{name.removesuffix('.md').capitalize()}]({name}): {len(codex.of_kind(kind))}")
    lines.append("- [codex.csv](codex.csv): every entry, one row each")
    return "\n".join(lines) + "\n"


def _summary(entry: Entry) -> str:
    gender = f" · {entry.gender}" if entry.gender else ""
    return f"*{entry.kind} · {_count(entry.mentions)}{gender} · id `{entry.id}`*"


def _count(mentions: int) -> str:
    return f"{mentions} mention{'' if mentions == 1 else 's'}"


def _appearances(entry: Entry) -> list[str]:
    def line(label: str, seen: Appearance | None) -> str:
        return f"- {label}: s{seen.sentence + 1} — “{_md(seen.quote)}”" if seen else f"- {label}: (not found)"

    return [line("First appearance", entry.first), line("Last appearance", entry.last)]


def _section(title: str, items: list[str], level: int = 2) -> list[str]:
    if not items:
        return []
    return ["#" * level + f" {title}", "", *[f"- {item}" for item in items], ""]


def _md(text: str) -> str:
    """Text safe inside Markdown: one line, its emphasis and link characters escaped."""
    text = " ".join(text.split())
    for c in "\\`*_[]<>|":
        text = text.replace(c, "\\" + c)
    return text
