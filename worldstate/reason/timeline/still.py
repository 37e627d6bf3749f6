"""Where a thing cannot still be: a thing the story took out of a place ("it was taken out of the washing-tub")
is later said to be there still ("the collar, which still lay soaking in the washing-tub"), and the story never
went back to that place in between.

Read from the parse on noun lemmas (coreference is not asked): the later clause has "still" on a verb whose
subject is the thing (a relative clause's noun, "the collar, which …") and whose place is a prepositional
object ("in the washing-tub"); the earlier clause moves the thing, or a pronoun standing for it in that
sentence or the one before, "out of" a place with the same head noun, and is not negated.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from worldstate.analysis import World

PLACE_PREPOSITIONS = frozenset(["in", "on", "at", "inside", "within", "upon"])
RELATIVE = frozenset(["which", "who", "that"])
PRONOUNS = frozenset(["it", "he", "she", "they"])


@dataclass(frozen=True)
class StillThere(TwoSides):
    """``thing`` is said to be still in ``place`` (``later``, sentence ``later_sentence``) after it was taken
    out of it (``earlier``, sentence ``earlier_sentence``)."""

    thing: str
    place: str


def still_there(world: World) -> Iterator[StillThere]:
    """Every thing said to be still in a place the story took it out of, with no mention of the place between."""
    docs = world.sentence_docs
    for j, doc in enumerate(docs):
        for still in doc if doc is not None else ():
            if still.lower_ != "still" or still.dep_ != "advmod":
                continue
            found = _still_in(still)
            if found is None:
                continue
            thing, place, verb = found
            for i in range(j - 1, -1, -1):
                out = _taken_out(docs, i, thing, place)
                if out is None and _mentions(docs[i], place.lemma_.lower()):
                    break  # the story is at the place again: it may have gone back
                if out is not None:
                    yield StillThere(
                        thing.lemma_.lower(),
                        _compound(place),
                        earlier_sentence=i,
                        earlier=_span(world, i, out),
                        later_sentence=j,
                        later=_span(world, j, verb, thing, place),
                    )
                    break


def _still_in(still: Token) -> tuple[Token, Token, Token] | None:
    """(thing, place, verb) of "X … still lay in P": the verb "still" modifies, its subject noun (through a
    relative pronoun) and a place object of it or of its complement ("lay soaking in")."""
    verb = still.head
    if verb.pos_ not in ("VERB", "AUX"):
        return None
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None and subject.lower_ in RELATIVE and verb.dep_ == "relcl":
        subject = verb.head
    if subject is None or subject.pos_ != "NOUN":
        return None
    heads = [verb, *(c for c in verb.children if c.dep_ in ("xcomp", "acomp", "advcl"))]
    for head in heads:
        for prep in head.children:
            if prep.dep_ == "prep" and prep.lower_ in PLACE_PREPOSITIONS:
                place = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "NOUN"), None)
                if place is not None:
                    return subject, place, verb
    return None


def _taken_out(docs: list[Doc | None], i: int, thing: Token, place: Token) -> Token | None:
    """The verb of sentence ``i`` that moves the thing (or a pronoun for it) "out of" the place, not negated."""
    doc = docs[i]
    for tok in doc if doc is not None else ():
        if tok.lower_ != "out" or tok.dep_ not in ("prep", "prt", "advmod"):
            continue
        of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if pobj is None or pobj.lemma_.lower() != place.lemma_.lower():
            continue
        verb = tok.head
        if verb.pos_ not in ("VERB", "AUX") or any(c.dep_ == "neg" for c in verb.children):
            continue
        moved = [c for c in verb.children if c.dep_ in ("nsubjpass", "dobj", "nsubj")]
        passive = any(c.dep_ == "nsubjpass" for c in verb.children)
        transitive = any(c.dep_ == "dobj" for c in verb.children)
        for m in moved:
            if m.dep_ == "nsubj" and (passive or transitive):
                continue  # the one who takes it out, not the thing
            if m.lemma_.lower() == thing.lemma_.lower():
                return verb
            if m.lower_ in PRONOUNS and _named_near(docs, i, thing):
                return verb
    return None


def _named_near(docs: list[Doc | None], i: int, thing: Token) -> bool:
    """The thing's noun is used in sentence ``i`` or the one before (what a pronoun there stands for)."""
    lemma = thing.lemma_.lower()
    return any(_mentions(docs[k], lemma) for k in (i - 1, i) if k >= 0)


def _compound(noun: Token) -> str:
    """The noun with the compound words before it ("washing-tub"), lower case."""
    first = min([noun.i, *(c.left_edge.i for c in noun.children if c.dep_ == "compound")])
    return noun.doc[first : noun.i + 1].text.lower()


def _mentions(doc: Doc | None, lemma: str) -> bool:
    return doc is not None and any(t.pos_ == "NOUN" and t.lemma_.lower() == lemma for t in doc)


def _span(world: World, index: int, *tokens: Token) -> Span:
    """The text span from the first to the last of ``tokens`` (with the verb's own subtree bounds)."""
    offset = world.state.story.sentences[index].span.start
    start = min(t.left_edge.idx if t.dep_ == "relcl" else t.idx for t in tokens)
    end = max(t.idx + len(t.text) for t in tokens)
    return Span(offset + start, offset + end)
