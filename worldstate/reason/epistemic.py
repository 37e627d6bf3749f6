"""Epistemic access: knows(c, p, t) only if some channel gives p to c at or before t.

Channels: the fact is about c themself; c was present when it happened (unless it was a secret or
someone's private thought); c heard it said (addressee or present); it was public; the extractor
recorded knowledge with a real channel; magic the story established (a licence). A character who
states p (in speech or thought) or acts on p (goes to the place where a thing was hidden) without a
channel is a violation; its evidence is the demonstrating sentence and the sentences that
introduced p.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from worldstate.reason.conflicts import Conflict
from worldstate.reason.context import StoryContext
from worldstate.reason.facts import Fact, describe, display, from_proposition, is_attributive
from worldstate.reason.packs import Rule, RulePacks, load_packs
from worldstate.state import Channel, Mention, Span, WorldState

Key = tuple[str, str, str, bool]
# Recorded channels that hold even for secrets; WITNESSED (presence) does not: a secret is not seen by being near.
_STRONG_CHANNELS = frozenset(str(c) for c in (Channel.TOLD, Channel.INFERRED, Channel.PUBLIC, Channel.MAGIC))


def _key(fact: Fact) -> Key:
    return (fact.subject, fact.predicate, fact.value, fact.polarity)


@dataclass(frozen=True)
class Demonstration:
    """Character ``character`` shows at ``sentence`` that they know ``key``."""

    character: str
    key: Key
    sentence: int
    span: Span
    fact: Fact


class Access:
    """Who is present where, and who heard which speech."""

    def __init__(self, ws: WorldState, hearers: list[str], witness_verbs: list[str]) -> None:
        self.present: dict[int, set[str]] = defaultdict(set)
        self.witnessed: dict[int, set[str]] = defaultdict(set)  # sentence → who saw/read/heard there
        verbs = {v.lower() for v in witness_verbs}
        for ev in ws.events:
            if ev.agent and not ev.negated and ev.predicate.lower() in verbs:
                self.witnessed[ev.sentence].add(ev.agent)
        for ev in ws.events:
            people = {ev.agent, ev.patient, *ev.present, *ev.arguments.values()}
            self.present[ev.sentence].update(p for p in people if p)
        for per in ws.perceptions:
            self.present[per.time].add(per.perceiver)
            if per.explicit:
                self.witnessed[per.time].add(per.perceiver)
        for m in ws.mentions:
            if m.entity:
                self.present[m.sentence].add(m.entity)
        self.heard: dict[int, set[str]] = defaultdict(set)  # sentence → hearers of speech there
        for sp in ws.speeches:
            who = set()
            if "addressees" in hearers:
                who.update(sp.addressees)
            if "present" in hearers:
                who.update(self.present.get(sp.sentence, set()))
            if sp.speaker:
                who.add(sp.speaker)
            self.heard[sp.sentence].update(who)

    def was_present(self, character: str, sentence: int) -> bool:
        return character in self.present.get(sentence, ())

    def saw_at(self, character: str, sentence: int) -> bool:
        return character in self.witnessed.get(sentence, ())

    def heard_at(self, character: str, sentence: int) -> bool:
        return character in self.heard.get(sentence, ())


def _rule(packs: RulePacks, kind: str) -> Rule | None:
    rules = packs.of_kind(kind)
    return rules[0] if rules else None


class EpistemicChecker:
    def __init__(self, ws: WorldState, packs: RulePacks, ctx: StoryContext) -> None:
        self.ws, self.packs, self.ctx = ws, packs, ctx
        self.no_channel = _rule(packs, "knowledge_channel")
        self.thoughts = _rule(packs, "thoughts_private")
        self.secret = _rule(packs, "secret")
        self.public = _rule(packs, "public")
        self.speech = _rule(packs, "speech_informs")
        self.stranger = _rule(packs, "stranger_name")
        self.unmet = _rule(packs, "entity_access")
        hearers = self.speech.param("hearers", ["addressees", "present"]) if self.speech else []
        witness_verbs = self.no_channel.param("witness_verbs", []) if self.no_channel else []
        self.access = Access(ws, hearers, witness_verbs)
        self.characters = {e.id for e in ws.characters()}
        self.facts = [from_proposition(p) for p in ws.propositions]
        self.by_key: dict[Key, list[Fact]] = defaultdict(list)
        for f in self.facts:
            self.by_key[_key(f)].append(f)
        # prop id → [(character, since, channel)] for the extractor's knowledge records
        self.recorded: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
        for k in ws.knowledge:
            if k.channel != Channel.NARRATOR_ONLY:
                self.recorded[k.proposition].append((k.character, k.since, str(k.channel)))

    # -- keywords -----------------------------------------------------------------------
    def _has(self, rule: Rule | None, sentence: int) -> bool:
        return rule is not None and self.ctx.sentence_has(sentence, rule.param("keywords", []))

    # -- demonstrations -----------------------------------------------------------------
    def demonstrations(self) -> list[Demonstration]:
        """First time each character states, thinks or acts on each fact."""
        found: dict[tuple[str, Key], Demonstration] = {}
        ignored = set(self.no_channel.param("ignore_predicates", [])) if self.no_channel else set()
        ignored_values = set(self.no_channel.param("ignore_values", [])) if self.no_channel else set()
        for f in self.facts:
            if f.base in ignored or f.value in ignored_values:
                continue
            if f.source in ("speech", "thought") and f.holder in self.characters and not is_attributive(f, self.ws):
                d = Demonstration(f.holder, _key(f), f.sentence, f.span, f)
                found.setdefault((f.holder, d.key), d)
        roles = self.no_channel.param("act_roles", []) if self.no_channel else []
        located: dict[tuple[str, str], list[Fact]] = defaultdict(list)  # (thing, place) → location facts
        for f in self.facts:
            if f.base == "location" and f.polarity:
                located[(f.subject, f.value)].append(f)
        for ev in self.ws.events:
            if ev.agent not in self.characters or ev.negated or not ev.patient:
                continue
            for role in roles:
                place = (ev.arguments.get(role) or "").lower()
                for f in located.get((ev.patient, place), ()):
                    if f.sentence < ev.sentence:
                        d = Demonstration(ev.agent, _key(f), ev.sentence, ev.span, f)
                        found.setdefault((ev.agent, d.key), d)
        return sorted(found.values(), key=lambda d: (d.sentence, d.span.start, d.character, d.key))

    # -- channels -----------------------------------------------------------------------
    def channel(self, c: str, p: Fact, t: int) -> bool:
        """Whether ``c`` could know introduction ``p`` at sentence ``t``."""
        self_predicates = set(self.no_channel.param("self_predicates", [])) if self.no_channel else set()
        if p.holder == c:
            return True
        if p.subject == c and p.base in self_predicates:
            return True
        recorded = {ch for who, since, ch in self.recorded.get(p.id, ()) if who == c and since <= t}
        if recorded & _STRONG_CHANNELS:
            return True
        if self._has(self.public, p.sentence):
            return True
        if p.source == "thought":
            return False
        if self.access.saw_at(c, p.sentence):  # read the letter, saw it, overheard it
            return True
        if p.source == "speech":
            return self.access.heard_at(c, p.sentence)
        if self._has(self.secret, p.sentence):
            return False
        return str(Channel.WITNESSED) in recorded or self.access.was_present(c, p.sentence)

    def violation_rule(self, intros: list[Fact]) -> Rule | None:
        if self.thoughts and all(p.source == "thought" for p in intros):
            return self.thoughts
        if self.secret and any(self._has(self.secret, p.sentence) for p in intros):
            return self.secret
        return self.no_channel

    def check_demonstration(self, d: Demonstration) -> Conflict | None:
        intros = [p for p in self.by_key[d.key] if p.sentence < d.sentence and p.holder != d.character]
        if not intros or any(self.channel(d.character, p, d.sentence) for p in intros):
            return None
        rule = self.violation_rule(intros)
        if rule is None:
            return None
        first = intros[:3]
        holder = display(self.ws, first[0].holder) if first[0].holder else "someone"
        explanation = rule.explain(
            character=display(self.ws, d.character),
            subject=display(self.ws, d.key[0]),
            holder=holder,
            later=d.sentence + 1,
            earlier=first[0].sentence + 1,
            later_fact=f"that {display(self.ws, d.key[0])} {describe(d.fact, self.ws)}",
            later_value=d.key[2],
        )
        return self._conflict(
            rule,
            d.sentence,
            facts=(*(p.id for p in first), d.fact.id),
            error=(d.span,),
            contradicted=tuple(p.span for p in first),
            error_sentences=(d.sentence,),
            contradicted_sentences=tuple(p.sentence for p in first),
            explanation=explanation,
            subject=d.key[0],
            character=d.character,
        )

    # -- entities a character never had access to ------------------------------------
    def unmet_entities(self) -> list[Conflict]:
        """A character who names, in speech, an entity mentioned before only out of their reach."""
        rule = self.unmet
        if rule is None:
            return []
        kinds = set(rule.param("mention_kinds", ["name"]))
        private = rule.param("private_keywords", [])
        thought_sentences = {f.sentence for f in self.facts if f.source == "thought"}
        speeches = sorted(self.ws.speeches, key=lambda s: (s.sentence, s.span.start))
        mentions = sorted((m for m in self.ws.mentions if m.entity), key=lambda m: (m.span.start, m.id))
        starts = [m.span.start for m in mentions]
        by_entity: dict[str, list[Mention]] = defaultdict(list)
        for m in mentions:
            by_entity[m.entity].append(m)
        out: list[Conflict] = []
        for sp in speeches:
            c = sp.speaker
            if c not in self.characters:
                continue
            for m in mentions_in(mentions, starts, sp.content_span):
                e = m.entity
                if e == c or e in sp.addressees or str(m.kind) not in kinds:
                    continue
                earlier = [x for x in by_entity[e] if x.sentence < sp.sentence]
                if not earlier or self._met(c, earlier, thought_sentences, private):
                    continue
                out.append(self._unmet_conflict(rule, c, m, earlier[0]))
                break  # one finding per speech
        return out

    def _met(self, c: str, earlier: list[Mention], thought_sentences: set[int], private: list[str]) -> bool:
        for x in earlier:
            s = x.sentence
            if self.access.heard_at(c, s) and any(
                sp.content_span.contains(x.span) for sp in self.ws.speeches if sp.sentence == s
            ):
                return True  # heard it named
            if s in thought_sentences or self.ctx.sentence_has(s, private):
                continue  # a private passage gives nobody else access
            if self.access.was_present(c, s):
                return True
        return False

    def _unmet_conflict(self, rule: Rule, c: str, m: Mention, first: Mention) -> Conflict:
        return self._conflict(
            rule,
            m.sentence,
            facts=(first.id, m.id),
            error=(m.span,),
            contradicted=(first.span,),
            error_sentences=(m.sentence,),
            contradicted_sentences=(first.sentence,),
            explanation=rule.explain(
                character=display(self.ws, c), later_value=m.text, later=m.sentence + 1, earlier=first.sentence + 1
            ),
            subject=m.entity or "",
            character=c,
        )

    # -- strangers' names -------------------------------------------------------------
    def stranger_names(self) -> list[Conflict]:
        """A character who says a stranger's name before hearing it."""
        rule = self.stranger
        if rule is None:
            return []
        strangers = [e for e in self.ws.characters() if e.name[:1].isupper() and self._has(rule, e.first_sentence)]
        if not strangers:
            return []
        speeches = sorted(self.ws.speeches, key=lambda s: (s.content_span.start, s.id))
        starts = [sp.content_span.start for sp in speeches]
        public = self.ctx.keyword_sentences(self.public.param("keywords", [])) if self.public else []
        out: list[Conflict] = []
        for ent in strangers:
            intro = next((m for m in self.ws.mentions if m.entity == ent.id and m.text == ent.name), None)
            if intro is None:
                continue
            heard_by: set[str] = {ent.id}
            for said in re.finditer(rf"\b{re.escape(ent.name)}\b", self.ws.story.text):
                k = bisect.bisect_right(starts, said.start()) - 1
                if k < 0 or not speeches[k].content_span.contains(Span(said.start(), said.end())):
                    continue  # not inside a speech
                sp = speeches[k]
                speaker = sp.speaker
                before_public = bisect.bisect_left(public, intro.sentence) == bisect.bisect_left(public, sp.sentence)
                if (
                    speaker in self.characters
                    and speaker not in heard_by
                    and sp.sentence > intro.sentence
                    and before_public
                ):
                    out.append(self._stranger_conflict(rule, ent.name, speaker, sp.sentence, said, intro))
                    heard_by.add(speaker)
                heard_by.update(self.access.heard.get(sp.sentence, set()))
        return out

    def _stranger_conflict(
        self, rule: Rule, name: str, speaker: str, sentence: int, said: re.Match[str], intro: Mention
    ) -> Conflict:
        return self._conflict(
            rule,
            sentence,
            facts=(intro.id, f"speech:{speaker}:{sentence}"),
            error=(Span(said.start(), said.end()),),
            contradicted=(intro.span,),
            error_sentences=(sentence,),
            contradicted_sentences=(intro.sentence,),
            explanation=rule.explain(
                character=display(self.ws, speaker),
                later_value=name,
                later=sentence + 1,
                earlier=intro.sentence + 1,
            ),
            subject=name,
            character=speaker,
        )

    def _conflict(self, rule: Rule, sentence: int, **fields: Any) -> Conflict:
        """A conflict of ``rule`` found at ``sentence`` (with its confidence, and the switch licensing it there)."""
        return Conflict(
            rule=rule.id,
            category=rule.category,
            confidence=rule.confidence,
            **fields,
            **self.ctx.license_fields(rule, sentence),
        )


def mentions_in(mentions: list[Mention], starts: list[int], span: Span) -> list[Mention]:
    """The mentions (sorted by start offset, ``starts`` their offsets) that lie inside ``span``."""
    i = bisect.bisect_left(starts, span.start)
    out = []
    while i < len(mentions) and mentions[i].span.start < span.end:
        if span.contains(mentions[i].span):
            out.append(mentions[i])
        i += 1
    return out


def check_epistemic(ws: WorldState, packs: RulePacks | None = None, ctx: StoryContext | None = None) -> list[Conflict]:
    """Epistemic violations (licensed ones included, marked by ``licensed_by``), sorted by sentence."""
    packs = packs or load_packs()
    ctx = ctx or StoryContext(ws, packs)
    checker = EpistemicChecker(ws, packs, ctx)
    conflicts = [c for d in checker.demonstrations() if (c := checker.check_demonstration(d)) is not None]
    conflicts += checker.stranger_names()
    named = {(c.character, c.error_sentences) for c in conflicts}
    conflicts += [c for c in checker.unmet_entities() if (c.character, c.error_sentences) not in named]
    return sorted(conflicts, key=Conflict.key)
