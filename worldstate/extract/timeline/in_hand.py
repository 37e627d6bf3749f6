"""A thing told in someone's hand: "stood there with a knife in his hand", "came in, a lantern in her hand",
"with a torch in one hand and a dagger in the other".

A portable thing (:func:`.handling.is_portable`) with an "in" phrase of a hand noun (``HAND_NOUNS``), on
the thing itself, on a noun of its modifier ("a dagger dripping with blood in the other") or beside it on
the same head ("with a knife in his hand", parsed either way), is held by
the hand's owner when a noun names it ("the king's hand"), else by the one the phrase describes: the
subject of the verb it hangs on (its person object after a verb of finding: "saw John with a torch in one
hand"), or the person noun it hangs on ("met an old man with a stick in his hand": the old man, whatever
"his" was resolved to); a "his hand" names the holder only where the phrase describes no one.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.handling import is_portable
from worldstate.extract.timeline.patterns import holdable
from worldstate.state.timeline import Predicate

HAND_NOUNS = frozenset({"hand", "hands", "fist", "grasp", "grip", "paw", "paws", "claw", "claws", "arms"})
PEOPLE = ("character", "group")
# verbs of coming upon someone: "saw John with a torch in one hand" describes John, not the one who saw
FINDING = frozenset({"see", "find", "behold", "notice", "meet", "watch", "observe", "perceive", "spy", "discover"})


def things_in_hand(view: SentenceView) -> list[Change]:
    """Every holding told by a thing in a hand in one sentence."""
    out: list[Change] = []
    for hand in view.doc:
        if hand.dep_ == "pobj" and hand.lemma_.lower() in HAND_NOUNS | {"other"} and hand.head.lower_ == "in":
            out += _held_in(view, hand)
    return out


def _held_in(view: SentenceView, hand: Token) -> Iterator[Change]:
    prep = hand.head
    thing_tok = prep.head if prep.head.pos_ in ("NOUN", "PRON") else _sibling_thing(prep)
    thing = _portable(view, thing_tok)
    if thing is None and thing_tok is not None:  # "a dagger dripping with blood in the other": the dagger
        thing_tok = _modified_thing(view, thing_tok)
        thing = _portable(view, thing_tok)
    if thing is None or thing_tok is None:
        return
    holder = _owner(view, hand, named_only=True) or _described(view, thing_tok) or _owner(view, hand)
    if not holder or view.kind(holder) not in PEOPLE or holder == thing[0]:
        return
    value, text, lemma = thing
    anchor = thing_tok.head if thing_tok.head.pos_ == "VERB" else thing_tok
    yield make_change(
        view, anchor, holder, Predicate.HOLDS, value, thing_tok, hand, value_text=text, object_lemma=lemma
    )


def _portable(view: SentenceView, tok: Token | None) -> tuple[str, str, str] | None:
    """(value, text, lemma) of a holdable, portable thing, else None."""
    thing = holdable(view, tok)
    return thing if thing is not None and is_portable(thing[2]) else None


def _modified_thing(view: SentenceView, tok: Token) -> Token | None:
    """The nearest portable thing whose modifier holds ``tok`` ("a dagger dripping with blood": blood →
    dagger), not past a clause's verb ("stood with nothing in his hand")."""
    for above in tok.ancestors:
        if above.pos_ in ("VERB", "AUX") and above.dep_ not in ("acl", "amod"):
            return None
        if above.pos_ == "NOUN" and _portable(view, above) is not None:
            return above
    return None


def _sibling_thing(prep: Token) -> Token | None:
    """ "stood with a knife in his hand" parsed with both phrases on the verb: the "with" noun before it."""
    withs = [c for c in prep.head.children if c.dep_ == "prep" and c.lower_ == "with" and c.i < prep.i]
    if not withs:
        return None
    return next((c for c in withs[-1].children if c.dep_ == "pobj"), None)


def _owner(view: SentenceView, hand: Token, named_only: bool = False) -> str | None:
    """The possessor of "the king's hand", "his hand" (``named_only``: a noun's only, a pronoun's defers to
    the one the phrase describes: "met an old man with a stick in his hand"); None for "one hand"."""
    poss = next((c for c in hand.children if c.dep_ == "poss"), None)
    if poss is None or (named_only and poss.pos_ == "PRON"):
        return None
    return view.who(poss)


def _described(view: SentenceView, thing: Token) -> str | None:
    """The one a "with … in one hand" phrase describes: the subject of its verb, or the person noun it
    hangs on ("a man with a knife")."""
    head = thing.head
    if thing.dep_ == "pobj" and head.lower_ == "with":
        head = head.head
    elif thing.dep_ == "conj" and head.pos_ in ("NOUN", "PROPN"):  # "a torch in one hand, and a dagger in the other"
        return _described(view, head)
    if head.pos_ in ("VERB", "AUX"):
        seen = next((c for c in head.children if c.dep_ == "dobj" and c.i < thing.i), None)
        if seen is not None and head.lemma_.lower() in FINDING and view.kind(view.who(seen)) in PEOPLE:
            return view.who(seen)
        return view.agent(head)
    if head.pos_ in ("NOUN", "PROPN"):
        return view.who(head)
    return None
