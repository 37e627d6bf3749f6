"""A person told "with" a thing has it: "met an old woman with a basket", "a soldier with a knapsack on his
back came along the road".

The "with" phrase hangs on a person noun (a character or group of the story) and its noun is a portable
thing (:func:`.handling.is_portable`: a physical thing by WordNet, not a building or furniture) whose
first sense is no body part ("an old man with a long beard"); "with a knife in his hand" is :mod:`.in_hand`'s, and a "with" on a verb ("went home with it") the
possession patterns'."""

from __future__ import annotations

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView
from worldstate.extract.timeline.handling import is_portable
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.verbs import is_body_noun
from worldstate.state.timeline import Predicate

PEOPLE = ("character", "group")


def people_with_things(view: SentenceView) -> list[Change]:
    """Every holding told by a person noun's "with" phrase in one sentence."""
    out: list[Change] = []
    for thing_tok in view.doc:
        prep = thing_tok.head
        if thing_tok.dep_ != "pobj" or prep.lower_ != "with" or prep.head.pos_ not in ("NOUN", "PROPN"):
            continue
        holder = view.who(prep.head)
        thing = holdable(view, thing_tok)
        if not holder or view.kind(holder) not in PEOPLE or thing is None or not _portable(thing[2]):
            continue
        value, text, lemma = thing
        out.append(
            make_change(view, prep.head, holder, Predicate.HOLDS, value, thing_tok, value_text=text, object_lemma=lemma)
        )
    return out


def _portable(lemma: str) -> bool:
    """A portable thing whose first sense is no body part ("a long beard", "golden hair")."""
    return is_portable(lemma) and not is_body_noun(lemma)
