"""Role change: a relation noun said of a character with no other party ("the shadow became the master",
"the dwarf was now master") turns round a relation the character had before. The other party is the one the
character stood in the opposite relation to ("the shadow was his servant" → the shadow is now its master's
master), and the new state ends the old one (``ends`` in ``patterns.yaml``, :func:`.relations.ended_by`).

Only a relation whose inverse is another kind (master and servant, parent and child) is turned round; the
noun must be the predicate of a "be" verb ("was", "became", "remained") with no possessor and no "of".
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways
from worldstate.extract.timeline.scan import each_token, factual_relations

_BE = ("be", "become", "remain")


def role_changes(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """The relations turned round by an ownerless relation noun predicated of a character (see the module
    docstring), read against the factual relations of ``changes`` told before."""
    told = factual_relations(changes)
    return each_token(views, lambda view, tok: turned(view, tok, told))


def turned(view: SentenceView, noun: Token, told: list[Change]) -> Iterator[Change]:
    """The relation ``noun`` tells when it names a role its bearer held the other side of before."""
    kind = view.w.relation_nouns.get(noun.lemma_.lower())
    inverse = view.w.inverse.get(kind or "")
    if not kind or not inverse or inverse == kind or noun.dep_ not in ("attr", "oprd"):
        return
    verb = noun.head
    if verb.lemma_ not in _BE or any(c.dep_ == "poss" or c.lower_ == "of" for c in noun.children):
        return
    bearer = view.agent(verb)
    if not bearer or view.kind(bearer) not in ("character", "group"):
        return
    before = [c for c in told if c.subject == bearer and c.sentence < view.index]
    other = next((c.value.split("=", 1)[1] for c in reversed(before) if c.value.startswith(f"{inverse}=")), None)
    if other and other != bearer:
        yield from both_ways(view, verb, bearer, kind, other, None)
