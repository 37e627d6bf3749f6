"""Going into a place by a verb the motion classes leave out: "Ginger and Pickles retired into the back
parlour", "the soldier burst into the room".

The motion class of ``verb_classes.json`` takes a verb by its first two senses; many verbs move someone only
in a later sense ("retire": go into retirement, withdraw from participation, then move back or away). A verb
with a sense of motion among its first three (WordNet's verb.motion lexicographer file: the ``move`` class
of ``data/place_verbs.json``), used without an object and with "into" or "onto" a place, moves its subject
(and the subjects coordinated with it) there. Verbs of looking or speaking have no such sense ("looked into
the room", "called into the house"); a phrase that is no place ("burst into tears", "turned into a frog")
moves no one.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.patterns import place_of
from worldstate.extract.timeline.place_words import place_verbs
from worldstate.extract.timeline.scan import each_verb
from worldstate.extract.timeline.verbs import CARRY, MOTION, PUT, class_of
from worldstate.state.timeline import Predicate

INTO = frozenset({"into", "onto"})
PEOPLE = ("character", "group")
OBJECTS = ("dobj", "dative", "attr", "oprd")  # with one of these the verb acts on something


def entered(view: SentenceView) -> list[Change]:
    """Every place one goes into by a verb of a later motion sense in one sentence."""
    return each_verb(view, lambda verb: _later_motion(view, verb), _went_into)


def _later_motion(view: SentenceView, verb: Token) -> bool:
    """A verb of the ``move`` class that the place patterns do not read as motion already."""
    w, lemma = view.w, verb.lemma_.lower()
    if lemma not in place_verbs()["move"] or lemma in w.motion_verbs or lemma in w.static_verbs:
        return False
    return lemma not in w.self_moving_release and class_of(verb, w) not in (MOTION, CARRY, PUT)


def _went_into(view: SentenceView, verb: Token) -> Iterator[Change]:
    if any(c.dep_ in OBJECTS for c in verb.children):
        return
    subject_tok = view.subject(verb)
    if subject_tok is None or subject_tok.dep_ != "nsubj":
        return
    movers = [view.who(t) for t in (subject_tok, *subject_tok.conjuncts)]
    movers = [m for m in dict.fromkeys(movers) if m and view.kind(m) in PEOPLE]
    if not movers:
        return
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in INTO):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = place_of(view, pobj) if pobj is not None else None
        if place is None or pobj is None:
            continue
        for mover in movers:
            yield make_change(view, verb, mover, Predicate.LOCATION, place[0], pobj, value_text=place[1])
        return
