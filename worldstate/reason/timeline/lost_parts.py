"""A part one has lost is not used again: a character who "had lost all his teeth" or "had wept her eyes out"
does not later show "his strong white teeth" or see as "her eyes fell on" the flower, unless the story tells
the part given back or grown again (or magic) in between.

The loss: "lose" with the part as its object, owned by a possessive ("lost all his teeth"), an eye or a tooth
sent "out" ("wept her eyes out", "put out his eyes"), or a part cut or struck "off" ("his tail was cut off"),
told (not ordered, not a modal); the later use: the
same part noun owned by the same character (coreference of the two possessives), in a clause not negated.
Part nouns and the words that give a part back: ``lost_parts.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from worldstate.analysis import World


MODALS = frozenset(["would", "will", "shall", "should", "must", "could", "might", "may", "can"])


@dataclass(frozen=True)
class LostPart(TwoSides):
    """``owner``'s ``part`` lost in sentence ``earlier_sentence`` (``earlier``) is used in ``later_sentence``."""

    owner: str
    part: str
    word: str  # the part as the loss words it ("teeth")


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, Any]:
    from worldstate.data import load_yaml

    return load_yaml("reason.timeline", "lost_parts.yaml")


def _part(tok: Token) -> str | None:
    """The body part a noun names (singular lemma), if it is one of the listed parts."""
    lemma = tok.lemma_.lower()
    parts = _lexicon()["parts"]
    return lemma if tok.pos_ == "NOUN" and lemma in parts else None


def lost_parts(world: World) -> Iterator[LostPart]:
    """Every part a character lost and later uses, with no giving back told between."""
    docs = world.sentence_docs
    owners = _owners(world)
    told: set[tuple[str, str, int]] = set()
    for i, doc in enumerate(docs):
        for tok in doc if doc is not None else ():
            part = _part(tok)
            if part is None or not _lost(tok):
                continue
            owner = owners.get(_poss_span(world, i, tok))
            if owner is None:
                continue
            later = _used_again(world, docs, owners, i, part, owner)
            if later is not None and (owner, part, i) not in told:
                told.add((owner, part, i))
                j, span = later
                yield LostPart(
                    owner,
                    part,
                    tok.lower_,
                    earlier_sentence=i,
                    earlier=_span(world, i, tok.head, tok),
                    later_sentence=j,
                    later=span,
                )


def _lost(part: Token) -> bool:
    """The part is lost in its clause: the object of "lose", or sent "out"/cut "off" by its verb."""
    verb = part.head
    if part.dep_ not in ("dobj", "nsubjpass") or verb.pos_ not in ("VERB", "AUX"):
        return False
    if any(c.dep_ == "neg" for c in verb.children) or not any(c.dep_ == "poss" for c in part.children):
        return False
    if verb.tag_ == "VB" and part.dep_ == "dobj":
        return False  # "Pull out his eyes!", "to lose his teeth": an order or an infinitive, nothing lost yet
    if any(c.dep_ == "aux" and c.lower_ in MODALS for c in verb.children):
        return False  # "would lose his sight": not told lost
    particles = {c.lower_ for c in verb.children if c.dep_ in ("prt", "advmod", "prep")}
    lexicon = _lexicon()
    if verb.lemma_.lower() == "lose" and part.dep_ == "dobj":
        return True
    if verb.lemma_.lower() not in lexicon["removing_verbs"]:
        return False
    return "off" in particles or ("out" in particles and part.lemma_.lower() in lexicon["out_parts"])


def _owners(world: World) -> dict[tuple[int, int], str]:
    """Each mention's span (start, end) → its entity."""
    return {(m.span.start, m.span.end): m.entity for m in world.state.mentions if m.entity}


def _poss_span(world: World, index: int, part: Token) -> tuple[int, int]:
    poss = next(c for c in part.children if c.dep_ == "poss")
    offset = world.state.story.sentences[index].span.start
    return (offset + poss.idx, offset + poss.idx + len(poss.text))


def _used_again(
    world: World, docs: list[Doc | None], owners: dict[tuple[int, int], str], i: int, part: str, owner: str
) -> tuple[int, Span] | None:
    """The first later sentence where ``owner``'s ``part`` is used (not lost again, not negated); None when a
    giving back is told first."""
    for j in range(i + 1, len(docs)):
        doc = docs[j]
        if doc is None:
            continue
        if _given_back(doc, part):
            return None
        for tok in doc:
            if _part(tok) != part or not any(c.dep_ == "poss" for c in tok.children) or _lost(tok):
                continue
            if any(c.dep_ == "neg" for c in tok.head.children) or tok.head.lower_ in ("without", "no"):
                continue
            if owners.get(_poss_span(world, j, tok)) == owner:
                return j, _span(world, j, tok.head, tok)
    return None


def _given_back(doc: Doc, part: str) -> bool:
    """The sentence tells the part given back or grown again ("gave her eyes back", "his teeth grew again": a
    giving-back word in the clause of the part), or tells magic. A giving-back word in another clause tells
    nothing of the part ("showed his teeth, and they were good friends again")."""
    from worldstate.resources.words import words

    lexicon = _lexicon()
    lemmas = {t.lemma_.lower() for t in doc} | {t.lower_ for t in doc}
    if lemmas & words().magic_words:
        return True
    giving_back = set(lexicon["giving_back"])
    clauses = {_clause(t) for t in doc if t.lemma_.lower() == part or t.lower_ == part}
    return any(_clause(t) in clauses for t in doc if t.lemma_.lower() in giving_back or t.lower_ in giving_back)


def _clause(tok: Token) -> int:
    """The index of the verb heading ``tok``'s clause (the nearest verb above it, or itself), else the root."""
    node = tok
    while node.head.i != node.i and node.pos_ not in ("VERB", "AUX"):  # spaCy makes a new Token per access
        node = node.head
    return node.i


def _span(world: World, index: int, *tokens: Token) -> Span:
    offset = world.state.story.sentences[index].span.start
    start = min(t.idx for t in tokens)
    end = max(t.idx + len(t.text) for t in tokens)
    return Span(offset + start, offset + end)
