"""Every name an entity bears (``entity_names``): its own, its aliases, and those the story tells it bears."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World


def entity_names(world: World, entity: str) -> set[str]:
    """Every name of ``entity`` in lower case: its name, its aliases and the names the story tells it bears
    (a literal subject of the timeline is its own name)."""
    try:
        ent = world.state.entity(entity)
    except KeyError:
        return {entity.lower()}
    told = {name for name, ids in _told_names(world).items() if entity in ids}
    return {ent.name.lower(), *(a.lower() for a in ent.aliases)} | told


def _told_names(world: World) -> dict[str, list[str]]:
    """Lower-cased name → the entities the story says bear it ("she was called Snowdrop": the timeline's
    NAME states, which coreference may have left apart from the name's own entity)."""
    out: dict[str, list[str]] = {}
    for s in world.timeline.states:
        if s.predicate == Predicate.NAME and s.modality.factual and s.value:
            ids = out.setdefault(s.value.strip().lower(), [])
            if s.subject not in ids:
                ids.append(s.subject)
    return out
