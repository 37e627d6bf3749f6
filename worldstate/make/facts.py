"""Facts established in Act 1, read off the spaCy parse, each with its counterfactual value.

Kinds: ``attribute`` (a poor miller → rich), ``count`` (three sons → two), ``name`` (a character's
name → another name), ``alive`` (a character dies → lives on), ``location`` (lived in the forest →
mountains), ``time`` (one winter → summer).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from worldstate.make.acts import Acts
from worldstate.make.lexicon import Lexicon
from worldstate.state import Span, Story

FACT_KINDS = ("attribute", "count", "name", "alive", "location", "time")
_FEMALE = {"she", "her", "hers", "herself"}
_MALE = {"he", "him", "his", "himself"}
_NOT_REAL = {"not", "never", "would", "will", "shall", "should", "could", "might", "must", "may", "to", "can"}


@dataclass(frozen=True)
class Fact:
    """An Act-1 fact: ``subject`` has ``value``; the counterfactual world has ``counterfactual``."""

    kind: str
    subject: str  # head noun lemma, or the character's name / noun phrase
    value: str
    counterfactual: str
    sentence: int  # the Act-1 sentence that establishes it
    span: Span  # the value's words in that sentence

    @property
    def statement(self) -> str:
        templates = {
            "attribute": "the {s} is {v}",
            "count": "there are {v} {s}s",
            "name": "the character is called {v}",
            "alive": "{s} is dead",
            "location": "the {s} is in the {v}",
            "time": "it is {v}",
        }
        return templates[self.kind].format(s=self.subject, v=self.value)

    @property
    def counter_statement(self) -> str:
        if self.kind == "alive":
            return f"{self.subject} is alive"
        return self.statement.replace(self.value, self.counterfactual, 1) if self.value in self.statement else ""


def act1_end(story: Story, acts: Acts) -> int:
    """Character offset where Act 2 begins."""
    return story.sentences[acts.act2].span.start if acts.act2 < len(story.sentences) else len(story.text)


def act1_tokens(doc: Doc, story: Story, acts: Acts) -> list[Token]:
    end = act1_end(story, acts)
    return [t for t in doc if t.idx < end]


def described_noun(tok: Token) -> Token | None:
    """The noun an adjective describes: its head for ``amod``, the verb's subject for ``acomp``."""
    if tok.dep_ == "amod" and tok.head.pos_ == "NOUN":
        return tok.head
    if tok.dep_ == "acomp":
        subjects = [c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ == "NOUN"]
        return subjects[0] if subjects else None
    return None


def _span(tok: Token) -> Span:
    return Span(tok.idx, tok.idx + len(tok.text))


def _attribute_facts(tokens: list[Token], story: Story, lex: Lexicon) -> list[Fact]:
    facts = []
    for tok in tokens:
        lemma = tok.lemma_.lower()
        noun = described_noun(tok) if tok.tag_ == "JJ" and lemma in lex.attributes else None
        if noun is not None:
            facts.append(
                Fact(
                    "attribute",
                    noun.lemma_.lower(),
                    lemma,
                    lex.attributes[lemma],
                    story.sentence_at(tok.idx),
                    _span(tok),
                )
            )
    return facts


def _count_facts(tokens: list[Token], story: Story, lex: Lexicon) -> list[Fact]:
    facts = []
    for tok in tokens:
        word = tok.lower_
        if word in lex.numbers and tok.dep_ == "nummod" and tok.head.lemma_.lower() in lex.countable:
            n = lex.numbers[word]
            other = lex.number_word(n - 1 if n >= 3 else n + 1) or lex.number_word(n + 1)
            if other:
                facts.append(
                    Fact("count", tok.head.lemma_.lower(), word, other, story.sentence_at(tok.idx), _span(tok))
                )
    return facts


def name_gender(doc: Doc, name: str) -> str:
    """'female' or 'male' from the pronouns in sentences that mention ``name``; '' when unclear."""
    counts: Counter[str] = Counter()
    for sent in doc.sents:
        if name in sent.text:
            for t in sent:
                if t.lower_ in _FEMALE:
                    counts["female"] += 1
                elif t.lower_ in _MALE:
                    counts["male"] += 1
    if not counts:
        return ""
    (top, n), *rest = counts.most_common()
    return top if not rest or n > rest[0][1] else ""


