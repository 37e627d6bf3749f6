"""A thing left behind, let fall or put down is no longer held: "he left the sack behind in the mill", "she
left her basket at the door", "he let the ring fall", "she set the basket down", "laid aside the sword".

- leaving: a verb of ``leave_behind_verbs`` (leave, abandon, desert, forsake) whose object is a portable
  thing (:func:`.handling.is_portable`: a physical thing by WordNet, not a house or a table), with no one to
  receive it ("left the mill to his son" is a bequest, read by the possession patterns), no state it is
  left in ("left the bread untouched", "leave it alone"), and not in a relative clause on the thing ("picked
  up the stick which the visitor had left behind": the leaving came before);
- letting fall: "let" with a bare verb of ``self_moving_release`` (fall, drop, slip, roll) whose subject
  is a thing one can hold and no place to go to (a place is read by the patterns of place);
- putting down: a verb of WordNet's ``put`` class (lay, set, put, place, throw: ``data/verb_classes.json``)
  with a down/aside particle and no place ("set the basket down"; with a place the possession patterns
  read it: "laid it on the table").

Nobody holds the thing afterwards; where it is stays for the readings of place.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import RELEASE, Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, direct_object
from worldstate.extract.timeline.handling import is_portable
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.verbs import PUT, particle, verb_classes
from worldstate.state.timeline import Predicate

COMPLEMENTS = frozenset({"acomp", "oprd", "xcomp", "ccomp"})  # "left it alone", "left the bread untouched"
STATES = frozenset({"alone", "untouched", "open", "unopened", "lying"})
RECIPIENT_PREPS = frozenset({"to", "for", "with"})  # "left it to his son", "left it with the innkeeper"
SET_DOWN = frozenset({"down", "aside"})  # particles of putting a thing out of one's hands


def left_things(view: SentenceView) -> list[Change]:
    """Every thing left behind, let fall or put down in one sentence."""
    out: list[Change] = []
    for verb in view.doc:
        if verb.pos_ != "VERB":
            continue
        lemma = verb.lemma_.lower()
        if lemma in view.w.leave_behind_verbs:
            out += _left(view, verb)
        elif lemma == "let":
            out += _let_fall(view, verb)
        elif _set_down(verb) and verb_classes().verbs.get(lemma) == PUT:
            out += _put_down(view, verb)
    return out


def _left(view: SentenceView, verb: Token) -> Iterator[Change]:
    """ "left the sack behind": the leaver no longer has a portable thing it leaves."""
    obj = direct_object(verb)
    if obj is None or obj.dep_ != "dobj" or verb.dep_ == "relcl" or not view.agent(verb):
        return  # "picked up the stick which our visitor had left behind": told of the thing, done before
    if any(c.dep_ in COMPLEMENTS or c.lower_ in STATES for c in verb.children):
        return
    if any(c.dep_ in ("dative", "prep") and c.lower_ in RECIPIENT_PREPS for c in verb.children):
        return
    yield from _released(view, verb, obj)


def _let_fall(view: SentenceView, verb: Token) -> Iterator[Change]:
    """ "let the ring fall", "let it slip": the thing falls out of the hand, with no place told."""
    for bare in verb.children:
        if bare.dep_ not in ("ccomp", "xcomp") or bare.lemma_.lower() not in view.w.self_moving_release:
            continue
        if any(c.dep_ == "prep" and c.lower_ in view.w.destination_preps for c in bare.children):
            continue  # "let the band drop into it": the patterns of place read where it goes
        thing = next((c for c in bare.children if c.dep_ == "nsubj"), None)
        if thing is not None and view.agent(verb):
            yield from _released(view, verb, thing)


def _set_down(verb: Token) -> bool:
    """A down/aside particle ("set it down", "put the sack aside": the parser makes "aside" an adverb)."""
    return particle(verb) in SET_DOWN or any(
        c.dep_ in ("prt", "advmod") and c.lower_ in SET_DOWN for c in verb.children
    )


def _put_down(view: SentenceView, verb: Token) -> Iterator[Change]:
    """ "set the basket down", "laid aside the sword": out of the hands, with no place told."""
    obj = direct_object(verb)
    if obj is None or obj.dep_ != "dobj" or not view.agent(verb):
        return
    if any(c.dep_ == "prep" and c.lower_ in view.w.destination_preps for c in verb.children):
        return  # "laid it down on the table": the possession patterns put it there
    yield from _released(view, verb, obj)


def _released(view: SentenceView, verb: Token, tok: Token) -> Iterator[Change]:
    thing = holdable(view, tok)
    if thing is None or not is_portable(thing[2]):
        return
    value, text, lemma = thing
    yield make_change(view, verb, RELEASE, Predicate.HOLDS, value, tok, value_text=text, object_lemma=lemma)
