"""One who puts oneself somewhere is there: "wished herself and her son at home in their kingdom", "wished
himself at the Golden Mountain", "showed himself at the window".

A verb with a reflexive object and a phrase of place puts its subject (and anyone coordinated with the
reflexive: "herself and her son") at that place, whatever the verb: the reflexive says the subject is the
one moved. Verbs the place patterns read already (motion, carrying, putting, resting, "found himself")
are left to them.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, is_reflexive
from worldstate.extract.timeline.patterns import place_of
from worldstate.extract.timeline.place_words import place_verbs
from worldstate.extract.timeline.scan import each_verb
from worldstate.extract.timeline.verbs import CARRY, MOTION, PUT, class_of, particle
from worldstate.state.timeline import Predicate

PLACE_PREPS = frozenset({"at", "in", "into", "on", "onto", "upon", "by", "near", "beside", "behind", "under", "inside"})
PEOPLE = ("character", "group")


def self_placed(view: SentenceView) -> list[Change]:
    """Every place one puts oneself at in one sentence."""
    return each_verb(view, lambda verb: not _read_elsewhere(view, verb), _placed)


def _read_elsewhere(view: SentenceView, verb: Token) -> bool:
    """A verb the place patterns or the rest readings read ("threw himself into", "hid himself in")."""
    w, lemma = view.w, verb.lemma_.lower()
    if lemma in w.motion_verbs or lemma in w.static_verbs or lemma in w.self_moving_release or lemma == "find":
        return True
    rests = place_verbs()["rest"]
    return lemma in rests or f"{lemma}_{particle(verb)}" in rests or class_of(verb, w) in (MOTION, CARRY, PUT)


def _placed(view: SentenceView, verb: Token) -> Iterator[Change]:
    refl = next((c for c in verb.children if c.dep_ == "dobj" and is_reflexive(c)), None)
    subject = view.agent(verb)
    if refl is None or subject is None or view.kind(subject) not in PEOPLE:
        return
    movers = [subject] + [e for e in (view.ent(c) for c in refl.conjuncts) if e and view.kind(e) in PEOPLE]
    for prep in sorted((c for c in verb.children if c.dep_ == "prep"), key=lambda t: t.i):
        if prep.lower_ not in PLACE_PREPS or prep.i < refl.i:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = place_of(view, pobj, static=True) if pobj is not None else None
        if place is None or pobj is None:
            continue
        for mover in dict.fromkeys(movers):
            yield make_change(view, verb, mover, Predicate.LOCATION, place[0], pobj, value_text=place[1])
        return
