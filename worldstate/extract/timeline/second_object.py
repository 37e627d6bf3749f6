"""A double object the parser split wrongly: "handed the soldier the cup", "gave her mistress the key".

For these the parser makes the recipient the verb's object and the thing an adverbial noun (``npadvmod``)
right after it. The thing is read as the object and the first noun as the recipient when the second is a
noun of a physical thing by WordNet (:func:`.verbs.is_thing_noun`: not "the next day") that one can hold
(not ``not_holdable``: "the other way") and the first is not ("handed the soldier", not "gave the cup a
polish").
"""

from __future__ import annotations

from worldstate.extract.timeline.clause import Token
from worldstate.extract.timeline.verbs import is_thing_noun
from worldstate.resources.words import words


def split_double_object(verb: Token) -> tuple[Token, Token] | None:
    """(recipient, thing) of a double object read as an object and an adverbial noun, else None."""
    first = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if first is None or (first.pos_ == "NOUN" and is_thing_noun(first.lemma_.lower())):
        return None
    second = next((c for c in verb.children if c.dep_ == "npadvmod" and c.i > first.i), None)
    if second is None or second.pos_ != "NOUN" or second.left_edge.i != first.right_edge.i + 1:
        return None
    lemma = second.lemma_.lower()
    if not is_thing_noun(lemma) or lemma in words().not_holdable:  # "toss them the other way"
        return None
    return first, second
