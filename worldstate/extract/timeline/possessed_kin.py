"""Kin read through a possessor: "his queen" (his wife), "the miller's boy" (his son), "her girl" (her
daughter).

The nouns are those whose kin sense is a later one that a possessor picks (``possessed`` in
``resources/data/relation_nouns.yaml``, from WordNet by ``scripts/build_relation_nouns.py``); without a
possessor they name no relative ("the queen", "a boy"). A noun with a possessor ("his", "the king's") is
read as the relation noun of that kind (:func:`.relations.relation_by_noun`: the possessor's relative,
both ways); an "of" phrase is not enough ("the queen of the country" is no wife).
"""

from __future__ import annotations

from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import relation_by_noun
from worldstate.extract.timeline.scan import each_token


@lru_cache(maxsize=1)
def possessed_nouns() -> dict[str, str]:
    """Noun lemma → the relation kind a possessor picks (``possessed`` of ``relation_nouns.yaml``)."""
    return {str(k): str(v) for k, v in load_yaml("resources", "data/relation_nouns.yaml")["possessed"].items()}


def possessed_kin(views: list[SentenceView]) -> list[Change]:
    """Every relation a possessed kin noun tells in the story's sentences."""
    return each_token(views, possessed_relation)


def possessed_relation(view: SentenceView, noun: Token) -> list[Change]:
    """The relation ``noun`` tells when it is a possessed kin noun ("his queen"), else none."""
    lemma = noun.lemma_.lower()
    kind = possessed_nouns().get(lemma)
    if kind is None or lemma in view.w.relation_nouns or noun.pos_ != "NOUN":
        return []
    if not any(c.dep_ == "poss" for c in noun.children):
        return []
    return list(relation_by_noun(view, noun, kind))
