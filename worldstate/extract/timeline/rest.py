"""Rest and hiding: a verb of posture, rest, hiding or staying with a phrase of place puts its subject there
("hid in the cellar", "sat in the corner", "crouched behind the stove"); with "there" the place is the last one
named before it ("went into the house opposite … stayed there three weeks"). A spot that is a thing, not a
place ("sat down under the pack-saddle", "hid under a bush") is a ``position``: where one is inside whatever
place one is in, read only for an entity of no place yet (:func:`.inferred.settle`)."""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.along import is_place_spot, spot
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, is_reflexive
from worldstate.extract.timeline.patterns import GOAL_PREPS
from worldstate.extract.timeline.place_words import POSITION, REST, place_verbs
from worldstate.extract.timeline.verbs import particle
from worldstate.state.timeline import Predicate

THERE_REACH = 2  # "there" points back to a place named in this sentence or the two before


def rest(view: SentenceView, verb: Token) -> Iterator[Change]:
    """The subject of a resting verb is at its phrase of place, or at the place its "there" points back to."""
    lemma = verb.lemma_.lower()
    rests = place_verbs()["rest"]
    if lemma == "be" or not (lemma in rests or f"{lemma}_{particle(verb)}" in rests or lemma in view.w.static_verbs):
        return
    if any(c.dep_ == "dobj" and not is_reflexive(c) for c in verb.children):
        return  # "laid a letter in his pocket", "laid hands on the gem": done to the object, not a rest
    subject = view.agent(verb)
    if subject is None or view.kind(subject) in ("place", "time"):
        return
    preps = [c for c in verb.children if c.dep_ == "prep"]
    preps += [p for a in verb.children if a.dep_ in ("prt", "advmod") for p in a.children if p.dep_ == "prep"]
    for prep in sorted(preps, key=lambda t: t.i):
        if prep.lower_ not in view.w.static_preps:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = spot(view, pobj, subject)
        if place is not None and pobj is not None and place[0] != subject:
            reading = REST if is_place_spot(view, pobj) else POSITION  # "sat under the pack-saddle": where she is
            yield make_change(
                view, verb, subject, Predicate.LOCATION, place[0], pobj, value_text=place[1], inferred=reading
            )
            return
    there = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ == "there"), None)
    found = there_place(view, there) if there is not None else None
    if found is not None and there is not None and found[0] != subject:
        yield make_change(view, verb, subject, Predicate.LOCATION, found[0], there, value_text=found[1], inferred=REST)


def there_place(view: SentenceView, there: Token) -> tuple[str, str] | None:
    """The last place named with a preposition of place or goal before ``there``, in its sentence or the
    ``THERE_REACH`` before it."""
    preps = view.w.static_preps | GOAL_PREPS
    where: SentenceView | None = view
    for _ in range(THERE_REACH + 1):
        if where is None:
            return None
        before = where.doc[: there.i] if where is view else where.doc
        for tok in reversed(list(before)):
            if tok.dep_ == "pobj" and tok.head.lower_ in preps:
                place = spot(where, tok)
                if place is not None:
                    return place
        where = where.previous
    return None
