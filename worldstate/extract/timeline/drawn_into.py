"""One pulled or pushed into a place is there: "drew her into the water", "pushed him into the oven", "thrust
the boy into the cellar".

The place patterns move the object of a verb of leading, carrying or putting ("led her into the house",
"threw him into the river"); a verb that moves its object by force, pulling (the ``remove`` class of
``handling.json``: pull, draw, drag, tug) or with a sense of motion (the ``move`` class of ``place_verbs.json``:
push, thrust, shove, lift), moves a person it acts on into or onto a place too. Never oneself ("pushed
himself into the crowd" is :mod:`.self_placed`), never a thing (the possession patterns read those).
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, is_reflexive
from worldstate.extract.timeline.handling import REMOVE, handling_classes
from worldstate.extract.timeline.patterns import place_of
from worldstate.extract.timeline.place_words import place_verbs
from worldstate.extract.timeline.scan import each_verb
from worldstate.extract.timeline.verbs import CARRY, PUT, class_of
from worldstate.state.timeline import Predicate

INTO = frozenset({"into", "onto"})
LED = frozenset({"lead", "take", "bring", "carry", "drag", "put", "throw", "lay", "send"})  # the place patterns'
PEOPLE = ("character", "group")


def drawn_into(view: SentenceView) -> list[Change]:
    """Every person pulled or pushed into a place in one sentence."""
    return each_verb(view, lambda verb: _forcing(view, verb), _moved)


def _forcing(view: SentenceView, verb: Token) -> bool:
    """A verb of pulling or of motion that the place patterns do not read with its object."""
    lemma = verb.lemma_.lower()
    if lemma in LED or class_of(verb, view.w) in (CARRY, PUT):
        return False
    return lemma in place_verbs()["move"] or handling_classes().verbs.get(lemma) == REMOVE


def _moved(view: SentenceView, verb: Token) -> Iterator[Change]:
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    person = view.ent(obj) if obj is not None and not is_reflexive(obj) else None
    if person is None or view.kind(person) not in PEOPLE or person == view.agent(verb):
        return
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in INTO):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = place_of(view, pobj) if pobj is not None else None
        if place is not None and pobj is not None:
            yield make_change(view, verb, person, Predicate.LOCATION, place[0], pobj, value_text=place[1], active=False)
            return
