"""The records coreference produces: a mention with its parse facts, and the whole result."""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.state import Entity, Mention


@dataclass
class MentionInfo:
    """A mention with the parse facts coreference and the event extractor need."""

    mention: Mention
    head: int  # head token index
    first: int
    last: int  # token range [first, last)
    lemma: str
    possessive: bool = False
    definite: bool = False
    person_hint: bool = False  # a lexicon person noun or a PERSON name


@dataclass
class Coreference:
    """Result of :func:`resolve`: entities, mentions and a token → mention index."""

    entities: list[Entity]
    mentions: list[Mention]
    infos: list[MentionInfo]
    by_token: dict[int, MentionInfo]
    unresolved: list[str]
    pending_quote_pronouns: list[MentionInfo]  # I/you in quotes, for the speech extractor
    groups: dict[str, frozenset[str]]
