"""Typed counterfactual edits: where Acts 2–3 restate an Act-1 fact, and what the flipped words are.

Each edit is a list of word replacements in later sentences, chosen so the changed sentence stays
fluent: case is kept, ``a``/``an`` follow the new word, plurals stay plural.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from worldstate.make.acts import Acts
from worldstate.make.facts import Fact, described_noun, subject_phrase
from worldstate.make.lexicon import Lexicon
from worldstate.state import Span, Story

_DEFINITE = {"the", "this", "that", "these", "those"}
_SPEECH_OR_ACTION = {
    "say",
    "cry",
    "answer",
    "reply",
    "ask",
    "call",
    "go",
    "come",
    "take",
    "give",
    "run",
    "tell",
    "speak",
}


@dataclass(frozen=True)
class Replacement:
    """Replace ``story.text[span]`` with ``new``."""

    span: Span
    new: str
    sentence: int


def keep_case(old: str, new: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def pluralise(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es" if not word.endswith("s") else word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _word(tok: Token, new: str, story: Story) -> list[Replacement]:
    """Replace one token, fixing a preceding indefinite article."""
    sentence = story.sentence_at(tok.idx)
    out = [Replacement(Span(tok.idx, tok.idx + len(tok.text)), keep_case(tok.text, new), sentence)]
    prev = tok.nbor(-1) if tok.i > 0 else None
    if prev is not None and prev.lower_ in ("a", "an"):
        article = "an" if new[:1].lower() in "aeiou" else "a"
        if article != prev.lower_:
            out.insert(
                0, Replacement(Span(prev.idx, prev.idx + len(prev.text)), keep_case(prev.text, article), sentence)
            )
    return out


def _later(doc: Doc, story: Story, acts: Acts) -> list[Token]:
    start = story.sentences[acts.act2].span.start if acts.act2 < len(story.sentences) else len(story.text)
    return [t for t in doc if t.idx >= start]


def definite(noun: Token) -> bool:
    """The noun refers back: ``the``/``this``/``that`` or a possessive, or it is addressed by name."""
    return any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in _DEFINITE) for c in noun.children)


def already_there(fact: Fact, text: str) -> bool:
    """The story already uses the counterfactual value (then flipping it may contradict nothing)."""
    if fact.kind == "attribute":
        return bool(re.search(rf"\b{re.escape(fact.counterfactual)}\s+{re.escape(fact.subject)}", text, re.I))
    return bool(re.search(rf"\b{re.escape(fact.counterfactual)}", text, re.I))


def _attribute_edits(fact: Fact, later: list[Token], story: Story) -> list[Replacement]:
    out: list[Replacement] = []
    for tok in later:
        if tok.tag_ == "JJ" and tok.lemma_.lower() == fact.value:
            noun = described_noun(tok)
            if noun is not None and noun.lemma_.lower() == fact.subject and definite(noun):
                out.extend(_word(tok, fact.counterfactual, story))
    return out


def _count_edits(fact: Fact, later: list[Token], story: Story) -> list[Replacement]:
    return [
        r
        for tok in later
        if tok.lower_ == fact.value and tok.dep_ == "nummod" and tok.head.lemma_.lower() == fact.subject
        for r in _word(tok, fact.counterfactual, story)
    ]


def _inside_longer_name(text: str, start: int, name: str) -> bool:
    """True when the word before ``start`` plus ``name`` recurs as a longer name ('Ali' in 'Ali Baba' is not)."""
    before = re.search(r"([A-Z][\w'-]*)\s+$", text[max(0, start - 30) : start])
    return bool(before) and text.count(f"{before.group(1)} {name}") >= 2


def _name_edits(fact: Fact, story: Story, acts: Acts) -> list[Replacement]:
    """Rename one later mention: the middle one of those that are not part of a longer name."""
    start = story.sentences[acts.act2].span.start if acts.act2 < len(story.sentences) else len(story.text)
    pattern = re.compile(rf"(?<![\w-]){re.escape(fact.value)}(?![\w-])(?!\s+[A-Z])")
    found = [
        m
        for m in pattern.finditer(story.text, start)
        if not _inside_longer_name(story.text, m.start(), fact.value)
        and not re.search(r"\bthe\s+$", story.text[max(0, m.start() - 5) : m.start()], re.I)
    ]
    if not found:
        return []
    m = found[len(found) // 2]
    return [Replacement(Span(m.start(), m.end()), fact.counterfactual, story.sentence_at(m.start()))]


def hyphenated(tok: Token, text: str) -> bool:
    """Part of a hyphenated compound ('milk-house')."""
    end = tok.idx + len(tok.text)
    return (tok.idx > 0 and text[tok.idx - 1] == "-") or text[end : end + 1] == "-"


def _noun_edits(fact: Fact, later: list[Token], story: Story) -> list[Replacement]:
    out: list[Replacement] = []
    for tok in later:
        if hyphenated(tok, story.text):
            continue
        if tok.pos_ == "NOUN" and tok.lemma_.lower() == fact.value and tok.dep_ != "compound" and definite(tok):
            new = (
                pluralise(fact.counterfactual)
                if tok.tag_ == "NNS" and not fact.counterfactual.endswith("s")
                else fact.counterfactual
            )
            out.extend(_word(tok, new, story))
    return out


def _revive_edits(fact: Fact, later: list[Token], story: Story, lex: Lexicon) -> list[Replacement]:
    """Make the dead character the subject of one later speech or action by another character.

    A dead 'the <noun>' is revived only when Acts 2–3 never use that noun (else 'the queen' may
    well be a new, living queen).
    """
    head = fact.subject.split()[-1].lower()
    if fact.subject.lower().startswith("the ") and any(t.lemma_.lower() == head for t in later):
        return []
    for tok in later:
        if tok.dep_ != "nsubj" or tok.head.lemma_.lower() not in _SPEECH_OR_ACTION:
            continue
        phrase = subject_phrase(tok, lex)
        if not phrase or phrase.lower() == fact.subject.lower() or fact.subject.lower() in phrase.lower():
            continue
        left = min(t.idx for t in tok.subtree)
        right = max(t.idx + len(t.text) for t in tok.subtree)
        if right - left > 40 or "," in story.text[left:right]:
            continue
        return [
            Replacement(Span(left, right), keep_case(story.text[left:right], fact.subject), story.sentence_at(left))
        ]
    return []


def plan_edits(fact: Fact, doc: Doc, story: Story, acts: Acts, lex: Lexicon) -> list[Replacement]:
    """The replacements in Acts 2–3 that realise ``fact``'s counterfactual (may be empty)."""
    later = _later(doc, story, acts)
    if fact.kind in ("attribute", "location", "time") and already_there(fact, story.text):
        return []
    if fact.kind == "attribute":
        edits = _attribute_edits(fact, later, story)
    elif fact.kind == "count":
        edits = _count_edits(fact, later, story)
    elif fact.kind == "name":
        edits = _name_edits(fact, story, acts)
    elif fact.kind == "alive":
        edits = _revive_edits(fact, later, story, lex)
    else:
        edits = _noun_edits(fact, later, story)
    return sorted(set(edits), key=lambda r: r.span.start)
