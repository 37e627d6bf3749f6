"""Which entities a name means: ``find_entities`` (a name as a user or a question writes it),
``entity_names`` (every name an entity bears) and ``find_character`` (a task's character description)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from worldstate.query.bearers import _told_names, entity_names
from worldstate.query.lookup import Found, lookup
from worldstate.query.who import narrator, related
from worldstate.state import EntityKind
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.state import WorldState


def find_entities(world: World, name: str, _depth: int = 0) -> list[str]:
    """Entity ids whose name or an alias contains ``name`` as whole words (case-insensitive); first those
    named exactly so, by the World or by the story ("she was called Snowdrop": the timeline's names).
    When none does: the narrator, the entities related so to another ("the narrator's father", "the
    daughter of the miller"), else the best of those whose names share the phrase's head noun or its
    kind, ranked by its possessor and modifiers (:func:`find_named`)."""
    return _named(world, name) or find_named(world, name, _depth).ids


def find_named(world: World, name: str, _depth: int = 0) -> Found:
    """The entities :func:`find_entities` finds, with how they were found: ``exact`` (only those bearing the
    name), ``named`` (a name holding it), ``role``, ``narrator``, ``related`` (:func:`worldstate.query.who.related`), or the
    ranked lookup's ``possessor``, ``head`` or ``kind`` (:mod:`worldstate.query.lookup`); ``""`` with no
    ids when nothing matched."""
    wanted = name.strip().lower()
    found = _named(world, name)
    exact = [i for i in found if wanted in entity_names(world, i)]
    if found:
        return Found(exact, "exact") if exact else Found(found, "named")
    for how, ids in (("role", lambda: _by_role(world, name)), ("narrator", lambda: narrator(world, name))):
        got = ids()
        if got:
            return Found(got, how)
    if _depth > 1:
        return Found([], "")
    deeper = lambda w, n: find_named(w, n, _depth + 1).ids  # noqa: E731 -- the possessor, by its best finding
    got = related(world, name, deeper, _depth)
    if got:
        return Found(got, "related")
    return lookup(world, name, deeper) or Found([], "")


def _named(world: World, name: str) -> list[str]:
    """The entities ``name`` names (see :func:`find_entities`)."""
    wanted = name.strip().lower()
    pattern = re.compile(rf"(?<![\w-]){re.escape(wanted)}(?![\w-])")
    exact = [e.id for e in world.state.entities if wanted in (e.name.lower(), *(a.lower() for a in e.aliases))]
    exact += [i for i in _told_names(world).get(wanted, []) if i not in exact]
    loose = [
        e.id
        for e in world.state.entities
        if e.id not in exact and any(pattern.search(n.lower()) for n in (e.name, *e.aliases))
    ]
    literal = [s for s in world.timeline.subjects() if s == wanted and s not in exact + loose]
    return exact + loose + literal


def _by_role(world: World, name: str) -> list[str]:
    """The characters the story says are what ``name`` names ("she was a proud queen" for "the queen")."""
    wanted = re.sub(r"^(?:the|a|an)\s+", "", name.strip().lower())
    roles = [s for s in world.timeline.states if s.predicate == Predicate.TRAIT and s.key == "role"]
    return list(dict.fromkeys(s.subject for s in roles if s.value.split("=", 1)[1] == wanted))


def introduced(world: World, ids: list[str], sentence: int) -> list[str]:
    """The entities of ``ids`` mentioned by the end of ``sentence`` (all of ``ids`` when none is): 'the
    fisherman' of sentence 0 is not the same-named entity coreference split off from sentence 1 on."""
    seen = {m.entity for m in world.state.mentions if m.entity in ids and m.sentence <= sentence}
    told = {s.subject for s in world.timeline.states if s.subject in ids and s.start <= sentence}
    early = [i for i in ids if i in seen or i in told]
    return early or ids


def is_creature(world: World, entity: str) -> bool:
    try:
        return world.state.entity(entity).kind in (EntityKind.CHARACTER, EntityKind.GROUP)
    except KeyError:
        return True  # a literal creature noun ("the butcher") from the timeline


def preferred(world: World, ids: list[str], name: str) -> list[str]:
    """The exact name matches when there are any; else the characters among the loose ones; else all."""
    wanted = name.strip().lower()
    exact = [
        i
        for i in ids
        if i == wanted or (i in {e.id for e in world.state.entities} and wanted in entity_names(world, i))
    ]
    if exact:
        return exact
    creatures = [i for i in ids if is_creature(world, i)]
    return creatures or ids


def find_character(ws: WorldState, name: str) -> str | None:
    """The entity id a task's character description refers to ("Lane", "The city night watchman at the
    gate", "Mara and David", "The paramedic narrator"), or None."""
    cleaned = " ".join(name.replace("/", " ").split())
    cleaned = re.split(r"\s+(?:and|&)\s+", cleaned)[0]  # "Mara and David": the first named
    ent = ws.entity_by_name(cleaned)
    if ent is not None and ent.kind in (EntityKind.CHARACTER, EntityKind.GROUP):
        return ent.id
    if "narrator" in cleaned.lower() and any(e.id == "narrator" for e in ws.entities):
        return "narrator"
    words = re.findall(r"[\w’'-]+", cleaned)
    first_part = re.split(r"\s+(?:and|&)\s+", cleaned)[0]
    for candidate in [first_part, *[w for w in words if w[:1].isupper()], *reversed(words)]:
        if candidate.lower() in ("the", "a", "an", "of", "at", "in", "and"):
            continue
        ent = ws.entity_by_name(candidate) or ws.entity_by_name("the " + candidate)
        if ent is not None and ent.kind in (EntityKind.CHARACTER, EntityKind.GROUP):
            return ent.id
    first = re.escape(first_part.split()[-1]) if first_part.split() else ""
    pattern = re.compile(rf"(?<![\w]){first}(?![\w])", re.I) if first else None
    for ent in ws.characters():
        if pattern and any(pattern.search(n) for n in [ent.name, *ent.aliases]):
            return ent.id
    if any(e.id == "narrator" for e in ws.entities):
        return "narrator"  # a first-person story told by the asked character
    return None
