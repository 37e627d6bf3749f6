"""Service told by "in the service of": "John was in the service of the king", "she had been in his service
for years", "a young man in the king's service".

A service noun (``service_nouns`` of ``patterns.yaml``: service, employ, employment, pay) that is the object
of "in" with an owner (its possessor or "of" object: :func:`.relations.relative_owners`) puts the one the
phrase is said of in that owner's service: the subject of the verb it hangs on, or the noun it modifies
("a young man in the king's service"). "Took her into service" and "entered the service of" are read by
:func:`.relations.relation_by_verb`.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways, relative_owners
from worldstate.extract.timeline.scan import each_token

_SERVICE = "servant_of"


def services(views: list[SentenceView]) -> list[Change]:
    """Every service an "in the service of" phrase tells in the story's sentences."""
    return each_token(views, in_service)


def in_service(view: SentenceView, noun: Token) -> Iterator[Change]:
    """The service ``noun`` tells when it is the service noun of an "in" phrase with an owner."""
    prep = noun.head
    if noun.dep_ != "pobj" or prep.lower_ != "in" or noun.lemma_.lower() not in view.w.service_nouns:
        return
    head = prep.head
    if head.pos_ in ("VERB", "AUX"):
        servant, anchor = view.agent(head), head
    elif head.pos_ == "NOUN":
        servant, anchor = view.ent(head), noun
    else:
        return
    if not servant or view.kind(servant) != "character":
        return
    for owner, owner_tok in relative_owners(view, noun)[:1]:
        if owner != servant:
            yield from both_ways(view, anchor, servant, _SERVICE, owner, owner_tok)
