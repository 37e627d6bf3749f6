"""A group's death reaches each of its members ("Hansel and Gretel … they were killed"), as a reading of
lower confidence (``inferred`` = ``GROUP``).

Members are the characters the group's mentions name (:func:`.build.group_members`); where a group goes its
members already go (``build._members_go_along``). A plural of no named members ("the children", "the two")
is left alone: on the tune stories the persons named together just before such a plural were the ones it
stands for in one case of seven ("both the sisters" after the prince and his bride, "the old folks" after
Hansel and Gretel), so that reading was not kept.
"""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.timeline.change import Change
from worldstate.state.timeline import Predicate

GROUP = "group"  # the ``inferred`` mark of a member's copy of its group's state


def group_fates(changes: list[Change], members: dict[str, set[str]]) -> list[Change]:
    """Each member's copy of its group's factual deaths; ``members``: group → the characters it names."""
    return [
        replace(c, subject=m, inferred=GROUP)
        for c in changes
        if c.predicate == Predicate.ALIVE and c.value == "false" and c.modality.factual and c.subject in members
        for m in sorted(members[c.subject] - {c.subject})
    ]
