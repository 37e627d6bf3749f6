"""Which word a place goes by: a place the story set in one word ("the dwarfs' cottage", "awoke in a beautiful
meadow") that from some point on is pointed back to only by another place word of the same kind ("the dwarfs'
castle", "awoke in the beautiful forest"), never introduced, while the first word never comes back.

The two mentions must share their frame (a possessor, an adjective, the verb or the thing they are the place
of), so that a story that moves on from a cottage to a castle it never introduced ("went to the castle") does
not count; both words are place nouns of one kind (buildings, landscape, settlements: ``patterns.yaml``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from worldstate.analysis import World

INDEFINITE = frozenset(["a", "an", "another", "some", "any", "every", "each", "no"])
DEFINITE = frozenset(["the", "this", "that", "these", "those", "their", "his", "her", "its", "our", "my", "your"])


@dataclass(frozen=True)
class PlaceMention:
    word: str  # the place noun, plural folded ("woods" → "wood")
    sentence: int
    span: Span
    definite: bool
    indefinite: bool
    frame: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class PlaceSwitch:
    """``old`` (at ``earlier``) is pointed back to as ``new`` (at ``later``); ``shared`` is their common frame."""

    old: str
    new: str
    earlier: PlaceMention
    later: PlaceMention
    shared: frozenset[str]


@lru_cache(maxsize=1)
def place_kinds() -> tuple[dict[str, str], frozenset[str]]:
    """Place noun → its kind, and the frame words too light to count."""
    from worldstate.data import load_yaml

    raw = load_yaml("resources", "data/patterns.yaml")
    kinds = {_fold(w): kind for kind, nouns in raw["place_kinds"].items() for w in nouns}
    return kinds, frozenset(raw["place_frame_stopwords"])


def _fold(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and len(word) > 4 and not word.endswith("ss") else word


def _frame(tok: Token, stop: frozenset[str]) -> frozenset[str]:
    """Content words tied to a place mention: its adjectives and noun possessor ("the dwarfs' cottage"), the
    thing it is the place of ("the treasure in a cave", "the treasure is in a cave"). Verbs and pronouns are
    too common to tie two mentions to one place."""
    words = {
        c.lemma_.lower() for c in tok.children if c.dep_ in ("amod", "poss", "compound", "nmod") and c.pos_ != "PRON"
    }
    head = tok.head
    if tok.dep_ == "pobj" and head.dep_ == "prep":
        head = head.head
    if head is not tok and head.pos_ == "NOUN":
        words.add(head.lemma_.lower())
    elif head is not tok and head.pos_ in ("VERB", "AUX"):
        words |= {c.lemma_.lower() for c in head.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ == "NOUN"}
    return frozenset(w for w in words if w.isalpha() and len(w) > 2 and w not in stop)


def place_mentions(world: World) -> list[PlaceMention]:
    """Every place noun of a known kind in the story, with its determiner and frame."""
    kinds, stop = place_kinds()
    text = world.text
    out = []
    for k, doc in enumerate(world.sentence_docs):
        if doc is None:
            continue
        offset = world.spans[k].start
        for tok in doc:
            word = _fold(tok.text)
            if tok.pos_ != "NOUN" or word not in kinds or tok.dep_ == "compound":
                continue
            start = offset + tok.idx
            end = start + len(tok.text)
            if text[start - 1 : start] == "-" or text[end : end + 1] == "-":
                continue  # "milk-house"
            dets = {c.lower_ for c in tok.children if c.dep_ in ("det", "poss")}
            possessed = any(c.dep_ == "poss" for c in tok.children)
            out.append(
                PlaceMention(
                    word,
                    k,
                    Span(start, end),
                    definite=bool(dets & DEFINITE) or possessed,
                    indefinite=bool(dets & INDEFINITE) or not dets,
                    frame=_frame(tok, stop),
                )
            )
    return out


def place_switches(
    world: World,
    *,
    min_shared: int = 1,
    max_gap: int | None = None,
    min_uses: int = 1,
    only_kinds: frozenset[str] | None = None,
) -> Iterator[PlaceSwitch]:
    """Pairs of place words of one kind where the story stops using the first and from then on points back
    (never introduces) to the second, at least ``min_uses`` times, sharing at least ``min_shared`` frame words
    (with ``max_gap``: instead, the second word takes over within ``max_gap`` sentences of the first's last use);
    ``only_kinds`` keeps the place kinds checked."""
    kinds, _ = place_kinds()
    mentions = place_mentions(world)
    by_word: dict[str, list[PlaceMention]] = {}
    for m in mentions:
        by_word.setdefault(m.word, []).append(m)
    for new, later_uses in by_word.items():
        first = later_uses[0]
        if not first.definite or any(m.indefinite and not m.definite for m in later_uses):
            continue  # introduced somewhere: a place of its own
        for old, earlier_uses in by_word.items():
            if old == new or kinds[old] != kinds[new] or (only_kinds is not None and kinds[new] not in only_kinds):
                continue
            if earlier_uses[-1].sentence >= first.sentence or len(later_uses) < min_uses:
                continue  # the old word is still used once the new one appears
            if max_gap is not None:
                if first.sentence - earlier_uses[-1].sentence <= max_gap:
                    yield PlaceSwitch(old, new, earlier_uses[-1], first, frozenset())
                    break
                continue
            pair = _shared_frame(earlier_uses, later_uses, min_shared)
            if pair is not None:
                yield PlaceSwitch(old, new, *pair)
                break


def _shared_frame(
    earlier: list[PlaceMention], later: list[PlaceMention], min_shared: int
) -> tuple[PlaceMention, PlaceMention, frozenset[str]] | None:
    for b in later:
        for a in earlier:
            shared = a.frame & b.frame
            if len(shared) >= min_shared:
                return a, b, shared
    return None
