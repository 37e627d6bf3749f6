"""A body part cut off is a thing one can hold: "cut off the finger; but the finger sprang into the air",
"cut off the head, and nailed it up under the dark gate".

The possession patterns never hold a body part ("hand", "head", "finger": ``words.not_holdable``); once a
story tells it taken off its owner by a verb with the particle "off" ("cut off", "struck off", "bit off"), in
this sentence or the ``LOOK_BACK`` before it, the same noun names a thing. ("Out" would take "stretched out
her hand" for a cutting.)
"""

from __future__ import annotations

from worldstate.extract.timeline.clause import SentenceView, Token

LOOK_BACK = 2  # sentences before the noun's own


def is_severed(view: SentenceView, noun: Token) -> bool:
    """``noun`` (a body noun) was the object of a verb with the particle "off" before it, here or in the
    ``LOOK_BACK`` sentences before."""
    lemma = noun.lemma_.lower()
    where: SentenceView | None = view
    for _ in range(LOOK_BACK + 1):
        if where is None:
            return False
        before = where.doc[: noun.i + 1] if where is view else where.doc
        if any(_cut_off(tok, lemma) for tok in before):
            return True
        where = where.previous
    return False


def _cut_off(tok: Token, lemma: str) -> bool:
    """``tok`` is a ``lemma`` noun, the object of a verb with the particle "off" ("cut off the finger")."""
    if tok.lemma_.lower() != lemma or tok.dep_ != "dobj" or tok.pos_ != "NOUN":
        return False
    verb = tok.head
    return any(c.dep_ in ("prt", "advmod") and c.lower_ == "off" for c in verb.children)
