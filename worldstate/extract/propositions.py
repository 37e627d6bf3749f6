"""Propositions (states, attributes, relations, locations, possessions, times) from the parse.

Each pattern reads the dependency tree of one clause and writes the vocabulary of
``worldstate.state.vocabulary``. Negation flips ``polarity``; a proposition inside a quote is
``Source.SPEECH`` held by the speaker, inside a mental verb's clause ``Source.THOUGHT``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from worldstate.extract.coref import NOT_OBJECTS, Coreference
from worldstate.extract.events import entity_of, subject_of, thinker_of
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.resources.lexicon import Lexicon, lexicon
from worldstate.state import EntityKind, Proposition, Source, Span
from worldstate.state.vocabulary import count_predicate

NARRATIVE = "narrative"  # subject of story-level time propositions
_SKIP_ADJ = {"other", "same", "own", "first", "last", "next", "such", "many", "few", "much", "more", "most", "whole"}
_UNITS = "second|minute|hour|day|night|week|fortnight|month|year|decade|century"
_DURATION = re.compile(
    rf"\b(?:(?P<n1>\d+|[a-z]+) (?P<u1>{_UNITS})s? (?:later|passed|went by|afterwards|had passed)"
    rf"|(?:after|for|within) (?P<n2>\d+|[a-z]+) (?P<u2>{_UNITS})s?)\b",
    re.I,
)
SpeakerAt = Callable[[int], str | None]

IRREALIS_AUX = frozenset({"would", "could", "might", "may", "must", "should", "ought", "will", "shall", "wo", "ca"})
CONDITIONAL_MARKS = frozenset({"if", "unless", "lest"})


@dataclass
class _Builder:
    doc: ParsedDoc
    coref: Coreference
    kinds: dict[str, EntityKind]
    by_verb: dict[int, str]
    speaker_at: SpeakerAt
    text: str
    lex: Lexicon = field(default_factory=lexicon)
    props: list[Proposition] = field(default_factory=list)
    _seen: set[tuple] = field(default_factory=set)

    def ent(self, tok: Token | None) -> str | None:
        return entity_of(self.doc, self.coref, tok)

    def subject_value(self, tok: Token) -> str:
        return self.ent(tok) or tok.lemma

    def add(
        self,
        subject: str,
        predicate: str,
        value: str,
        toks: list[Token],
        verb: Token | None = None,
        polarity: bool = True,
    ) -> None:
        toks = [t for t in toks if t is not None]
        sent = toks[0].sent
        toks = [t for t in toks if t.sent == sent]
        span = Span(min(t.start for t in toks), max(t.end for t in toks))
        key = (subject, predicate, value, polarity, span)
        if key in self._seen:
            return
        self._seen.add(key)
        anchor = verb or toks[0]
        source, holder = Source.NARRATION, None
        speaker = self.speaker_at(anchor.start) if anchor.in_quote else None
        if anchor.in_quote:
            source, holder = Source.SPEECH, speaker
        else:
            thinker = thinker_of(self.doc, self.coref, verb) if verb is not None else None
            if thinker and verb is not None and verb.lemma not in self.lex.mental_verbs:
                source, holder = Source.THOUGHT, thinker
        self.props.append(
            Proposition(
                id=f"p{len(self.props) + 1}",
                subject=subject,
                predicate=predicate,
                value=value,
                span=span,
                sentence=sent,
                polarity=polarity,
                valid_from=sent,
                source=source,
                holder=holder,
                event=self.by_verb.get(verb.i) if verb is not None else None,
            )
        )

    def negated(self, verb: Token) -> bool:
        return bool(self.doc.kids(verb.i, "neg"))

    def unrealised(self, verb: Token) -> bool:
        """A death only feared, threatened or supposed: under a modal or future auxiliary ("they must die
        of hunger", "you will die") or in a condition ("if he died")."""
        auxes = {a.low for a in self.doc.kids(verb.i, "aux")}
        marks = {m.low for m in self.doc.kids(verb.i, "mark")}
        return bool(auxes & IRREALIS_AUX) or bool(marks & CONDITIONAL_MARKS)

    # -- patterns -----------------------------------------------------------------------
    def run(self) -> list[Proposition]:
        for tok in self.doc.tokens:
            if tok.lemma == "be" or tok.dep == "cop" or self.doc.kids(tok.i, "cop"):
                self.copula(tok)
            if tok.pos == "ADJ" and tok.dep == "amod":
                self.attribute(tok)
            if tok.pos in ("NUM", "DET") and tok.dep == "nummod":
                self.count(tok)
            if tok.pos == "VERB":
                self.verb(tok)
            if tok.pos == "NOUN" and tok.lemma in self.lex.kinship:
                self.kinship(tok)
            if tok.ent_type in ("DATE", "TIME") and tok.lemma in self.lex.time_words:
                self.add(NARRATIVE, "time", tok.lemma, [tok], self.doc.tokens[tok.head])
        self.durations()
        return self.props

    def copula_parts(self, tok: Token) -> Iterator[tuple[Token, Token, Token]]:
        """(subject, predicate, verb) for 'X is ADJ/NOUN' in both spaCy and UD attachment."""
        doc = self.doc
        if tok.lemma == "be" and tok.dep != "cop":
            subj = subject_of(doc, tok)
            for pred in doc.kids(tok.i, "acomp", "attr"):
                if subj is not None:
                    yield subj, pred, tok
                    for conj in doc.kids(pred.i, "conj"):
                        yield subj, conj, tok
        elif doc.kids(tok.i, "cop"):
            subj = next(iter(doc.kids(tok.i, "nsubj")), None)
            if subj is not None:
                yield subj, tok, tok

    def copula(self, tok: Token) -> None:
        lex = self.lex
        for subj, pred, verb in self.copula_parts(tok):
            polarity = not (self.negated(verb) or self.negated(pred))
            if subj.lemma == "name":  # "his name was Hans"
                owner = next(iter(self.doc.kids(subj.i, "poss")), None)
                if owner is not None and self.ent(owner):
                    self.add(self.ent(owner) or "", "name", self.name_text(pred), [subj, pred], verb, polarity)
                continue
            subject = self.subject_value(subj)
            if pred.pos == "ADJ":
                if pred.lemma == "old" and self.age(subject, subj, pred, verb):
                    continue
                if pred.lemma in lex.adjective_states:
                    predicate, value = lex.adjective_states[pred.lemma]
                    self.add(subject, predicate, value, [subj, pred], verb, polarity)
                else:
                    self.add(subject, "is", pred.lemma, [subj, pred], verb, polarity)
            elif pred.pos in ("NOUN", "PROPN") and pred.ent_type != "PERSON":
                self.add(subject, "is_a", pred.lemma, [subj, pred], verb, polarity)
                if pred.lemma in lex.titles:
                    self.add(subject, "title", pred.lemma, [subj, pred], verb, polarity)

    def name_text(self, tok: Token) -> str:
        """The name phrase headed by ``tok``, less a gapped second naming ("the boy was called Hansel and
        the girl Gretel": Hansel; "they were called Snow-white and Rose-red" stays whole)."""
        ids = self.doc.subtree(tok.i)
        for conj in self.doc.kids(tok.i, "conj"):
            if any(self.doc.tokens[i].pos in ("DET", "NOUN") for i in self.doc.subtree(conj.i)):
                cut = min([conj.i, *(c.i for c in self.doc.kids(tok.i, "cc", "punct") if c.i < conj.i and c.i > tok.i)])
                ids = [i for i in ids if i < cut]
                break
        return self.text[self.doc.tokens[ids[0]].start : self.doc.tokens[ids[-1]].end].strip(" ,.")

    def age(self, subject: str, subj: Token, old: Token, verb: Token) -> bool:
        for unit in self.doc.kids(old.i, "npadvmod"):
            if unit.lemma == "year":
                for num in self.doc.kids(unit.i, "nummod"):
                    value = self.number(num)
                    if value is not None:
                        self.add(subject, "age", _digits(value), [subj, old], verb, not self.negated(verb))
                        return True
        return False

    def attribute(self, adj: Token) -> None:
        noun = self.doc.tokens[adj.head]
        if noun.pos not in ("NOUN", "PROPN") or adj.lemma in _SKIP_ADJ:
            return
        subject = self.subject_value(noun)
        verb = self.doc.tokens[noun.head]
        if adj.lemma in self.lex.adjective_states:
            predicate, value = self.lex.adjective_states[adj.lemma]
            self.add(subject, predicate, value, [adj, noun], verb if verb.pos == "VERB" else None)
        else:
            self.add(subject, "is", adj.lemma, [adj, noun], verb if verb.pos == "VERB" else None)

    def number(self, tok: Token) -> float | None:
        low = tok.low.replace(",", "")
        if low.isdigit():
            return float(low)
        return self.lex.number_words.get(low)

    def count(self, num: Token) -> None:
        noun = self.doc.tokens[num.head]
        value = self.number(num)
        if noun.pos != "NOUN" or value is None or num.low in ("a", "an") or noun.lemma in NOT_OBJECTS:
            return
        verb = self.doc.tokens[noun.head]
        owner = None
        if noun.dep == "dobj" and verb.lemma == "have":
            owner = self.ent(subject_of(self.doc, verb))
        owner = owner or self.ent(next(iter(self.doc.kids(noun.i, "poss")), None)) or self.ent(noun) or noun.lemma
        self.add(owner, count_predicate(noun.lemma), _digits(value), [num, noun], verb if verb.pos == "VERB" else None)

    def kinship(self, noun: Token) -> None:
        owner_tok = next(iter(self.doc.kids(noun.i, "poss")), None)
        me, owner = self.ent(noun), self.ent(owner_tok)
        if not me or not owner or me == owner:
            return
        relation = self.lex.kinship[noun.lemma]
        inverse = {"parent_of": "child_of", "child_of": "parent_of"}.get(relation, relation)
        if relation == "parent_of":
            self.add(me, "parent_of", owner, [owner_tok, noun])
            self.add(owner, "child_of", me, [owner_tok, noun])
        else:
            self.add(me, relation, owner, [owner_tok, noun])
            self.add(owner, inverse, me, [owner_tok, noun])

    def verb(self, verb: Token) -> None:
        lex, doc = self.lex, self.doc
        subj = subject_of(doc, verb)
        obj = next(iter(doc.kids(verb.i, "dobj")), None)
        passive = next(iter(doc.kids(verb.i, "nsubjpass")), None)
        polarity = not self.negated(verb)
        lemma = verb.lemma
        if lemma in lex.death_verbs and not self.unrealised(verb):
            target = subj if lex.death_verbs[lemma] == "subject" else (obj or passive)
            if target is not None:
                self.add(self.subject_value(target), "alive", "false", [target, verb], verb, polarity)
        if (
            passive is not None
            and verb.tag == "VBN"
            and lemma not in lex.death_verbs
            and lemma not in ("bear", "born")
            and not self.doc.kids(verb.i, "agent")
            and any(a.lemma == "be" for a in doc.kids(verb.i, "auxpass"))
        ):
            self.add(self.subject_value(passive), "is", verb.low, [passive, verb], verb, polarity)  # "is broken"
        if lemma in ("bear", "born") and passive is not None:
            self.add(self.subject_value(passive), "alive", "true", [passive, verb], verb, polarity)
        if lemma == "marry" and subj is not None and obj is not None and self.ent(subj) and self.ent(obj):
            self.add(self.ent(subj) or "", "married_to", self.ent(obj) or "", [subj, verb, obj], verb, polarity)
            self.add(self.ent(obj) or "", "married_to", self.ent(subj) or "", [subj, verb, obj], verb, polarity)
        if lemma in ("name", "call") and (passive is not None or verb.dep == "acl"):
            named = passive or doc.tokens[verb.head]
            for oprd in doc.kids(verb.i, "oprd", "attr", "xcomp", "dobj"):
                if oprd.pos == "PROPN" or oprd.text[:1].isupper():
                    self.add(self.subject_value(named), "name", self.name_text(oprd), [named, oprd], verb, polarity)
        if subj is not None:
            self.location(verb, subj, polarity)
            self.possession(verb, subj, obj, polarity)
            self.ability(verb, subj)

    def location(self, verb: Token, subj: Token, polarity: bool) -> None:
        lex, doc = self.lex, self.doc
        if verb.lemma in lex.departure_verbs:
            obj = next(iter(doc.kids(verb.i, "dobj")), None)
            if obj is not None and self.kinds.get(self.ent(obj) or "") == EntityKind.PLACE:
                self.add(self.subject_value(subj), "location", self.ent(obj) or "", [subj, verb, obj], verb, False)
        if verb.lemma not in lex.motion_verbs:
            return
        for prep in doc.kids(verb.i, "prep"):
            if prep.low not in ("to", "into", "in", "at", "inside", "onto", "on"):
                continue
            place = next(iter(doc.kids(prep.i, "pobj")), None)
            if place is None:
                continue
            ent = self.ent(place)
            if (ent and self.kinds.get(ent) == EntityKind.PLACE) or (not ent and place.lemma in lex.place_nouns):
                self.add(self.subject_value(subj), "location", ent or place.lemma, [subj, verb, place], verb, polarity)
                return
        home = next((a for a in doc.kids(verb.i, "advmod") if a.lemma == "home"), None)
        if home is not None:
            self.add(self.subject_value(subj), "location", "home", [subj, verb, home], verb, polarity)

    def possession(self, verb: Token, subj: Token, obj: Token | None, polarity: bool) -> None:
        if obj is None or obj.pos != "NOUN" or self.doc.kids(obj.i, "nummod"):
            return
        if self.kinds.get(self.ent(obj) or "") == EntityKind.CHARACTER:
            return
        value = self.ent(obj) or obj.lemma
        if verb.lemma in ("have", "own", "hold", "carry", "keep", "possess", "find", "receive", "take", "get", "buy"):
            self.add(self.subject_value(subj), "has", value, [subj, verb, obj], verb, polarity)
        elif verb.lemma in ("lose", "sell", "drop"):
            self.add(self.subject_value(subj), "has", value, [subj, verb, obj], verb, not polarity)
        elif verb.lemma in ("give", "hand", "send", "bring", "offer"):
            for to in self.doc.kids(verb.i, "dative"):
                target = next(iter(self.doc.kids(to.i, "pobj")), to)
                self.add(self.subject_value(target), "has", value, [verb, obj, target], verb, polarity)

    def ability(self, verb: Token, subj: Token) -> None:
        for aux in self.doc.kids(verb.i, "aux"):
            if aux.lemma in ("can", "could") or aux.low in ("can", "could", "ca"):
                polarity = not (self.negated(verb) or self.doc.kids(aux.i, "neg"))
                self.add(self.subject_value(subj), "able", verb.lemma, [subj, aux, verb], verb, polarity)

    def durations(self) -> None:
        for sent in self.doc.sentences:
            chunk = self.text[sent.start : sent.end]
            for m in _DURATION.finditer(chunk):
                n = (m.group("n1") or m.group("n2") or "").lower()
                unit = (m.group("u1") or m.group("u2") or "").lower()
                count = float(n) if n.isdigit() else self.lex.number_words.get(n)
                if count is None or unit not in self.lex.duration_units:
                    continue
                toks = [
                    t
                    for t in self.doc.sentence_tokens(sent.index)
                    if sent.start + m.start() <= t.start < sent.start + m.end()
                ]
                if toks:
                    self.add(NARRATIVE, "duration", _digits(count * self.lex.duration_units[unit]), toks)


def _digits(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def extract_propositions(
    doc: ParsedDoc,
    coref: Coreference,
    kinds: dict[str, EntityKind],
    by_verb: dict[int, str],
    speaker_at: SpeakerAt,
    text: str,
) -> list[Proposition]:
    """All propositions, in text order."""
    props = _Builder(doc, coref, kinds, by_verb, speaker_at, text).run()
    props.sort(key=lambda p: (p.span.start, p.span.end))
    for k, prop in enumerate(props):
        prop.id = f"p{k + 1}"
    return props
