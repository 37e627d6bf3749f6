"""Knowledge claimed all along against a told ignorance: the story says nobody knew a thing ("no one knew that
he was other than an ill-favoured swineherd") and later says someone had known it from the first ("he had known
from the first that his swineherd was the Prince").

Read from the parse: the earlier "know" has a subject that means nobody ("no one", "nobody", "none"); the later
"know" has another subject, is not negated, and carries a from-the-start adverbial ("from the first", "from the
beginning", "all along", "all the time", "always"). The two things known share a content word (a noun or a
name: "swineherd"), so two unrelated secrets never pair.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from worldstate.analysis import World

NOBODY = frozenset(["nobody", "none", "noone"])
FROM_START = frozenset(["first", "beginning", "start", "outset"])


@dataclass(frozen=True)
class KnownAllAlong(TwoSides):
    """Nobody knew ``what`` (sentence ``earlier_sentence``), yet someone knew it from the start (``later_sentence``)."""

    what: str


def known_all_along(world: World) -> Iterator[KnownAllAlong]:
    """Each told ignorance later contradicted by knowledge claimed from the start (the first such claim)."""
    docs = world.sentence_docs
    ignorance = [(i, tok) for i, doc in enumerate(docs) for tok in doc or () if _knows(tok) and _nobody(tok)]
    claims = [(j, tok) for j, doc in enumerate(docs) for tok in doc or () if _knows(tok) and _from_start(tok)]
    for i, unknown in ignorance:
        words = _content(unknown)
        for j, known in claims:
            shared = words & _content(known)
            if j > i and shared and not _nobody(known):
                yield KnownAllAlong(
                    sorted(shared)[0],
                    earlier_sentence=i,
                    earlier=_span(world, i, unknown),
                    later_sentence=j,
                    later=_span(world, j, known),
                )
                break


def _knows(tok: Token) -> bool:
    return tok.pos_ in ("VERB", "AUX") and tok.lemma_.lower() == "know"


def _nobody(verb: Token) -> bool:
    """The verb's subject means nobody ("no one", "nobody", "none of them")."""
    for subject in (c for c in verb.children if c.dep_ == "nsubj"):
        if subject.lower_ in NOBODY:
            return True
        if subject.lower_ in ("one", "body") and any(c.dep_ == "det" and c.lower_ == "no" for c in subject.children):
            return True
    return False


def _from_start(verb: Token) -> bool:
    """Told known from the start and not negated: "had known from the first", "knew all along", "always knew"."""
    if any(c.dep_ == "neg" for c in verb.children):
        return False
    for c in verb.children:
        starts = any(p.dep_ == "pobj" and p.lower_ in FROM_START for p in c.children)
        if c.dep_ == "prep" and c.lower_ == "from" and starts:
            return True
        if c.dep_ == "advmod" and c.lower_ in ("always", "along"):
            return True
    return False


def _content(verb: Token) -> set[str]:
    """The nouns and names of what is known (the verb's clausal or direct object)."""
    out: set[str] = set()
    for c in verb.children:
        if c.dep_ in ("ccomp", "dobj", "xcomp"):
            out |= {t.lemma_.lower() for t in c.subtree if t.pos_ in ("NOUN", "PROPN") and t.is_alpha}
    return out


def _span(world: World, index: int, verb: Token) -> Span:
    """From the verb's subject (or the verb) to the end of what is known."""
    offset = world.state.story.sentences[index].span.start
    tokens = [verb, *(c for c in verb.children if c.dep_ in ("nsubj", "ccomp", "dobj", "xcomp"))]
    start = min(t.left_edge.idx for t in tokens)
    end = max(t.right_edge.idx + len(t.right_edge.text) for t in tokens)
    return Span(offset + start, offset + end)
