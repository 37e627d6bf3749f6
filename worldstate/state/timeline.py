"""Per-entity timelines of state: plain data, no extraction.

A :class:`StateInterval` says that ``subject``'s ``predicate`` had ``value`` from sentence ``start``
to sentence ``end`` (0-based sentence indices of the story's one split; ``end`` ``None`` when the story
never tells it changed). The interval holds at the end of ``start`` and stops holding at the end of
``end``: a change told in sentence *k* ends the earlier state at *k* and starts the new one at *k*.

``inferred`` names the reading when the state is a reader's inference, not told of the entity
(:mod:`worldstate.extract.timeline.inferred`); the continuity checks read told states only.

``modality`` says how the text asserts it: only ``asserted`` (and ``flashback``, told of the past)
states are facts of the story world; the others are scoped (``holder`` for a character's belief,
wish or speech) and never end an asserted state.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from enum import StrEnum

from worldstate.state.story_time import StoryTime
from worldstate.state.text import Span


class Modality(StrEnum):
    """How the text puts a state: as happening, denied, imagined, wanted, to come, someone's word."""

    ASSERTED = "asserted"
    NEGATED = "negated"
    HYPOTHETICAL = "hypothetical"  # conditional, comparison ("as if"), modal verb
    WISHED = "wished"
    FUTURE = "future"
    BELIEF = "belief"  # a character's thought or perception (holder = the character)
    SPEECH = "speech"  # a character's words (holder = the speaker)
    FLASHBACK = "flashback"  # told in the past perfect: true of the story world, earlier
    DREAM = "dream"

    @property
    def factual(self) -> bool:
        """True for the modalities that state what holds in the story world."""
        return self in (Modality.ASSERTED, Modality.FLASHBACK)


class Predicate(StrEnum):
    """The kinds of state a timeline keeps."""

    LOCATION = "location"
    HOLDS = "holds"  # subject holds/owns the object named by value
    ALIVE = "alive"  # value "true" / "false"
    TRAIT = "trait"  # value "key=value": "hair=black", "size=little", "wound=lame"
    RELATION = "relation"  # value "relation=entity": "married_to=king"
    COUNT = "count"  # value "noun=n": "kid=7"
    TITLE = "title"
    NAME = "name"


@dataclass
class StateInterval:
    """One state of one entity over an interval of story time, with its evidence."""

    subject: str  # entity id (or a literal noun for things coreference left unresolved)
    predicate: Predicate
    value: str  # entity id or text; see Predicate for the "key=value" kinds
    start: int  # sentence index where it is told
    evidence: Span  # char offsets into the story text
    modality: Modality = Modality.ASSERTED
    end: int | None = None  # sentence index where a later change ends it; None: open
    holder: str | None = None  # the character a belief/speech/wish is scoped to
    value_text: str = ""  # the value as the text words it ("the grandmother's house")
    ended_by: Span | None = None  # evidence of the change that ended it
    active: bool = True  # the subject did it (went, took); False when done to it (carried, given)
    inferred: str = ""  # '' when told; else the reading that inferred it ("along", "attached", "rest", "scene")
    support: tuple[Span, ...] = ()  # an inferred state's other evidence: the told states it is drawn from

    @property
    def key(self) -> str:
        """The part of ``value`` that a change replaces: the trait/relation/count name, else ''."""
        if self.predicate in (Predicate.TRAIT, Predicate.COUNT, Predicate.RELATION):
            return self.value.split("=", 1)[0]
        return ""

    def holds_at(self, sentence: int) -> bool:
        """True when the state holds at the end of ``sentence``."""
        return self.start <= sentence and (self.end is None or sentence < self.end)


@dataclass
class Timeline:
    """All state intervals of a story, in order of ``start``."""

    states: list[StateInterval] = field(default_factory=list)
    story_time: StoryTime = field(default_factory=StoryTime)  # when each sentence happens (story clock)

    def of(self, subject: str, predicate: Predicate | None = None) -> list[StateInterval]:
        """The states of ``subject`` (optionally of one predicate), in story order."""
        return [s for s in self.states if s.subject == subject and (predicate is None or s.predicate == predicate)]

    def at(self, sentence: int, *, factual_only: bool = True) -> list[StateInterval]:
        """The states that hold at the end of ``sentence``."""
        return [s for s in self.states if s.holds_at(sentence) and (s.modality.factual or not factual_only)]

    def subjects(self) -> list[str]:
        """Every subject with at least one state, in order of first state."""
        return list(dict.fromkeys(s.subject for s in self.states))

    def by_subject(self) -> dict[str, list[StateInterval]]:
        out: dict[str, list[StateInterval]] = defaultdict(list)
        for s in self.states:
            out[s.subject].append(s)
        return dict(out)
