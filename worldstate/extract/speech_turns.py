"""One quote's turn while its speaker is found, and what the speaker features read of the extractor.

:mod:`worldstate.extract.speech` (the extractor) and the speaker ranker's features
(:mod:`worldstate.extract.speakers`, :mod:`worldstate.extract.speakers_exchange`) share these two
types; keeping them here lets the features read the extractor without importing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from worldstate.extract.coref import Coreference, MentionInfo
    from worldstate.extract.parsed import ParsedDoc, Token
    from worldstate.resources.lexicon import Lexicon
    from worldstate.state import Entity, Span, Story
    from worldstate.state.quotes import Quote


@dataclass
class Turn:
    """What the extractor knows about one quote while it works."""

    quote: Quote
    sentence: int
    block: int  # paragraph index (a line, on a sentence-a-line story)
    speaker: str | None = None
    addressees: list[str] = field(default_factory=list)
    vocatives: list[str] = field(default_factory=list)
    rule: str = ""  # which rule gave the speaker (verb, same-turn, vocative, alternation, addressee, named, ranker)
    confidence: float | None = None  # the speaker ranker's probability for the speaker (None: rules only)


class TurnReader(Protocol):
    """The parts of :class:`~worldstate.extract.speech.SpeechExtractor` the speaker features read."""

    story: Story
    doc: ParsedDoc
    coref: Coreference
    entities: dict[str, Entity]
    lex: Lexicon
    verbs: frozenset[str]
    lines: bool  # a sentence-a-line story: a turn is a sentence, not a paragraph
    infos: list[MentionInfo]
    info_starts: list[int]

    def block_of(self, offset: int) -> int: ...

    def block_span(self, index: int) -> Span: ...

    def _token_at(self, offset: int) -> int: ...

    def adjacent(self, a: Turn, b: Turn) -> bool: ...

    def called(self, turns: list[Turn], k: int) -> set[str]: ...

    def same_turn(self, a: Turn, b: Turn) -> bool: ...

    def speech_verb(self, turns: list[Turn], k: int) -> Token | None: ...
