"""Service read through a possessor: "his gardener", "the king's huntsman", "her cook" work for the one who
has them (``servant_of``; the possessor is their ``master_of``).

The nouns are WordNet's kinds of worker (``data/employed.yaml`` says which kinds, read against
``data/noun_kinds.tsv.gz``) that are not relation nouns already ("his servant", "her maid" are read by
:func:`.relations.relation_by_noun` itself). Only a possessor makes the relation ("a gardener" works for
nobody we know); "the huntsman of the king" is not read (an "of" phrase names a
place or a kind as often as an employer).
"""

from __future__ import annotations

from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.kinds import is_kind_of
from worldstate.extract.timeline.possessed_kin import possessed_nouns
from worldstate.extract.timeline.relations import relation_by_noun
from worldstate.extract.timeline.scan import each_token

_SERVICE = "servant_of"


@lru_cache(maxsize=1)
def _kinds() -> tuple[tuple[str, ...], tuple[str, ...]]:
    raw = load_yaml("extract.timeline", "data/employed.yaml")
    return tuple(raw["kinds"]), tuple(raw["not_kinds"])


@lru_cache(maxsize=4096)
def is_employed_noun(lemma: str) -> bool:
    """A noun of one who works for another (a kind of worker, not first an adult or a friend)."""
    kinds, not_kinds = _kinds()
    return any(is_kind_of(lemma, k) for k in kinds) and not any(is_kind_of(lemma, k) for k in not_kinds)


def possessed_roles(views: list[SentenceView]) -> list[Change]:
    """Every service a possessed role noun tells in the story's sentences."""
    return each_token(views, possessed_role)


def possessed_role(view: SentenceView, noun: Token) -> list[Change]:
    """The service ``noun`` tells when it is a possessed role noun ("his gardener"), else none."""
    lemma = noun.lemma_.lower()
    if noun.pos_ != "NOUN" or lemma in view.w.relation_nouns or lemma in possessed_nouns():
        return []
    if not any(c.dep_ == "poss" for c in noun.children) or not is_employed_noun(lemma):
        return []
    return list(relation_by_noun(view, noun, _SERVICE))
