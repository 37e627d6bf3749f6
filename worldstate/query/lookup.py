"""Which entities a name phrase means when no entity bears the name: candidates by head noun, ranked.

The phrase is read into head, modifiers and possessor (:func:`worldstate.query.names.parse_name`). The
candidates are the entities one of whose names has the same head noun, or a head WordNet puts under the
same kind (``noun_kinds``: "the stick" for a cane, "the servant" for an ayah), and, when the head is a
relation noun ("father", "servant"), those the timeline relates so to the possessor ("Philip's mother" is
the one with parent_of Philip, whatever her names). They are ranked by, in order:

1. the possessor: related to the possessor's entities as the head says (``servant`` → servant_of), held
   by them, or bearing a name whose own possessor names them ("the learned man's shadow");
2. how the head matched: the same noun before a kind of it;
3. how many of the phrase's modifiers one of the candidate's names shares ("eldest" and "elder" share
   their first four letters);
4. characters before things when the head names a person;

and the best rank is returned, most mentioned first. :class:`Found` says how it was found, so a caller
weighing several names can prefer a possessor's evidence to a bare head word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.query.bearers import entity_names
from worldstate.query.names import NamePhrase, parse_name, readings
from worldstate.query.who import _relation_kind
from worldstate.resources.words import words
from worldstate.state import EntityKind
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from collections.abc import Callable

    from worldstate.analysis import World

_WORDS = re.compile(r"[\w-]+")
HOW = ("possessor", "head", "kind")  # how a lookup found its entities, strongest first


@dataclass(frozen=True)
class Found:
    """The entities a phrase names, best first, and how they were found (one of :data:`HOW`)."""

    ids: list[str]
    how: str


def lookup(world: World, name: str, find: Callable[[World, str], list[str]]) -> Found | None:
    """The entities ``name`` most likely names (see the module's docstring); ``find`` looks up the possessor
    (``find_entities``). None when no entity shares the head or its kind. A phrase the parser reads two ways
    (:func:`worldstate.query.names.readings`) is looked up both ways; the better ranked one wins."""
    best: tuple[tuple[int, ...], Found] | None = None
    for phrase in readings(name):
        got = _ranked(world, phrase, find)
        if got is not None and (best is None or got[0] > best[0] or (got[0] == best[0] and _last_head(phrase))):
            best = got
    return best[1] if best else None


def _last_head(phrase: NamePhrase) -> bool:
    """Whether the reading's head is the phrase's last word: between equally good readings of "the Lord of
    the Great Mountain's daughter", the group genitive (the daughter of the Lord of the Great Mountain)."""
    last = _WORDS.findall(phrase.text.lower())[-1:]
    return bool(last) and _same(last[0], phrase.head)


def _ranked(
    world: World, phrase: NamePhrase, find: Callable[[World, str], list[str]]
) -> tuple[tuple[int, ...], Found] | None:
    """(the best rank, the entities holding it) for one reading of a phrase."""
    if not phrase.head:
        return None
    owners = _owners(world, phrase, find)
    tied = _tied_to(world, phrase, owners)
    kin = _relation_kind(words().relation_nouns, phrase.head) is not None
    owner_names = {_bare(n) for o in owners for n in _names(world, o)}
    ranked: list[tuple[tuple[int, ...], str]] = []
    for eid, names in _candidates(world, phrase.head, tied):
        if eid in owners:
            continue
        match = _head_match(phrase.head, names)
        owned = eid in tied or any(n.possessor and _bare(n.possessor) in owner_names for n in names)
        if not match and not (owned and kin):  # only a relation says who "Philip's mother" is, whatever her names
            continue
        evidence = int(owned) + int(match == 2)  # tied to the possessor, named by the same noun: one point each
        key = (evidence, match, int(owned), _shared_modifiers(phrase, names), int(_fits_person(world, eid, phrase)))
        ranked.append((key, eid))
    if not ranked:
        return None
    best = max(key for key, _ in ranked)
    ids = sorted((eid for key, eid in ranked if key == best), key=lambda e: -_mentions(world, e))
    how = "possessor" if best[2] else ("head" if best[1] == 2 else "kind")
    return best, Found(ids, how)


def _candidates(world: World, head: str, tied: set[str]) -> list[tuple[str, list[NamePhrase]]]:
    """The entities that may be named so, each with its names read as phrases: those tied to the possessor
    and those with a name holding the head, a kind of it, or a possessor (the others are not parsed)."""
    out = []
    for e in world.state.entities:
        names = sorted(entity_names(world, e.id))
        if e.id not in tied and not any(_may_match(head, n) for n in names):
            continue
        out.append((e.id, [parse_name(n) for n in names]))
    return out


def _may_match(head: str, name: str) -> bool:
    """Whether a name may share the head (a word of it is the head or a kind of it) or have a possessor."""
    from worldstate.extract.timeline.kinds import is_kind_of

    low = name.lower()
    if "'s" in low or "’s" in low or " of " in low:
        return True
    return any(_same(head, w) or is_kind_of(w, head) or is_kind_of(head, w) for w in _WORDS.findall(low))


def _head_match(head: str, names: list[NamePhrase]) -> int:
    """2 when a name has the same head noun (less a plural ending), 1 when one is a kind of the other, 0 else."""
    from worldstate.extract.timeline.kinds import is_kind_of

    heads = {n.head for n in names if n.head}
    if any(_same(head, h) for h in heads):
        return 2
    if any(is_kind_of(h, head) or is_kind_of(head, h) for h in heads):
        return 1
    return 0


def _same(a: str, b: str) -> bool:
    return a == b or a.rstrip("s") == b.rstrip("s")


def _shared_modifiers(phrase: NamePhrase, names: list[NamePhrase]) -> int:
    """How many of the phrase's modifiers a name of the candidate has (word or modifier, by first four letters)."""
    wanted = {m[:4] for m in phrase.modifiers if len(m) > 2}
    if not wanted:
        return 0
    return max((len(wanted & {w[:4] for w in n.words}) for n in names), default=0)


def _owners(world: World, phrase: NamePhrase, find: Callable[[World, str], list[str]]) -> list[str]:
    """The entities the phrase's possessor names ("narrator" for "my", or a name found with ``find``)."""
    if phrase.possessor is None:
        return []
    if phrase.possessor == "narrator":
        return [e.id for e in world.state.entities if e.id == "narrator"]
    from worldstate.query.who import narrator

    return narrator(world, phrase.possessor) or find(world, phrase.possessor)


def _tied_to(world: World, phrase: NamePhrase, owners: list[str]) -> set[str]:
    """The entities the timeline ties to the owners as the phrase says: related so for a relation noun
    ("servant" → servant_of an owner), else held by an owner at some time."""
    if not owners:
        return set()
    kind = _relation_kind(words().relation_nouns, phrase.head)
    tied = set()
    for s in world.timeline.states:
        if not s.modality.factual:
            continue
        if kind and s.predicate == Predicate.RELATION and s.key == kind and s.value.split("=", 1)[-1] in owners:
            tied.add(s.subject)
        elif not kind and s.predicate == Predicate.HOLDS and s.subject in owners:
            tied.add(s.value)
    return tied


def _bare(name: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", name.strip().lower())


def _names(world: World, eid: str) -> set[str]:
    return entity_names(world, eid)


def _fits_person(world: World, eid: str, phrase: NamePhrase) -> bool:
    """A character for a person noun ("the servant"), a thing for anything else."""
    from worldstate.resources.words import words

    person = phrase.head in words().people or phrase.head in words().relation_nouns or phrase.proper
    try:
        creature = world.state.entity(eid).kind in (EntityKind.CHARACTER, EntityKind.GROUP)
    except KeyError:
        creature = False
    return creature == person


def _mentions(world: World, eid: str) -> int:
    try:
        return len(world.state.entity(eid).mentions)
    except KeyError:
        return 0
