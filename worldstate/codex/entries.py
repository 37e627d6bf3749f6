"""A story's codex as data: one entry per character, group, place and object, read from an analysed World.

Each entry has the entity's name and aliases (the character list's, :mod:`worldstate.extract.coref.characters`),
its first and last appearance (sentence numbers and the sentence quoted), and the facts the timeline keeps
for it (:mod:`worldstate.extract.timeline`): what holds from which sentence on ("married to the king from
s12"), until which sentence, with the words of the text that tell it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from worldstate.query import states_of
from worldstate.state import EntityKind, MentionKind
from worldstate.state.timeline import Predicate, StateInterval

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.query.state import CharacterState
    from worldstate.state import Entity, Mention

KINDS = (EntityKind.CHARACTER, EntityKind.GROUP, EntityKind.PLACE, EntityKind.OBJECT)
QUOTE_CHARS = 160  # a quoted sentence is cut around the mention to about this many characters


@dataclass(frozen=True)
class Appearance:
    """Where an entity is mentioned: the sentence (0-based) and the sentence's words around the mention."""

    sentence: int
    quote: str


@dataclass(frozen=True)
class Fact:
    """One state the timeline keeps: what holds from ``start`` (0-based sentence) until ``end`` (None: to the end)."""

    predicate: str  # the timeline's predicate: location, holds, alive, trait, relation, count, title, name
    text: str  # as a reader says it: "married to the wife", "in the forest", "dead"
    start: int
    end: int | None
    quote: str  # the text's words that tell it
    about: str = ""  # for a place or an object: the entity whose state it is ("Hansel")


@dataclass
class Entry:
    """One codex entry."""

    id: str
    kind: str  # character, group, place, object
    name: str
    aliases: tuple[str, ...]
    mentions: int
    gender: str = ""
    first: Appearance | None = None
    last: Appearance | None = None
    facts: list[Fact] = field(default_factory=list)  # the entity's own states, in story order
    at_end: list[Fact] = field(default_factory=list)  # its states that still hold at the story's end
    linked: list[Fact] = field(default_factory=list)  # others' states naming it: who is there, who holds it

    @property
    def relations(self) -> list[Fact]:
        return [f for f in self.facts if f.predicate == Predicate.RELATION.value]


@dataclass
class Codex:
    """Every entry of one story, most mentioned first within each kind."""

    title: str
    sentences: int
    entries: list[Entry]

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries if e.kind == kind]


def build_codex(world: World, title: str = "") -> Codex:
    """The codex of ``world``: its characters, groups, places and objects with their facts."""
    ws = world.state
    mentions_of: dict[str, list[Mention]] = {}
    for m in ws.mentions:
        if m.entity:
            mentions_of.setdefault(m.entity, []).append(m)
    wanted = [e for e in ws.entities if e.kind in KINDS and e.id in mentions_of and _named(e, mentions_of[e.id])]
    aliases = {c.id: c.aliases for c in world.characters()}
    timeline = world.timeline
    by_subject = timeline.by_subject()
    linked: dict[str, list[StateInterval]] = {}
    for s in timeline.states:
        if s.modality.factual and s.value in mentions_of and s.subject != s.value:
            linked.setdefault(s.value, []).append(s)
    creatures = [e.id for e in wanted if e.kind in (EntityKind.CHARACTER, EntityKind.GROUP)]
    at_end = {cs.entity: cs for cs in states_of(world, creatures, max(0, len(world) - 1), knowledge=False)}
    entries = []
    for ent in wanted:
        mentions = sorted(mentions_of[ent.id], key=lambda m: (m.sentence, m.span.start))
        entry = Entry(
            ent.id,
            ent.kind.value,
            ent.name,
            aliases.get(ent.id, tuple(ent.aliases)),
            len(ent.mentions),
            ent.gender,
            _appearance(world, mentions[0]),
            _appearance(world, mentions[-1]),
        )
        entry.facts = [_fact(world, s) for s in by_subject.get(ent.id, []) if s.modality.factual]
        if ent.id in at_end:
            entry.at_end = [_fact(world, s) for s in _holding(at_end[ent.id])]
        entry.linked = [_fact(world, s, about=ws.display_name(s.subject)) for s in linked.get(ent.id, [])]
        entries.append(entry)
    order = {kind.value: n for n, kind in enumerate(KINDS)}
    entries.sort(key=lambda e: (order[e.kind], -e.mentions, e.first.sentence if e.first else 0, e.id))
    return Codex(title or world.story.source or "story", len(world), entries)


def _holding(cs: CharacterState) -> list[StateInterval]:
    """What ``worldstate state`` reports for one character at one sentence, as states."""
    alive = [cs.alive_told] if cs.alive_told is not None else []
    place = [cs.location] if cs.location is not None else []
    return place + alive + cs.holds + cs.traits + cs.relations + cs.counts + cs.titles + cs.names


def _named(ent: Entity, mentions: list[Mention]) -> bool:
    """Whether the text ever names or describes ``ent``: a cluster it only calls 'we', 'they' or 'his' has no
    codex entry, whatever name it was given ("we (a speaker's group)", or a stray "his" that kept the name of the
    character it was split from); a first-person narrator has one, and so has a group named by its members
    ("Hansel and Gretel")."""
    from worldstate.extract.coref.characters import NARRATOR_NAME

    if ent.name == NARRATOR_NAME or (ent.kind == EntityKind.GROUP and not ent.name.endswith(")")):
        return True
    return any(m.kind != MentionKind.PRONOUN for m in mentions)


def _appearance(world: World, mention: Mention) -> Appearance:
    """The mention's sentence quoted, cut to about ``QUOTE_CHARS`` characters around the mention."""
    text = " ".join(world.sentences[mention.sentence].split())
    return Appearance(mention.sentence, _cut(text, " ".join(mention.text.split())))


def _cut(text: str, around: str) -> str:
    if len(text) <= QUOTE_CHARS:
        return text
    at = max(0, text.find(around)) if around else 0
    start = max(0, min(at - QUOTE_CHARS // 3, len(text) - QUOTE_CHARS))
    piece = text[start : start + QUOTE_CHARS]
    return ("…" if start else "") + piece + ("…" if start + QUOTE_CHARS < len(text) else "")


def _fact(world: World, s: StateInterval, about: str = "") -> Fact:
    quote = " ".join(world.text[s.evidence.start : s.evidence.end].split())
    return Fact(s.predicate.value, state_text(world, s), s.start, s.end, _cut(quote, ""), about)


def state_text(world: World, s: StateInterval) -> str:
    """A state as a reader says it: 'in the forest', 'holds the bread', 'dead', 'married to the wife'."""
    ws = world.state
    value = s.value_text or ws.display_name(s.value)
    if s.predicate == Predicate.LOCATION:
        return f"in {value}" if value else "somewhere untold"
    if s.predicate == Predicate.HOLDS:
        return f"holds {value}"
    if s.predicate == Predicate.ALIVE:
        return "alive" if s.value == "true" else "dead"
    if "=" in s.value and s.predicate in (Predicate.TRAIT, Predicate.RELATION, Predicate.COUNT):
        key, val = s.value.split("=", 1)
        shown = ws.display_name(val) if s.predicate == Predicate.RELATION else val
        return f"{key.replace('_', ' ')} {shown}"
    if s.predicate == Predicate.TITLE:
        return f"titled {value}"
    if s.predicate == Predicate.NAME:
        return f"called {value}"
    return value
