"""Who a name means when no entity bears it: "the narrator", "the narrator's father", "my elder brother",
"the daughter of the miller".

Used by :func:`worldstate.query.entities.find_entities` after the names themselves found nothing:

- "the narrator" (or a narrated "I", "me") is the first-person narrator's entity (id ``narrator``);
- "X's Y", "Y of X", "my Y" (my: the narrator's): the entities the timeline relates to X as Y names
  (a relation noun: "father" → parent_of of X), told anywhere in the story; modifiers ("eldest",
  "second") pick among several when one's names share them.

When these find nothing, :mod:`worldstate.query.lookup` ranks the entities sharing the name's head noun.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from worldstate.state import EntityKind
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World

NARRATOR = "narrator"  # the coreference id of a first-person narrator
_NARRATOR_NAMES = ("narrator", "the narrator", "i", "me", "myself")
_POSSESSED = re.compile(r"^(?:the\s+)?(?P<owner>.+?)['’]s\s+(?P<rel>[\w\s-]+)$", re.I)
_OF = re.compile(r"^(?:the\s+|a\s+|an\s+)?(?P<rel>[\w\s-]+?)\s+of\s+(?P<owner>.+)$", re.I)
_MY = re.compile(r"^(?:my|our)\s+(?P<rel>[\w\s-]+)$", re.I)


def narrator(world: World, name: str) -> list[str]:
    """The narrator's entity for "the narrator" / "I" in a first-person story, else []."""
    if name.strip().lower() not in _NARRATOR_NAMES:
        return []
    return [e.id for e in world.state.entities if e.id == NARRATOR]


def related(world: World, name: str, find: object, depth: int = 0) -> list[str]:
    """The entities "X's Y", "Y of X" or "my Y" names: those related as Y to X in the timeline.
    ``find`` looks up X (``find_entities``)."""
    from worldstate.resources.words import words

    text = " ".join(name.split())
    parsed = _MY.match(text)
    if parsed:
        owners = narrator(world, "narrator")
        rel_words = parsed["rel"]
    else:
        parsed = _POSSESSED.match(text) or _OF.match(text)
        if parsed is None or depth > 1:
            return []
        owner_name = parsed["owner"]
        owners = narrator(world, owner_name) or find(world, owner_name)  # type: ignore[operator]
        rel_words = parsed["rel"]
    *modifiers, head = rel_words.lower().split()
    kind = _relation_kind(words().relation_nouns, head)
    if kind is None or not owners:
        return []
    found = [
        s.subject
        for s in world.timeline.states
        if s.predicate == Predicate.RELATION
        and s.modality.factual
        and s.key == kind
        and s.value.split("=", 1)[1] in owners
        and s.subject not in owners
    ]
    wanted = noun_gender(head)  # "servant" says no gender: any will do
    found = [i for i in dict.fromkeys(found) if not wanted or _gender(world, i) in ("", wanted)]
    if head in words().relation_nouns:  # a singular noun ("father"): one, not a group ("the parents")
        found = [i for i in found if not _is_group(world, i)] or found
    return _matching_modifiers(world, found, modifiers) or found


def _is_group(world: World, entity: str) -> bool:
    try:
        return world.state.entity(entity).kind == EntityKind.GROUP
    except KeyError:
        return False


def noun_gender(noun: str) -> str:
    """'male' for "father", 'female' for "sister", '' for "cousin" or an unknown noun (the lexicon's
    person nouns)."""
    from worldstate.resources.lexicon import lexicon

    nouns = lexicon().person_nouns
    return str(nouns.get(noun) or nouns.get(noun.removesuffix("s")) or "")


def _gender(world: World, entity: str) -> str:
    """The entity's gender; '' when unknown, or when one noun gender cannot say it (a group)."""
    try:
        ent = world.state.entity(entity)
    except KeyError:
        return ""
    return "" if ent.kind == EntityKind.GROUP else (ent.gender or "")


def _relation_kind(nouns: dict[str, str], head: str) -> str | None:
    """The relation kind of a relation noun, singular or plural ("brothers")."""
    for form in (head, head.removesuffix("s"), head.removesuffix("es"), re.sub(r"ren$", "", head)):
        if form in nouns:
            return nouns[form]
    return None


def _matching_modifiers(world: World, ids: list[str], modifiers: list[str]) -> list[str]:
    """The entities of ``ids`` one of whose names holds a word that starts like one of ``modifiers``
    ("eldest" and "elder" share "elde")."""
    stems = {m[:4] for m in modifiers if len(m) > 2}
    if not stems:
        return []
    out = []
    for eid in ids:
        try:
            ent = world.state.entity(eid)
        except KeyError:
            continue
        words_ = {w[:4] for n in (ent.name, *ent.aliases) for w in re.findall(r"[\w-]+", n.lower())}
        if stems & words_:
            out.append(eid)
    return out
