"""The noun an object phrase stands for when its head is no noun of a thing: a part of a group ("carried away
one of the golden cups", "took some of the gold": the cups, the gold) or the relative pronoun of a clause
on a noun ("the cup which he had brought with him": the cup).

The possession patterns read the head of a verb's object; these two constructions put a quantifier or a
relative pronoun there, and the thing is the noun of the "of" phrase or the noun the clause modifies.
"""

from __future__ import annotations

from worldstate.extract.timeline.clause import Token

# quantifiers that take a part of what their "of" phrase names ("one of the cups", "half of the bread")
PARTITIVES = frozenset({"one", "some", "any", "each", "several", "few", "many", "most", "part", "half", "all", "both"})
RELATIVE_TAGS = frozenset({"WDT", "WP"})  # "which", "that", "what" as a relative pronoun


def object_noun(tok: Token | None) -> Token | None:
    """The noun ``tok`` stands for: the "of" noun of a partitive, the noun a relative pronoun's clause
    modifies, else ``tok`` itself."""
    if tok is None:
        return None
    part = _partitive_of(tok)
    if part is not None:
        return part
    return _relative_antecedent(tok) or tok


def _partitive_of(tok: Token) -> Token | None:
    """ "one of the golden cups" → cups (a plural or mass noun after "of the")."""
    if tok.lower_ not in PARTITIVES or tok.pos_ not in ("NUM", "PRON", "DET", "NOUN", "ADJ"):
        return None
    of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    noun = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if noun is None or noun.pos_ not in ("NOUN", "PROPN"):
        return None
    return noun


def _relative_antecedent(tok: Token) -> Token | None:
    """ "the cup which he had brought" → cup: the relative pronoun object of a clause on a noun."""
    if tok.tag_ not in RELATIVE_TAGS or tok.dep_ not in ("dobj", "nsubjpass"):
        return None
    clause = tok.head
    if clause.dep_ != "relcl" or clause.head.pos_ not in ("NOUN", "PROPN"):
        return None
    return clause.head
