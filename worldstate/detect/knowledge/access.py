"""How likely each story sentence is *inaccessible* to a character (they could not know its content).

Signals, each general and cheap:
- the sentence does not involve the character (no name mention, no pronoun carried over from a
  sentence about them);
- it moves to another place or time ("meanwhile", "later that day", "well ahead") or says the
  content is hidden ("secretly", "unbeknownst");
- another character is the subject of a private-mind verb (plans, wonders, fears) — their
  unexpressed thoughts;
- speech the character takes part in, and their own perceptions, are accessible.
The cue lists live in ``data/knowledge/cues.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.data import load_yaml
from worldstate.detect.storyview import StoryView, name_keys

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from worldstate.analysis import World

PRONOUNS = frozenset({"he", "she", "they", "him", "her", "his", "them", "their"})


@lru_cache(maxsize=1)
def cues() -> dict[str, list[str]]:
    return load_yaml("detect", "data/knowledge/cues.yaml")


@dataclass(frozen=True)
class Access:
    """Inaccessibility of one sentence to one character, with the reasons found."""

    sentence: int
    score: float  # 0 = the character surely knows it, 1 = surely cannot
    involved: bool
    reasons: tuple[str, ...]


def _cue_hits(sentence: str, phrases: list[str]) -> list[str]:
    low = sentence.lower()
    return [p for p in phrases if re.search(r"\b" + re.escape(p) + r"\b", low)]


def _per_sentence(view: StoryView) -> tuple[list[list[str]], list[list[str]]]:
    """Character-independent facts per sentence, computed once per view: the 'elsewhere' cue hits and
    the lower-cased proper-noun subjects of private-mind verbs."""
    return view.world.layer("knowledge.access_cues")  # type: ignore[no-any-return]


def access_cues(world: World) -> tuple[list[list[str]], list[list[str]]]:
    """The ``knowledge.access_cues`` layer (see :func:`_per_sentence`)."""
    return _compute_per_sentence(StoryView(world))


def _compute_per_sentence(view: StoryView) -> tuple[list[list[str]], list[list[str]]]:
    elsewhere = cues()["elsewhere"]
    verbs = set(cues()["private_mind"])
    hits = [_cue_hits(sentence, elsewhere) for sentence in view.sentences]
    minds: list[list[str]] = []
    for doc in view.docs:
        subjects = []
        for tok in doc:
            if tok.pos_ in {"VERB", "AUX"} and tok.lemma_.lower() in verbs:
                subjects += [
                    c.text.lower() for c in tok.children if c.dep_ in {"nsubj", "nsubjpass"} and c.pos_ == "PROPN"
                ]
        minds.append(subjects)
    return hits, minds


def _starts_with_pronoun(view: StoryView, index: int) -> bool:
    """Whether the sentence's first subject is a pronoun (computed for every sentence once per story)."""
    return view.world.layer("knowledge.starts_with_pronoun")[index]  # type: ignore[no-any-return]


def starts_with_pronoun(world: World) -> list[bool]:
    """The ``knowledge.starts_with_pronoun`` layer: per sentence, whether its first subject is a pronoun."""
    return [_first_subject_is_pronoun(doc) for doc in world.sentence_docs]


def _first_subject_is_pronoun(doc: Doc) -> bool:
    for tok in doc:
        if tok.dep_ in {"nsubj", "nsubjpass"}:
            return tok.text.lower() in PRONOUNS
    return False


def sentence_access(view: StoryView, character: str) -> list[Access]:
    """Inaccessibility score per sentence of ``view`` for ``character``."""
    keys = name_keys(character, view)
    cue_hits, private_subjects = _per_sentence(view)
    out: list[Access] = []
    previous_involved = False
    named = view.mentioning(keys)
    for i in range(len(view)):
        reasons: list[str] = []
        involved = named[i]
        if not involved and previous_involved and _starts_with_pronoun(view, i):
            involved = True
            reasons.append("pronoun continues a sentence about the character")
        score = 0.15 if involved else 0.55
        if not involved:
            reasons.append("character not involved")
        hits = cue_hits[i]
        if hits:
            score += 0.25
            reasons.append(f"another place/time or hidden: {', '.join(hits[:3])}")
        if private_subjects[i] and any(subject not in keys for subject in private_subjects[i]):
            score += 0.2
            reasons.append("another character's private thoughts or plans")
        out.append(Access(i, min(score, 1.0), involved, tuple(reasons)))
        previous_involved = involved
    return out
