"""Facts: the reasoner's view of propositions, plus facts derived from events by rules.

A ``Fact`` is a proposition normalised for reasoning (lower-case value, a time point) or a fact a
rule derives from the world state (a speaker is alive; whoever perceives an event is where it
happens). Every fact keeps the span it rests on, so a conflict maps back to sentences.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from worldstate.reason.packs import RulePacks
from worldstate.state import Proposition, Source, Span, WorldState
from worldstate.state.vocabulary import base_predicate


@dataclass(frozen=True)
class Fact:
    id: str  # the Proposition id, or "derived:<rule>:<event or speech id>"
    subject: str
    predicate: str
    value: str
    polarity: bool
    time: int  # narrative time point (sentence index)
    sentence: int
    span: Span
    source: str = "narration"  # narration / speech / thought / derived
    holder: str | None = None
    rule: str = ""  # the rule that derived it ("" for extracted propositions)
    event: str | None = None
    text: str = ""  # the value as written, for explanations

    @property
    def base(self) -> str:
        return base_predicate(self.predicate)


def fact_time(prop: Proposition) -> int:
    """The time point a proposition starts to hold: ``valid_from``, or its sentence when
    ``valid_from`` is the default 0 for a later sentence (an extractor that did not set it)."""
    if prop.valid_from == 0 and prop.sentence > 0:
        return prop.sentence
    return prop.valid_from


def from_proposition(prop: Proposition) -> Fact:
    return Fact(
        id=prop.id,
        subject=prop.subject,
        predicate=prop.predicate,
        value=str(prop.value).strip().lower(),
        polarity=bool(prop.polarity),
        time=fact_time(prop),
        sentence=prop.sentence,
        span=prop.span,
        source=str(prop.source),
        holder=prop.holder,
        event=prop.event,
        text=str(prop.value).strip(),
    )


class _Quoted:
    """Speech content spans, for a fast "is this span inside a quotation?" test."""

    def __init__(self, ws: WorldState) -> None:
        self.spans = sorted(sp.content_span for sp in ws.speeches)
        self.starts = [s.start for s in self.spans]

    def contains(self, span: Span) -> bool:
        i = bisect.bisect_right(self.starts, span.start) - 1
        return any(self.spans[j].contains(span) for j in range(max(0, i - 2), i + 1))


def derived_facts(ws: WorldState, packs: RulePacks) -> list[Fact]:
    """Facts the ``implied_by_action`` and ``implied_by_perception`` rules derive from events."""
    facts: list[Fact] = []
    characters = {e.id for e in ws.characters()}
    for rule in packs.of_kind("implied_by_action"):
        predicate, value = rule.param("predicate"), str(rule.param("value")).lower()
        seen: set[tuple[str, int]] = set()  # one derived fact per subject and time point
        sources: list[tuple[str, str, int, int, Span, str | None]] = []
        if rule.param("speech", False):
            sources += [(sp.id, sp.speaker, sp.time, sp.sentence, sp.span, None) for sp in ws.speeches if sp.speaker]
        verbs = set(rule.param("verbs", []))
        quoted = _Quoted(ws)  # actions inside dialogue are not narrated actions
        sources += [
            (ev.id, ev.agent, ev.time, ev.sentence, ev.span, ev.id)
            for ev in ws.events
            if ev.agent and not ev.negated and ev.predicate.lower() in verbs and not quoted.contains(ev.span)
        ]
        for source_id, agent, when, sentence, span, event in sources:
            if agent not in characters or (agent, when) in seen:
                continue
            seen.add((agent, when))
            facts.append(
                Fact(
                    f"derived:{rule.id}:{source_id}",
                    agent,
                    predicate,
                    value,
                    True,
                    when,
                    sentence,
                    span,
                    "derived",
                    rule=rule.id,
                    event=event,
                )
            )
    for rule in packs.of_kind("implied_by_perception"):
        events = {ev.id: ev for ev in ws.events}
        for per in ws.perceptions:
            ev = events.get(per.event)
            place = ev.arguments.get("location") if ev else None
            if ev is None or not place or not per.explicit:
                continue
            facts.append(
                Fact(
                    f"derived:{rule.id}:{per.perceiver}:{ev.id}",
                    per.perceiver,
                    rule.param("predicate"),
                    place.lower(),
                    True,
                    per.time,
                    ev.sentence,
                    ev.span,
                    "derived",
                    rule=rule.id,
                    event=ev.id,
                )
            )
    return facts


def collect_facts(ws: WorldState, packs: RulePacks, sources: tuple[str, ...]) -> list[Fact]:
    """Extracted propositions from the given sources plus derived facts, in a stable order."""
    facts = [from_proposition(p) for p in ws.propositions if str(p.source) in sources]
    facts += derived_facts(ws, packs)
    facts.sort(key=lambda f: (f.time, f.sentence, f.span.start, f.id))
    return facts


def entity_names(ws: WorldState) -> dict[str, str]:
    """Entity id → display name (memoised on the world state, rebuilt when its entity count changes)."""
    cached = ws.__dict__.get("_display_names")
    if cached is None or cached[0] != len(ws.entities):
        cached = (len(ws.entities), {e.id: e.name for e in ws.entities})
        ws.__dict__["_display_names"] = cached
    return cached[1]


def display(ws: WorldState, entity_id: str | None) -> str:
    if entity_id is None:
        return "?"
    return entity_names(ws).get(entity_id, entity_id)


def shown_value(fact: Fact, ws: WorldState) -> str:
    """The value as written (an entity's name for entity ids)."""
    return entity_names(ws).get(fact.value) or fact.text or fact.value


def is_attributive(fact: Fact, ws: WorldState) -> bool:
    """'the old oak', 'red shoes': an adjective used to pick a thing out, not a claim about it."""
    words = ws.story.span_text(fact.span).lower().split()
    return fact.base == "is" and len(words) <= 3 and fact.value in words[:-1]


def describe(fact: Fact, ws: WorldState) -> str:
    """A short plain-language rendering: 'is hot', 'is not alive', 'is at the mill'."""
    neg = "" if fact.polarity else "not "
    value = shown_value(fact, ws)
    base = fact.base
    if fact.source == "derived" and fact.rule:
        quote = ws.story.span_text(fact.span)
        return f'acts ("{quote[:60]}")'
    if base == "is":
        return f"is {neg}{value}"
    if base == "alive":
        alive = (value == "true") == fact.polarity
        return "is alive" if alive else "is dead"
    if base == "location":
        return f"is {neg}at {value}"
    if base == "name":
        return f"is {neg}named {value}"
    if base == "age":
        return f"is {neg}{value} years old"
    if base == "count":
        noun = fact.predicate.split(":", 1)[1] if ":" in fact.predicate else "things"
        return f"has {neg}{value} {noun}"
    return f"{fact.predicate} {neg}{value}"


SOURCES_DEFAULT: tuple[str, ...] = (Source.NARRATION.value, Source.SPEECH.value)
