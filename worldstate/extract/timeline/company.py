"""Whose 'his'/'her' it is in a phrase of company ("a poor wood-cutter with his wife"), for the
relation and count patterns."""

from __future__ import annotations

from worldstate.extract.timeline.clause import SentenceView, Token, is_personal_pronoun

_POSSESSIVE_GENDER = {"his": "male", "her": "female"}


def comitative_owner(view: SentenceView, poss: Token | None) -> str | None:
    """Whose 'his'/'her' it is in a phrase of company: "a poor wood-cutter with his wife", "the king came
    with his three sons" (the one the with-phrase goes with, named before it, of the pronoun's gender or
    of none); None when the possessive is not in one (coreference's reading stands)."""
    gender = _POSSESSIVE_GENDER.get(poss.lower_) if poss is not None else None
    if poss is None or gender is None or poss.dep_ != "poss":
        return None
    noun = poss.head
    while noun.dep_ == "conj" and noun.head.i != noun.i:  # "with his wife and his two children"
        noun = noun.head
    if noun.dep_ != "pobj" or noun.head.lower_ != "with":
        return None
    with_, head = noun.head, noun.head.head
    candidates = [head] if head.pos_ in ("NOUN", "PROPN") else []
    if head.pos_ in ("VERB", "AUX"):
        candidates.append(view.subject(head))
    candidates += [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")]
    candidates += [c for c in head.children if c.dep_ in ("dobj", "attr")]  # "there dwelt a wood-cutter with …"
    for tok in candidates:
        if tok is None or tok.i >= with_.i or (is_personal_pronoun(tok) and tok.lower_ not in ("he", "she")):
            continue
        ent = view.who(tok)
        if ent and view.kind(ent) not in ("place", "time") and view.gender(ent) in ("", gender):
            return ent
    return None
