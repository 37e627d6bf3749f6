"""A thing fastened somewhere is there: "nailed it up under the dark gate", "hung the lantern on a hook",
"tied the purse to his belt".

:mod:`.along` reads a person tied to a thing; this reads a thing one can hold (:func:`.patterns.holdable`,
its "it" resolved) as the object of a verb of the ``attach`` class of ``data/place_verbs.json`` (WordNet's
attach, fasten, bind: nail, tie, pin, chain, hang up …) with a phrase of place: the thing is at the spot
(:func:`.along.spot`), an inferred ``attached`` place. Whether anyone still has it is left as it was (a
horse tied to a tree is still its rider's).
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.along import spot
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, is_reflexive
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.place_words import ATTACHED, place_verbs
from worldstate.state.timeline import Predicate

AT = frozenset({"to", "onto", "unto", "on", "upon", "under", "over", "above", "against", "at", "in", "behind"})


def fastened_things(view: SentenceView) -> list[Change]:
    """Every place a thing is fastened at in one sentence."""
    out: list[Change] = []
    for verb in view.doc:
        if verb.pos_ == "VERB" and verb.lemma_.lower() in place_verbs()["attach"]:
            out += _fastened(view, verb)
    return out


def _fastened(view: SentenceView, verb: Token) -> Iterator[Change]:
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "nsubjpass") and not is_reflexive(c)), None)
    thing = holdable(view, obj)
    if thing is None or obj is None or (obj.dep_ == "dobj" and not view.agent(verb)):
        return
    value = thing[0]
    for prep in _preps(verb):
        if prep.lower_ not in AT:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = spot(view, pobj, view.agent(verb))
        if place is not None and pobj is not None and place[0] != value:
            yield make_change(
                view,
                verb,
                value,
                Predicate.LOCATION,
                place[0],
                pobj,
                value_text=place[1],
                active=False,
                inferred=ATTACHED,
            )
            return


def _preps(verb: Token) -> list[Token]:
    """The verb's prepositions, and those under its particle ("nailed it up under the gate")."""
    out = [c for c in verb.children if c.dep_ == "prep"]
    out += [p for a in verb.children if a.dep_ in ("prt", "advmod") for p in a.children if p.dep_ == "prep"]
    return sorted(out, key=lambda t: t.i)
