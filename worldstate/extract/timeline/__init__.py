"""Per-entity timelines of state built from a World, and ``state_at`` to ask what holds when.

``build_timeline(world)`` reads every sentence with precise clause patterns (:mod:`.patterns`),
puts each change under a modality (:mod:`.clause`) and assembles intervals (:mod:`.assemble`);
``World.timeline`` is the lazily computed layer; ``state_at(world, k)`` the query.
"""

from worldstate.extract.timeline.build import build_timeline
from worldstate.extract.timeline.query import (
    CharacterState,
    KnownFact,
    StateReport,
    entity_names,
    find_entities,
    report_dict,
    state_at,
    states_of,
)

__all__ = [
    "CharacterState",
    "KnownFact",
    "StateReport",
    "build_timeline",
    "entity_names",
    "find_entities",
    "report_dict",
    "state_at",
    "states_of",
]
