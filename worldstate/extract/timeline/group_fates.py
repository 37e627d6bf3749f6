"""A group's moves and deaths reach each of its members ("the children went into the forest", "they all
perished"), as readings of lower confidence (``inferred`` = ``GROUP``).

Members come from :class:`.group_roster.Rosters`: the group's named members, or, for a plural of no named
members, the named group it stands for at that sentence. The places of groups with named members already
reach them (``build._members_go_along``) and so do those of a they/them chain of no name
(:func:`.scene.scene_members`); this reading adds the places of the other plurals ("the children", "the
two children") and every group's death.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.group_roster import Rosters
from worldstate.extract.timeline.scene import unnamed_groups
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World

GROUP = "group"  # the ``inferred`` mark of a member's copy of its group's state


def group_fates(world: World, changes: list[Change], named: dict[str, set[str]]) -> list[Change]:
    """Each member's copy of its group's factual places (of plurals of no named members that are not a
    bare they/them chain) and deaths; ``named``: the groups whose mentions name their members."""
    rosters = Rosters(world, named)
    pronoun_only = unnamed_groups(world)
    out: list[Change] = []
    for c in changes:
        if c.subject not in rosters.plural or not c.modality.factual or not c.value:
            continue
        if c.predicate == Predicate.LOCATION:
            if c.subject in named or c.subject in pronoun_only:
                continue
        elif not (c.predicate == Predicate.ALIVE and c.value == "false"):
            continue
        members = rosters.members_at(c.subject, c.sentence) - {c.subject}
        out += [replace(c, subject=m, inferred=GROUP) for m in sorted(members)]
    return out
