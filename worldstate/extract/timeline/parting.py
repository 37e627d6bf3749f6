"""Members of an owned count that their owner parts with: "he gave one of his horses to the king", "sold
one of them", "lost three of them on the way", "two of his sheep were lost".

The verb is a transfer of ``data/tally.yaml`` or a verb of WordNet's ``give`` or ``lose`` class
(:func:`.verbs.class_of`: give, hand, sell, pawn; lose, drop, discard, throw away; what is consumed); the
members are its object and the owner its agent, or the subject of its passive: lost ("were lost"), or given
by the owner ("was sold by the farmer"; not "was given to him").
"""

from __future__ import annotations

from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.tally import tally_words
from worldstate.extract.timeline.verbs import GIVE, LOSE, class_of


def parted_with(view: SentenceView, tok: Token, owner: str) -> bool:
    """The members ``tok`` names leave their ``owner``'s hands by the verb they are the object of."""
    verb = tok.head
    if verb.pos_ != "VERB":
        return False
    kind = GIVE if verb.lemma_.lower() in tally_words().transfers else class_of(verb, view.w)
    if kind not in (GIVE, LOSE):
        return False
    if tok.dep_ == "dobj":
        return view.agent(verb) == owner
    return tok.dep_ == "nsubjpass" and (kind == LOSE or view.agent(verb) == owner)  # not given to the owner