def _name_facts(doc: Doc, act1_end: int, story: Story, lex: Lexicon, seed_index: int) -> list[Fact]:
    facts = []
    seen: set[str] = set()
    used = set(re.findall(r"[A-Z][a-z]+", story.text))
    for ent in doc.ents:
        if ent.label_ != "PERSON" or ent.start_char >= act1_end or ent.text in seen:
            continue
        name = ent.text.strip()
        if not all(t.pos_ == "PROPN" for t in ent) or len(name) < 3 or not name[0].isupper():
            continue
        if re.search(rf"\b{re.escape(name.lower())}\b", story.text) or (
            ent.start > 0 and doc[ent.start - 1].lower_ == "the"
        ):
            continue  # a common noun used as a name ('the Maidens' / 'maidens')
        seen.add(name)
        gender = name_gender(doc, name) or "male"
        pool = [n for n in lex.names[gender] if n not in used]
        if pool:
            choice = pool[(seed_index + len(facts)) % len(pool)]
            facts.append(
                Fact("name", name, name, choice, story.sentence_at(ent.start_char), Span(ent.start_char, ent.end_char))
            )
    return facts


def subject_phrase(tok: Token, lex: Lexicon) -> str | None:
    """How to refer to a person: a name as written, or 'the <noun>' for a person noun."""
    if tok.pos_ == "PROPN" and tok.ent_type_ == "PERSON":
        parts = [t.text for t in tok.subtree if t.pos_ == "PROPN"]
        return " ".join(parts) or tok.text
    if tok.pos_ == "NOUN" and tok.lemma_.lower() in lex.person_nouns and tok.tag_ == "NN":
        return f"the {tok.lemma_.lower()}"
    return None


def _dead(tok: Token) -> list[Token]:
    """Who a death word says is dead: the subject of 'died', the object of 'slew', the subject of 'was killed'."""
    verb = tok.head if tok.dep_ == "acomp" else tok
    if verb.tag_ not in ("VBD", "VBN") or any(
        c.dep_ in ("neg", "aux") and c.lower_ in _NOT_REAL for c in verb.children
    ):
        return []
    if tok.lemma_.lower() in ("kill", "slay"):
        passive = any(c.dep_ == "auxpass" for c in verb.children)
        return [c for c in verb.children if c.dep_ == ("nsubjpass" if passive else "dobj")]
    return [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]


def _alive_facts(tokens: list[Token], story: Story, lex: Lexicon) -> list[Fact]:
    facts = []
    for tok in tokens:
        if tok.lemma_.lower() not in lex.death_words:
            continue
        for subj in _dead(tok):
            phrase = subject_phrase(subj, lex)
            if phrase:
                facts.append(Fact("alive", phrase, "dead", "alive", story.sentence_at(tok.idx), _span(tok)))
    return facts


def _place_and_time_facts(tokens: list[Token], story: Story, lex: Lexicon) -> list[Fact]:
    facts = []
    for tok in tokens:
        lemma = tok.lemma_.lower()
        if tok.pos_ != "NOUN":
            continue
        if lemma in lex.places and tok.dep_ == "pobj" and tok.head.lower_ in ("in", "at", "near", "by", "on"):
            facts.append(Fact("location", lemma, lemma, lex.places[lemma], story.sentence_at(tok.idx), _span(tok)))
        elif lemma in lex.times and tok.tag_ == "NN":
            facts.append(Fact("time", lemma, lemma, lex.times[lemma], story.sentence_at(tok.idx), _span(tok)))
    return facts


def mine_facts(doc: Doc, story: Story, acts: Acts, lex: Lexicon, seed_index: int = 0) -> list[Fact]:
    """All Act-1 facts of every kind, first mention of each (kind, subject, value) only."""
    tokens = act1_tokens(doc, story, acts)
    found = [
        *_attribute_facts(tokens, story, lex),
        *_count_facts(tokens, story, lex),
        *_name_facts(doc, act1_end(story, acts), story, lex, seed_index),
        *_alive_facts(tokens, story, lex),
        *_place_and_time_facts(tokens, story, lex),
    ]
    unique: dict[tuple[str, str, str], Fact] = {}
    for fact in found:
        unique.setdefault((fact.kind, fact.subject, fact.value), fact)
    return sorted(unique.values(), key=lambda f: (f.span.start, f.kind))
