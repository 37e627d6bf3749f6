"""One who does something "there" is at the place "there" points back to: "drew her into the water, and there
the old witch had to drown", "came to a little hut, and there she slept till morning".

A verb with a locative "there" (not the "there" of "there was") puts its subject at the last place named
before it, in its sentence or the two before (:func:`.rest.there_place`). Verbs of motion ("arrived there":
:func:`.patterns.location`) and of rest ("stayed there": :mod:`.rest`) are read by their own readings, and
"was there" tells no new place; nor does "out there", "there gleamed a star" (the subject after its verb) or
"there no one asked", nor a modal ("that there she might see him"). The place is inferred (``inferred="there"``): a place told of the subject in
the same sentence wins.
"""

from __future__ import annotations

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.place_words import place_verbs
from worldstate.extract.timeline.rest import there_place
from worldstate.extract.timeline.scan import each_verb
from worldstate.extract.timeline.verbs import CARRY, MOTION, PUT, class_of, particle
from worldstate.state.timeline import Predicate

THERE = "there"  # the inferred-place name of this reading
PEOPLE = ("character", "group")
FAR = frozenset({"out", "over", "up", "down", "in", "back"})  # "out there": a place far off


def done_there(view: SentenceView) -> list[Change]:
    """Every subject placed by a "there" of a verb the place and rest readings leave alone, in one sentence."""
    return each_verb(view, lambda verb: _other_verb(view, verb), _placed)


def _other_verb(view: SentenceView, verb: Token) -> bool:
    """Neither "be", nor a verb of motion, carrying or putting, nor one of rest."""
    lemma = verb.lemma_.lower()
    if lemma == "be" or lemma in view.w.motion_verbs or lemma in view.w.static_verbs:
        return False
    rests = place_verbs()["rest"]
    if lemma in rests or f"{lemma}_{particle(verb)}" in rests:
        return False
    return class_of(verb, view.w) not in (MOTION, CARRY, PUT)


def _placed(view: SentenceView, verb: Token) -> list[Change]:
    there = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ == "there"), None)
    subj = view.subject(verb)
    subject = view.agent(verb)
    if there is None or subj is None or subject is None or view.kind(subject) not in PEOPLE:
        return []
    if _far_there(view, there) or (subj.head.i == verb.i and subj.i > verb.i) or _nobody(subj):
        return []  # "out there", "there gleamed a star", "there no one asked"
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children):
        return []  # "that there she might still see him": a purpose, not a deed
    found = there_place(view, there)
    if found is None or found[0] == subject:
        return []
    return [make_change(view, verb, subject, Predicate.LOCATION, found[0], there, value_text=found[1], inferred=THERE)]


def _far_there(view: SentenceView, there: Token) -> bool:
    """ "out there", "over there", "up there": a place far off, not the one named before."""
    return there.i > 0 and view.doc[there.i - 1].lower_ in FAR


def _nobody(subj: Token) -> bool:
    """ "no one", "nobody": no one is placed."""
    return subj.lower_ in ("nobody", "none") or any(c.dep_ == "det" and c.lower_ == "no" for c in subj.children)
