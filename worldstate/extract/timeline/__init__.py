"""Per-entity timelines of state built from a World.

``build_timeline(world)`` reads every sentence with precise clause patterns (:mod:`.patterns`),
puts each change under a modality (:mod:`.clause`) and assembles intervals (:mod:`.assemble`);
``World.timeline`` is the lazily computed layer.

The questions asked of a timeline (``state_at``, ``states_of``, ``knows``, ``find_entities``,
``entity_names``, ``report_dict`` and their result types) live in :mod:`worldstate.query`. The same names
read from here are a thin alias kept for users' scripts; the package itself imports them from
:mod:`worldstate.query`.
"""

from __future__ import annotations

from typing import Any

from worldstate.extract.timeline.build import build_timeline

# the query names read from here, an alias of worldstate.query
QUERY_ALIASES = (
    "CharacterState",
    "KnownFact",
    "StateReport",
    "entity_names",
    "find_entities",
    "knows",
    "report_dict",
    "state_at",
    "states_of",
)
__all__ = ["build_timeline", *QUERY_ALIASES]


def __getattr__(name: str) -> Any:
    """The query names that used to live here, read from :mod:`worldstate.query` (an alias only: loaded on
    first use, so that importing the timeline builder does not load the queries)."""
    if name in QUERY_ALIASES:
        import worldstate.query

        return getattr(worldstate.query, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
