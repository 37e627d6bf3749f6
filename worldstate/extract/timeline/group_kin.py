"""Kin of one member of a group told by a plural relation noun: "the king had three sons … the youngest son set
out" (the king's son), "there were once two brothers … the rich brother … the poor brother" (brothers).

A plural relation noun that names a group ("three sons", "two brothers") is remembered by its noun. A later
singular mention of the same noun with "the", a modifier that picks one ("the youngest son", "the rich
brother", "the second daughter") and no owner of its own ("his", "of X") is one of that group: it has the
group's relations (the relations told of the group, with their other party: "child_of" the king), and when
the group has no owner and its relation is its own inverse (brothers, sisters, friends), it has that relation
to the other members named so before it. The member's own clause gives the evidence.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways
from worldstate.extract.timeline.scan import factual_relations

_PICKERS = ("amod", "nummod", "compound")  # "the youngest son", "the second son", "the rich brother"


@dataclass
class _Group:
    """A group a plural relation noun named, with the relations told of it and the members named since."""

    entity: str
    kind: str
    relations: list[tuple[str, str]] = field(default_factory=list)  # (kind, other) told of the group
    members: list[str] = field(default_factory=list)


def group_kin(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """The relations of the members of relation groups, read in story order against ``changes``."""
    told: dict[str, list[tuple[str, str]]] = {}
    for c in factual_relations(changes):
        told.setdefault(c.subject, []).append(tuple(c.value.split("=", 1)))  # type: ignore[arg-type]
    groups: dict[str, _Group] = {}
    out: list[Change] = []
    for view in views:
        for tok in view.doc:
            out += _read(view, tok, groups, told)
    return out


def _read(
    view: SentenceView, tok: Token, groups: dict[str, _Group], told: dict[str, list[tuple[str, str]]]
) -> list[Change]:
    lemma = tok.lemma_.lower()
    kind = view.w.relation_nouns.get(lemma)
    if kind is None or tok.pos_ != "NOUN":
        return []
    entity = view.ent(tok)
    if tok.tag_ == "NNS" and entity and view.kind(entity) == "group":
        groups[lemma] = _Group(entity, kind, relations=list(told.get(entity, [])))
        return []
    group = groups.get(lemma)
    if group is None or tok.tag_ != "NN" or not entity or entity == group.entity or not _picked_one(tok):
        return []
    if view.kind(entity) not in ("character", "group") or entity in group.members:  # a member may be kinded a group
        return []
    out = list(_member_relations(view, tok, entity, group))
    group.members.append(entity)
    return out


def _member_relations(view: SentenceView, tok: Token, member: str, group: _Group) -> Iterator[Change]:
    """The group's relations on ``member``; for an unowned group of a self-inverse kind, that kind to the
    members before it."""
    for kind, other in group.relations:
        if kind == group.kind and other != member:
            yield from both_ways(view, tok, member, kind, other, None, presupposed=True)
    if not group.relations and view.w.inverse.get(group.kind) == group.kind:
        for other in group.members:
            yield from both_ways(view, tok, member, group.kind, other, None, presupposed=True)


def _picked_one(tok: Token) -> bool:
    """'the youngest son', 'the rich brother': "the", a modifier, and no owner of its own."""
    children = list(tok.children)
    if not any(c.dep_ == "det" and c.lower_ == "the" for c in children):
        return False
    if any(c.dep_ == "poss" or (c.dep_ == "prep" and c.lower_ == "of") for c in children):
        return False
    return any(c.dep_ in _PICKERS for c in children)
