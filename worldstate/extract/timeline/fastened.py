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

from worldstate.extract.timeline.along import attached_at
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token, is_reflexive
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.place_words import place_verbs
from worldstate.extract.timeline.scan import each_verb

AT = frozenset({"to", "onto", "unto", "on", "upon", "under", "over", "above", "against", "at", "in", "behind"})


def fastened_things(view: SentenceView) -> list[Change]:
    """Every place a thing is fastened at in one sentence."""
    return each_verb(view, lambda verb: verb.lemma_.lower() in place_verbs()["attach"], _fastened)


def _fastened(view: SentenceView, verb: Token) -> Iterator[Change]:
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "nsubjpass") and not is_reflexive(c)), None)
    thing = holdable(view, obj)
    if thing is None or obj is None or (obj.dep_ == "dobj" and not view.agent(verb)):
        return
    value = thing[0]
    yield from attached_at(view, verb, value, AT, view.agent(verb))
