"""One sentence's parse with the World's entities on it, and the modality of a clause.

Tokens are spaCy tokens of the sentence's own Doc (``World.sentence_docs``); ``offset`` turns their
character offsets into story offsets, where the World's mentions and speeches live.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from worldstate.extract.timeline.binding import rebind
from worldstate.extract.timeline.commissive import commissive_verbs
from worldstate.resources.words import Words, words
from worldstate.state import Mention, Span, Speech, WorldState
from worldstate.state.timeline import Modality

Token = Any  # a spaCy Token

_PERSONAL = {"he", "she", "him", "her", "they", "them", "i", "me", "you", "we", "us", "his", "their"}
_REFLEXIVE = {"himself", "herself", "themselves", "itself", "myself", "yourself", "ourselves"}
_TEMPORAL_MARKS = {"when", "after", "before", "till", "until", "since", "as", "while", "once"}


@dataclass
class StoryIndex:
    """Story-wide lookups shared by every sentence: mentions by offset, speech scopes."""

    ws: WorldState
    starts: list[int]
    mentions: list[Mention]
    speech: list[tuple[int, int, str | None]]  # (start, end, speaker) of each quote's content
    speeches: list[Speech] = field(default_factory=list)  # the quotes themselves, in the order of ``speech``

    @classmethod
    def of(cls, ws: WorldState) -> StoryIndex:
        mentions = sorted((m for m in ws.mentions if m.entity), key=lambda m: m.span.start)
        speeches = sorted(ws.speeches, key=lambda s: (s.content_span.start, s.content_span.end))
        speech = [(s.content_span.start, s.content_span.end, s.speaker) for s in speeches]
        return cls(ws, [m.span.start for m in mentions], mentions, speech, speeches)

    def entity_at(self, start: int, end: int) -> str | None:
        """The entity of the mention that ends where the token ends (the shortest such), else of the
        shortest mention covering the token."""
        k = bisect.bisect_right(self.starts, start)
        covering = [m for m in self.mentions[max(0, k - 40) : k] if m.span.start <= start and end <= m.span.end]
        if not covering:
            return None
        ending = [m for m in covering if m.span.end == end]
        best = min(ending or covering, key=lambda m: m.span.end - m.span.start)
        return best.entity

    def speaker_at(self, offset: int) -> tuple[bool, str | None]:
        """(inside a quote, its speaker) for a story offset."""
        k = self.quote_index(offset)
        return (True, self.speech[k][2]) if k is not None else (False, None)

    def quote_at(self, offset: int) -> Speech | None:
        """The quote whose content holds a story offset, else None."""
        k = self.quote_index(offset)
        return self.speeches[k] if k is not None and k < len(self.speeches) else None

    def quote_index(self, offset: int) -> int | None:
        """The index in ``speech`` of the quote whose content holds a story offset, else None."""
        k = bisect.bisect_right(self.speech, (offset, float("inf"), None)) - 1  # type: ignore[operator]
        for j in range(max(0, k - 2), k + 1):
            start, end, _ = self.speech[j]
            if start <= offset < end:
                return j
        return None


@dataclass
class SentenceView:
    """One parsed sentence placed in the story."""

    index: int
    doc: Any  # spaCy Doc
    offset: int  # story offset of the Doc's first character
    story: StoryIndex
    w: Words
    previous: SentenceView | None = None  # the sentence before (for an unresolved 'it')
    _rebound: dict[int, str] | None = field(default=None, repr=False)  # token index → re-resolved entity

    def span(self, *toks: Token) -> Span:
        toks_ = [t for t in toks if t is not None]
        return Span(self.offset + min(t.idx for t in toks_), self.offset + max(t.idx + len(t.text) for t in toks_))

    def ent(self, tok: Token | None) -> str | None:
        """The entity ``tok`` names: coreference's, less a subject pronoun's that breaks a binding
        constraint (:mod:`.binding`)."""
        if tok is None:
            return None
        if self._rebound is None:
            self._rebound = rebind(
                self.doc,
                self.offset,
                self._coref_entity,
                self.story.ws,
                self.story.starts,
                self.story.mentions,
                self.index,
            )
        return self._rebound.get(tok.i) or self._coref_entity(tok)

    def coref_entity(self, tok: Token) -> str | None:
        """The entity coreference gave ``tok`` (before the binding constraints' re-reading)."""
        return self._coref_entity(tok)

    def _coref_entity(self, tok: Token) -> str | None:
        start = self.offset + tok.idx
        return self.story.entity_at(start, start + len(tok.text))

    def who(self, tok: Token | None) -> str | None:
        """The entity of ``tok``, else the noun itself when it names a creature ("the butcher") that
        coreference left unresolved (a literal subject, never a pronoun)."""
        ent = self.ent(tok)
        if ent or tok is None:
            return ent
        lemma = tok.lemma_.lower()
        if tok.pos_ == "NOUN" and lemma in self.w.animate:
            return lemma
        return None

    def gender(self, entity: str) -> str:
        """The entity's gender ("male", "female"), '' when unknown or not an entity of the World."""
        try:
            return self.story.ws.entity(entity).gender or ""
        except KeyError:
            return ""

    def kind(self, entity: str | None) -> str:
        if not entity:
            return ""
        if entity in self.w.animate:
            try:
                return self.story.ws.entity(entity).kind.value
            except KeyError:
                return "character"  # a literal creature noun
        try:
            return self.story.ws.entity(entity).kind.value
        except KeyError:
            return ""

    def phrase(self, tok: Token) -> str:
        """The noun phrase headed by ``tok`` up to the head (determiners, adjectives, possessors)."""
        left = tok.left_edge.i
        return self.doc[left : tok.i + 1].text

    def subject(self, verb: Token) -> Token | None:
        """The verb's subject, inherited through coordination and control; a relative pronoun gives
        the noun the clause modifies."""
        cur = verb
        for _ in range(5):
            subj = next((c for c in cur.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)
            if subj is not None and subj.dep_ != "expl":
                if subj.tag_ in ("WP", "WDT") and cur.dep_ == "relcl":
                    return cur.head
                return subj
            if cur.dep_ in ("conj", "xcomp", "advcl") and cur.head.i != cur.i:
                cur = cur.head
                continue
            if cur.dep_ == "acl" and cur.tag_ == "VBG" and cur.head.pos_ in ("NOUN", "PROPN"):
                return cur.head  # "the deity, bearing the Yellow Diamond": the noun it describes
            prep = cur.head
            if cur.dep_ == "pcomp" and prep.dep_ in ("prep", "prt") and prep.head.pos_ in ("VERB", "AUX"):
                cur = prep.head  # "after killing the wolf, he …", "came in carrying a lantern": the verb's subject
                continue
            return None
        return None

    def agent(self, verb: Token) -> str | None:
        """The entity of the verb's subject; without one, a reflexive object's ("laid himself down")."""
        subj = self.who(self.subject(verb))
        if subj:
            return subj
        refl = next((c for c in verb.children if c.dep_ == "dobj" and is_reflexive(c)), None)
        return self.ent(refl)

    def modality(self, tok: Token) -> tuple[Modality, str | None]:
        """How the clause of ``tok`` (a verb or predicate head) puts its content, and whose it is."""
        inside, speaker = self.story.speaker_at(self.offset + tok.idx)
        if inside:
            return Modality.SPEECH, speaker
        return self.narrated_modality(tok)

    def narrated_modality(self, tok: Token, within: Span | None = None) -> tuple[Modality, str | None]:
        """The modality of ``tok``'s clause as its own words put it, whoever says them (a quote's "I am
        in the clock-case" is asserted, "I would be in the clock-case" hypothetical); with ``within``
        (story offsets: a quote's content) the clauses that govern it are read only inside it."""
        w = self.w
        own = self._own_modality(tok)
        if own is not None:
            return own, None
        to_infinitive = any(c.dep_ == "aux" and c.tag_ == "TO" for c in tok.children)
        if to_infinitive and tok.head.pos_ in ("NOUN", "PROPN", "PRON"):
            return Modality.HYPOTHETICAL, None  # "time to kill Gerda", "a plan to kill the boy": a chance only
        gerund = self._gerund_modality(tok)
        if gerund is not None:
            return gerund, None
        cur, link = clause_verb(tok) or tok, ""
        own = self._own_modality(cur) if cur is not tok else None  # "her hair was not golden"
        if own is not None:
            return own, None
        for _ in range(6):
            if cur.dep_ not in w.clause_links or cur.head.i == cur.i:
                break
            if (
                cur.dep_ == "conj"
                and any(c.dep_ in ("nsubj", "nsubjpass") for c in cur.children)
                and not any(c.dep_ == "mark" for c in cur.children)
            ):
                break  # a coordinated clause with its own subject stands on its own ("and that …" does not)
            if within is not None and not within.start <= self.offset + cur.head.idx < within.end:
                break  # the narration's "cried" around a quote does not govern the quote's words
            link, cur = cur.dep_, cur.head
            aux = self._aux_modality(cur)
            if aux is not None:
                return aux, None
            if link == "xcomp" and cur.lemma_ == "be":
                return Modality.FUTURE, None  # "which was to bring him milk"
            if link in ("ccomp", "xcomp", "acomp") or (link == "advcl" and cur.lemma_ in w.belief_verbs):
                mod = self._governing(cur, link)
                if mod is not None:
                    return mod, self.agent(cur)
                if link == "xcomp" and any(c.dep_ == "neg" for c in cur.children):
                    return Modality.NEGATED, None
            if link == "relcl":
                break
        if self._pluperfect(tok):
            return Modality.FLASHBACK, None
        return Modality.ASSERTED, None

    def _gerund_modality(self, tok: Token) -> Modality | None:
        """A gerund under a preposition: "for fear of killing somebody", "instead of going" (no event),
        "without killing him" (denied); None for the others ("after killing the wolf": told)."""
        if tok.tag_ != "VBG" or tok.dep_ != "pcomp":
            return None
        prep = tok.head.lower_
        if prep in self.w.negating_preps:
            return Modality.NEGATED
        if prep in self.w.unrealised_preps:
            return Modality.HYPOTHETICAL
        return None

    def _own_modality(self, tok: Token) -> Modality | None:
        aux = self._aux_modality(tok)
        if aux is not None:
            return aux
        if any(c.dep_ == "neg" for c in tok.children) or any(
            c.dep_ == "neg" for a in tok.children if a.dep_ in ("aux", "auxpass") for c in a.children
        ):
            return Modality.NEGATED
        if any(c.dep_ == "advmod" and c.lower_ in self.w.near_miss_adverbs for c in tok.children):
            return Modality.HYPOTHETICAL  # "was nearly drowned": a chance that did not come true
        return None

    def _aux_modality(self, tok: Token) -> Modality | None:
        w = self.w
        for c in tok.children:
            low = c.lower_
            if c.dep_ in ("aux", "auxpass") and low in w.hypothetical_aux:
                return Modality.HYPOTHETICAL
            if c.dep_ in ("aux", "auxpass") and low in w.future_aux:
                return Modality.FUTURE
            if c.dep_ == "mark" and low in w.conditional_marks:
                return Modality.HYPOTHETICAL
            if c.dep_ == "mark" and low in ("though", "if") and c.i > 0 and c.doc[c.i - 1].lower_ == "as":
                return Modality.HYPOTHETICAL
        if tok.lower_ in ("were",) and any(c.dep_ == "mark" for c in tok.children):
            return Modality.HYPOTHETICAL  # subjunctive "as if she were"
        return None

    def _governing(self, verb: Token, link: str) -> Modality | None:
        w = self.w
        lemma = verb.lemma_.lower()
        if lemma in w.dream_words:
            return Modality.DREAM
        if lemma in w.speech_verbs:
            return Modality.SPEECH
        if lemma == "wish" and any(c.dep_ in ("dobj", "dative") for c in verb.children):
            return None  # "wished Hans good morning": a greeting, not a wish over the clause
        if lemma in w.wish_verbs and link == "xcomp":
            return Modality.WISHED
        if link == "xcomp" and lemma in commissive_verbs():  # "threatened to kill him": still to come
            return Modality.FUTURE
        if lemma in w.wish_verbs and lemma in ("wish", "hope", "want", "long", "desire"):
            return Modality.WISHED
        if lemma in w.belief_verbs:
            return Modality.BELIEF
        return None

    def _pluperfect(self, tok: Token) -> bool:
        if tok.tag_ != "VBN" or not any(c.dep_ == "aux" and c.lower_ in ("had", "'d") for c in tok.children):
            return False
        return not any(c.dep_ == "mark" and c.lower_ in _TEMPORAL_MARKS for c in tok.children)


def clause_verb(tok: Token, reach: int = 4) -> Token | None:
    """The verb of the clause a nominal or adjective sits in ("her hair" in "that her hair was golden" →
    "was"): the first verb (or the sentence's root) among ``tok`` and its ``reach - 1`` nearest heads;
    ``tok`` itself when it is a verb; None when none of them is."""
    cur = tok
    for _ in range(reach):
        if cur.pos_ in ("VERB", "AUX") or cur.head.i == cur.i:
            return cur
        cur = cur.head
    return None


def is_personal_pronoun(tok: Token) -> bool:
    return tok.lower_ in _PERSONAL


def is_reflexive(tok: Token) -> bool:
    return tok.lower_ in _REFLEXIVE


def sentence_views(world: Any) -> list[SentenceView | None]:
    """One view per sentence of ``world`` (None where the sentence has no parse)."""
    index = StoryIndex.of(world.state)
    text = world.text
    views: list[SentenceView | None] = []
    for i, (span, doc) in enumerate(zip(world.spans, world.sentence_docs, strict=True)):
        if doc is None or not len(doc):
            views.append(None)
            continue
        found = text.find(doc.text[:40], max(0, span.start - 20))
        offset = found if found != -1 and found <= span.end else span.start
        previous = views[-1] if views else None
        views.append(SentenceView(i, doc, offset, index, words(), previous))
    return views


def direct_object(verb: Token) -> Token | None:
    """The verb's object, also where the parser hung it under a particle ("drove off his cow")."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is None:
        for prt in verb.children:
            if prt.dep_ == "prt":
                obj = next((c for c in prt.children if c.dep_ == "pobj"), None) or obj
    return obj


def view_tokens(world: Any) -> Iterator[tuple[SentenceView, Token]]:
    """(sentence view, token) for every token of every parsed sentence, in story order."""
    for view in sentence_views(world):
        if view is not None:
            for tok in view.doc:
                yield view, tok
