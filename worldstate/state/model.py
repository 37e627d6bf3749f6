"""The world state: typed records of who and what is in a story, what is true, and who knows it.

Plain dataclasses, no heavy imports. Narrative time is the index of the sentence in which an
event or statement occurs (0-based), so ``valid_from``/``since`` compare directly with sentence
indices; ``None`` for ``valid_to`` means "until changed".
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from worldstate.state.text import Span, Story


class EntityKind(StrEnum):
    CHARACTER = "character"
    PLACE = "place"
    OBJECT = "object"
    GROUP = "group"
    TIME = "time"
    OTHER = "other"


class MentionKind(StrEnum):
    NAME = "name"
    NOMINAL = "nominal"
    PRONOUN = "pronoun"


class Channel(StrEnum):
    """How a character came to know a proposition."""

    WITNESSED = "witnessed"
    TOLD = "told"
    INFERRED = "inferred"
    THOUGHT = "thought"
    PUBLIC = "public"
    MAGIC = "magic"
    NARRATOR_ONLY = "narrator-only"


class Source(StrEnum):
    """Who asserts a proposition in the text."""

    NARRATION = "narration"
    SPEECH = "speech"
    THOUGHT = "thought"


@dataclass
class Mention:
    id: str
    span: Span
    text: str
    sentence: int
    kind: MentionKind = MentionKind.NAME
    entity: str | None = None  # id of the resolved Entity, None when unresolved
    category: str = ""  # LitBank entity type (PER/FAC/GPE/LOC/VEH/ORG); "" when none (objects, "it", time…)


@dataclass
class Entity:
    id: str
    name: str
    kind: EntityKind = EntityKind.OTHER
    aliases: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)  # Mention ids
    gender: str = ""  # "male" / "female" / "" (unknown)
    number: str = "singular"
    first_sentence: int = 0


@dataclass
class Event:
    id: str
    predicate: str  # lemma of the main verb
    sentence: int
    time: int  # narrative order (sentence index)
    span: Span
    agent: str | None = None  # Entity ids
    patient: str | None = None
    arguments: dict[str, str] = field(default_factory=dict)  # role → entity id (instrument, location…)
    negated: bool = False
    scene: int = 0
    present: list[str] = field(default_factory=list)  # characters present in the scene
    causes: list[str] = field(default_factory=list)  # ids of events this one is caused by
    trigger: Span | None = None  # the trigger word (LitBank's event token); None in JSON from before triggers
    realis: bool = True  # asserted, specific and happening (not negated, modal, future, wished, generic)


@dataclass
class Proposition:
    id: str
    subject: str  # Entity id (or a literal for unresolved subjects)
    predicate: str  # attribute or relation name, e.g. "alive", "colour", "location", "married_to"
    value: str
    span: Span
    sentence: int
    polarity: bool = True
    valid_from: int = 0
    valid_to: int | None = None
    source: Source = Source.NARRATION
    holder: str | None = None  # speaker/thinker for speech and thought
    event: str | None = None  # the event that asserts or changes it


@dataclass
class Speech:
    id: str
    speaker: str | None
    addressees: list[str]
    span: Span  # the whole quote including marks
    content_span: Span  # inside the quotation marks
    sentence: int
    time: int
    rule: str = ""  # what gave the speaker: verb, same-turn, vocative, alternation, addressee, named, ranker, …
    confidence: float | None = None  # the speaker ranker's probability for its speaker (None: rules only)


@dataclass
class Perception:
    perceiver: str  # Entity id
    event: str  # Event id
    time: int
    explicit: bool = False  # True for perception verbs ("saw", "heard"); False for presence


@dataclass
class Knowledge:
    character: str  # Entity id
    proposition: str  # Proposition id
    channel: Channel
    since: int  # narrative time from which it is known
    source_character: str | None = None  # who told them
    evidence: Span | None = None


@dataclass
class Evidence:
    span: Span
    text: str
    role: str = "error"  # "error" (introduces the problem), "contradicted" (earlier), "support"
    sentence: int | None = None
    why: str = ""  # why the engine believes this side: the states recorded there, with modality (detect/grounds.py)


@dataclass
class Finding:
    category: str
    confidence: float
    explanation: str
    evidence: list[Evidence] = field(default_factory=list)
    rule: str = ""
    subtype: str = ""
    character: str | None = None
    source: str = "engine"  # "engine", "reasoner", "llm"
    probability: float | None = None  # calibrated chance it is a real error (detect/calibration.py); None: none
    shown_by_default: bool = True  # above the calibrated threshold (unsure findings: ``check --all``)
    reviewed: str = ""  # the LLM's review of an unsure finding: "promoted", "dropped", "" (not reviewed)
    review_reason: str = ""  # the LLM's one-sentence reason for its review

    @property
    def id(self) -> str:
        """A stable id (``.worldstate-ignore`` lists them): the check that fired and a digest of what it is
        about — category, subtype, rule, character and the quoted evidence (role and words). Offsets,
        confidence and wording are left out, so the id survives edits elsewhere in the story and re-tuning;
        a finding without evidence is identified by its explanation instead."""
        quotes = sorted(f"{ev.role}:{' '.join(ev.text.lower().split())}" for ev in self.evidence)
        about = quotes or [" ".join(self.explanation.lower().split())]
        key = "\x1f".join([self.category, self.subtype, self.rule, (self.character or "").lower(), *about])
        kind = re.sub(r"[^a-z0-9]+", "-", (self.rule or self.subtype or self.category).lower()).strip("-")
        return f"{kind or 'finding'}-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:10]}"


@dataclass
class WorldState:
    """Everything extracted from and inferred about one story."""

    story: Story
    entities: list[Entity] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    propositions: list[Proposition] = field(default_factory=list)
    speeches: list[Speech] = field(default_factory=list)
    perceptions: list[Perception] = field(default_factory=list)
    knowledge: list[Knowledge] = field(default_factory=list)
    scenes: list[tuple[int, int]] = field(default_factory=list)  # (first, last) sentence per scene
    findings: list[Finding] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # what the extractor could not resolve
    metadata: dict[str, str] = field(default_factory=dict)

    # -- lookups ------------------------------------------------------------------------
    def entity(self, entity_id: str) -> Entity:
        ent = _lookup(self, "entities", entity_id)
        if ent is None:
            raise KeyError(entity_id)
        return ent

    def entity_by_name(self, name: str) -> Entity | None:
        """The entity whose name or alias matches ``name`` (case-insensitive)."""
        wanted = name.strip().lower()
        exact, by_word = self._name_index()
        if wanted in exact:
            return self.entities[exact[wanted]]
        # partial: "Maggie" for 'Margaret “Maggie” Cassidy'
        positions = [by_word[wanted]] if wanted in by_word else []
        positions += [exact[w] for w in wanted.split() if w in exact]  # a one-word name inside ``name``
        return self.entities[min(positions)] if positions else None

    def _name_index(self) -> tuple[dict[str, int], dict[str, int]]:
        """Lower-cased name/alias → first entity position; name word → first position; rebuilt when the
        entity list, its length or its number of aliases changes."""
        fingerprint = (len(self.entities), sum(len(e.aliases) for e in self.entities))
        cached = self.__dict__.get("_name_index_cache")
        if cached is not None and cached[0] is self.entities and cached[1] == fingerprint:
            return cached[2]
        exact: dict[str, int] = {}
        by_word: dict[str, int] = {}
        for pos, ent in enumerate(self.entities):
            for n in (ent.name.lower(), *(a.lower() for a in ent.aliases)):
                exact.setdefault(n, pos)
                for word in n.split():
                    by_word.setdefault(word, pos)
        index = (exact, by_word)
        self.__dict__["_name_index_cache"] = (self.entities, fingerprint, index)
        return index

    def characters(self) -> list[Entity]:
        return [e for e in self.entities if e.kind == EntityKind.CHARACTER]

    def proposition(self, prop_id: str) -> Proposition:
        prop = _lookup(self, "propositions", prop_id)
        if prop is None:
            raise KeyError(prop_id)
        return prop

    def knowledge_of(self, character_id: str) -> list[Knowledge]:
        key = ("knowledge_of", len(self.knowledge))
        cache = self.__dict__.get("_index_cache", {})
        by_character = cache.get(key)
        if by_character is None:
            by_character = {}
            for k in self.knowledge:
                by_character.setdefault(k.character, []).append(k)
            cache = {**cache, key: by_character}
            self.__dict__["_index_cache"] = cache
        return list(by_character.get(character_id, []))

    def display_name(self, entity_id: str | None) -> str:
        if entity_id is None:
            return "?"
        try:
            return self.entity(entity_id).name
        except KeyError:
            return entity_id


def _lookup(ws: WorldState, attr: str, item_id: str) -> Any:
    """Find a record by id through a per-list index, rebuilt when the list changes length or goes stale.

    A miss scans the list once (it may have been edited in place) and is then remembered until the
    index is rebuilt, so repeated lookups of ids that are not there (``display_name`` of a literal) stay cheap.
    """
    records = getattr(ws, attr)
    cache = ws.__dict__.setdefault("_index_cache", {})
    key = (attr, len(records))
    entry = cache.get(key)
    if entry is None or entry[0] is not records:
        entry = (records, {r.id: r for r in records}, set())
        cache[key] = entry
    _, index, missing = entry
    found = index.get(item_id)
    if found is not None and found.id == item_id:
        return found
    if found is None and item_id in missing:
        return None
    for record in records:  # the list was edited in place: fall back to a scan and reindex
        if record.id == item_id:
            cache[key] = (records, {r.id: r for r in records}, set())
            return record
    missing.add(item_id)
    return None
