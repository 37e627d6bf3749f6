"""The character list, as BookNLP gives it: each character's deterministic name, its aliases (the
distinct names and descriptions the text uses for it) and its mention count, most mentioned first."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from worldstate.state import EntityKind, WorldState


@dataclass(frozen=True)
class Character:
    """One character of a story."""

    id: str
    name: str
    aliases: tuple[str, ...]
    mentions: int
    gender: str = ""


def pick_name(names: list[str], nominals: list[str], fallback: str) -> str:
    """The most frequent proper name as the text writes it (titles kept; ties: the longer; an all-caps
    heading counts half), else the most frequent description (ties: the first), else ``fallback``."""
    if names:
        counts = Counter(names)
        return max(counts, key=lambda n: (counts[n] - (0.5 if n.isupper() and len(n) > 1 else 0), len(n), n))
    if nominals:  # ties: the first seen
        counts = Counter(nominals)
        return max(counts, key=lambda n: (counts[n], -nominals.index(n)))
    return fallback


def ordered_aliases(texts: list[str], name: str) -> list[str]:
    """Distinct ``texts`` (most frequent first, then first seen), without ``name``."""
    counts = Counter(texts)
    first = {t: n for n, t in reversed(list(enumerate(texts)))}
    return [t for t in sorted(counts, key=lambda t: (-counts[t], first[t])) if t != name]


def character_list(ws: WorldState) -> list[Character]:
    """Characters (not groups) with at least one mention, by mention count (ties: first seen)."""
    out = [
        Character(ent.id, ent.name, tuple(ent.aliases), len(ent.mentions), ent.gender)
        for ent in ws.entities
        if ent.kind == EntityKind.CHARACTER and ent.mentions
    ]
    order = {e.id: e.first_sentence for e in ws.entities}
    return sorted(out, key=lambda c: (-c.mentions, order.get(c.id, 0), c.id))
