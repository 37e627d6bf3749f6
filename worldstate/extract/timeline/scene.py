"""Scene default: an unnamed "they" that goes or stays somewhere is the characters on stage with it.

A plural entity named only by pronouns ("they", "them"), with no members of its own
(:func:`.build.group_members`), is taken to be the characters on stage at its sentence (the presence layer)
who were named in it or the ``REACH`` sentences before; each of them gets the group's place, inferred.
At least two must be found (a plural).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.place_words import SCENE
from worldstate.state import EntityKind
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World

REACH = 2  # the members were named in the group's sentence or the two before
PLURAL_PRONOUNS = frozenset({"they", "them", "their", "theirs", "themselves"})


def scene_members(world: World, changes: list[Change], members: dict[str, set[str]]) -> list[Change]:
    """Each on-stage character's copy of an unnamed group's factual places (``members``: the groups whose
    members are known, left alone)."""
    from worldstate.extract.timeline.presence import present_at

    unnamed = _unnamed_groups(world) - set(members)
    if not unnamed:
        return []
    kinds = {e.id: e for e in world.state.entities}
    named: dict[int, set[str]] = {}
    for m in world.state.mentions:
        if m.entity and world.text[m.span.start : m.span.end].lower() not in PLURAL_PRONOUNS:
            named.setdefault(m.sentence, set()).add(m.entity)
    out: list[Change] = []
    for c in changes:
        if c.predicate != Predicate.LOCATION or c.subject not in unnamed or not c.value or not c.modality.factual:
            continue
        recent = set().union(*(named.get(k, set()) for k in range(c.sentence - REACH, c.sentence + 1)))
        found = {
            e
            for e in present_at(world, c.sentence) & recent
            if e in kinds and kinds[e].kind == EntityKind.CHARACTER and kinds[e].number != "plural" and e != c.subject
        }
        if len(found) >= 2:
            out += [replace(c, subject=e, inferred=SCENE, active=False) for e in sorted(found)]
    return out


def _unnamed_groups(world: World) -> set[str]:
    """Plural entities every mention of which is a plural pronoun."""
    texts: dict[str, set[str]] = {}
    for m in world.state.mentions:
        if m.entity:
            texts.setdefault(m.entity, set()).add(world.text[m.span.start : m.span.end].lower())
    plural = {e.id for e in world.state.entities if e.number == "plural" or e.kind == EntityKind.GROUP}
    return {e for e in plural if texts.get(e) and texts[e] <= PLURAL_PRONOUNS}
