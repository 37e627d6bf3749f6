"""Build a World's timeline: the sentence patterns, plus the name propositions, assembled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.extract.timeline.assemble import assemble
from worldstate.extract.timeline.clause import sentence_views
from worldstate.extract.timeline.patterns import Change, read_sentence
from worldstate.state import Source
from worldstate.state.timeline import Modality, Predicate, Timeline

if TYPE_CHECKING:
    from worldstate.analysis import World


def build_timeline(world: World) -> Timeline:
    """Per-entity timelines of ``world`` (location, holdings, alive, traits, relations, counts, titles, names)."""
    changes: list[Change] = []
    for view in sentence_views(world):
        if view is not None:
            changes += read_sentence(view)
    changes += _names(world)
    return assemble(changes)


def _names(world: World) -> list[Change]:
    """Names the propositions layer reads ('his name was Hans', 'she was called Snowdrop'), narration only."""
    known = {e.id for e in world.state.entities}
    return [
        Change(p.subject, Predicate.NAME, p.value, p.sentence, p.span, Modality.ASSERTED, None, p.value)
        for p in world.state.propositions
        if p.predicate == "name" and p.polarity and p.source == Source.NARRATION and p.subject in known and p.value
    ]
