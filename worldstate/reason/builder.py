"""Build small world states by quoting the story: for rule tests and examples, no extractor needed.

    b = WorldBuilder("Anna poured hot tea. She sipped the cold tea.")
    b.character("anna", "Anna")
    b.thing("tea", "tea")
    b.prop("tea", "is", "hot", "hot tea")
    b.prop("tea", "is", "cold", "cold tea")
    ws = b.ws

Every span comes from an exact quote of the text (``occurrence`` picks the n-th match), so the
evidence of any conflict points at real text.
"""

from __future__ import annotations

import re

from worldstate.state import (
    Entity,
    EntityKind,
    Event,
    Mention,
    MentionKind,
    Perception,
    Proposition,
    Source,
    Span,
    Speech,
    Story,
    WorldState,
)


class WorldBuilder:
    def __init__(self, text: str) -> None:
        self.ws = WorldState(story=Story.from_text(text))
        self._n = 0

    def _id(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}{self._n}"

    def span(self, quote: str, occurrence: int = 0) -> Span:
        """The span of the ``occurrence``-th (0-based) exact match of ``quote``."""
        start = 0
        for _ in range(occurrence + 1):
            span = self.ws.story.find(quote, start)
            if span is None:
                raise ValueError(f"quote not in story: {quote!r} (occurrence {occurrence})")
            start = span.start + 1
        return span

    def sentence(self, span: Span) -> int:
        return self.ws.story.sentence_at(span.start)

    def entity(self, entity_id: str, name: str, kind: EntityKind, mention: str | None = None) -> Entity:
        """An entity with a mention at every whole-word occurrence of ``mention`` (default: name)."""
        ent = Entity(entity_id, name, kind)
        word = mention or name
        for m in re.finditer(rf"\b{re.escape(word)}\b", self.ws.story.text):
            span = Span(m.start(), m.end())
            mention_obj = Mention(self._id("m"), span, word, self.sentence(span), MentionKind.NAME, entity_id)
            self.ws.mentions.append(mention_obj)
            ent.mentions.append(mention_obj.id)
        sentences = [m.sentence for m in self.ws.mentions if m.entity == entity_id]
        ent.first_sentence = min(sentences, default=0)
        self.ws.entities.append(ent)
        return ent

    def character(self, entity_id: str, name: str, mention: str | None = None) -> Entity:
        return self.entity(entity_id, name, EntityKind.CHARACTER, mention)

    def thing(self, entity_id: str, name: str, mention: str | None = None) -> Entity:
        return self.entity(entity_id, name, EntityKind.OBJECT, mention)

    def prop(
        self,
        subject: str,
        predicate: str,
        value: str,
        quote: str,
        *,
        polarity: bool = True,
        source: Source = Source.NARRATION,
        holder: str | None = None,
        occurrence: int = 0,
        event: str | None = None,
    ) -> Proposition:
        span = self.span(quote, occurrence)
        sentence = self.sentence(span)
        prop = Proposition(
            self._id("p"), subject, predicate, value, span, sentence, polarity, sentence, None, source, holder, event
        )
        self.ws.propositions.append(prop)
        return prop

    def event(
        self,
        predicate: str,
        quote: str,
        *,
        agent: str | None = None,
        patient: str | None = None,
        occurrence: int = 0,
        present: tuple[str, ...] = (),
        **arguments: str,
    ) -> Event:
        span = self.span(quote, occurrence)
        sentence = self.sentence(span)
        ev = Event(self._id("e"), predicate, sentence, sentence, span, agent, patient, dict(arguments))
        ev.present = list(present)
        self.ws.events.append(ev)
        return ev

    def speech(
        self, speaker: str | None, content: str, *, addressees: tuple[str, ...] = (), occurrence: int = 0
    ) -> Speech:
        """A speech whose content is ``content`` (the quote marks around it are included in the span)."""
        inner = self.span(content, occurrence)
        text = self.ws.story.text
        start = inner.start - 1 if inner.start > 0 and text[inner.start - 1] in "'\"“‘" else inner.start
        end = inner.end + 1 if inner.end < len(text) and text[inner.end] in "'\"”’" else inner.end
        sentence = self.sentence(inner)
        sp = Speech(self._id("s"), speaker, list(addressees), Span(start, end), inner, sentence, sentence)
        self.ws.speeches.append(sp)
        return sp

    def perception(self, perceiver: str, event: Event, explicit: bool = True) -> Perception:
        per = Perception(perceiver, event.id, event.time, explicit)
        self.ws.perceptions.append(per)
        return per

    def scenes(self, *firsts: int) -> None:
        """Scene breaks: each scene starts at one of ``firsts`` (sentence indices)."""
        last = len(self.ws.story.sentences) - 1
        bounds = sorted(firsts)
        self.ws.scenes = [(b, (bounds[i + 1] - 1) if i + 1 < len(bounds) else last) for i, b in enumerate(bounds)]
