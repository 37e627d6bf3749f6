"""A death told in the past perfect dates from before its telling: "The learned man heard nothing of all
this -- for they had deprived him of life."

A death told as a flashback (``Modality.FLASHBACK``: the past perfect of the narration) happened before the
sentence that tells it. It holds from the sentence after the dead one's last act in the narration (the
subject of a verb outside any quote, :func:`.claimed_deaths.narrated_actors`), not earlier than the start of
the scene that tells it nor than the last life or death the story told of them before. With no act of theirs
in that scene it holds from the scene's start. A death told outside any scene is left where it is told.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.timeline.claimed_deaths import narrated_actors
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change
    from worldstate.extract.timeline.clause import SentenceView


def backdated_deaths(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """``changes`` with each flashback death moved to the earliest sentence it may hold from (see the
    module docstring)."""
    flashbacks = [c for c in changes if _flashback_death(c)]
    if not flashbacks or not views:
        return changes
    scenes = list(views[0].story.ws.scenes or [])
    actors = narrated_actors(views)
    told = [(c.sentence, c.subject) for c in changes if c.predicate == Predicate.ALIVE and c.modality.factual]
    out = []
    for change in changes:
        if not _flashback_death(change):
            out.append(change)
            continue
        scene = next((first for first, last in scenes if first <= change.sentence <= last), None)
        if scene is None:
            out.append(change)
            continue
        k, who = change.sentence, change.subject
        floor = max(
            [scene] + [s + 1 for s in actors.get(who, []) if s < k] + [s + 1 for s, e in told if e == who and s < k]
        )
        out.append(replace(change, sentence=min(floor, k)))
    return out


def _flashback_death(change: Change) -> bool:
    return change.predicate == Predicate.ALIVE and change.value == "false" and change.modality == Modality.FLASHBACK
