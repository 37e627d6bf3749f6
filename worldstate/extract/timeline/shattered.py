"""A thing broken or torn to pieces is held by nobody as a whole any more: "she tore the letter to pieces",
"he smashed the jug into bits", "the mirror broke into a thousand pieces", "the cup was dashed to pieces".

The reading is the result phrase, not the verb: a "to" or "into" phrase on a verb whose noun is plural and
"piece" or a kind of piece by WordNet (bits, fragments, shreds, splinters: :mod:`.kinds`; never a body part:
"put it into his hands"). What goes to pieces
is the verb's object, the subject of its passive, or (with neither) its own subject; a person is never read
(a holding is of a thing: :func:`.patterns.holdable`)."""

from __future__ import annotations

from worldstate.extract.timeline.change import RELEASE, Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.kinds import is_kind_of
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.verbs import is_body_noun
from worldstate.state.timeline import Predicate

RESULT_PREPS = frozenset({"to", "into"})


def shattered_things(view: SentenceView) -> list[Change]:
    """Every thing one sentence tells went to pieces."""
    out: list[Change] = []
    for prep in view.doc:
        if prep.dep_ != "prep" or prep.lower_ not in RESULT_PREPS or prep.head.pos_ != "VERB":
            continue
        pieces = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if pieces is None or pieces.tag_ != "NNS" or not is_pieces(pieces.lemma_.lower()):
            continue
        verb = prep.head
        broken = _broken(verb)
        thing = holdable(view, broken)
        if thing is None or broken is None:
            continue
        value, text, lemma = thing
        out.append(
            make_change(
                view, verb, RELEASE, Predicate.HOLDS, value, broken, pieces, value_text=text, object_lemma=lemma
            )
        )
    return out


def is_pieces(lemma: str) -> bool:
    """A noun of the pieces a thing breaks into ("piece", "bit", "fragment", "shred", "splinter"), never a
    body part (a "hand" is a piece of writing in one sense)."""
    return lemma == "piece" or (is_kind_of(lemma, "piece") and not is_body_noun(lemma))


def _broken(verb: Token) -> Token | None:
    """What the verb breaks: its object, else its passive subject, else its subject."""
    for dep in ("dobj", "nsubjpass", "nsubj"):
        found = next((c for c in verb.children if c.dep_ == dep), None)  # type: ignore[attr-defined]
        if found is not None:
            return found
    return None
