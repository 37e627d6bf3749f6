"""The relative a question's kin alias names: "Miss Dormouse, also called 'his daughter'".

A relation question names two parties ("How is Miss Dormouse related to Mr. John Dormouse?") and may give
the asked one's other names, among them a kin phrase with a possessive pronoun ("his daughter", "my
brother", "her betrothed"). Coreference often keeps the one a story calls "his daughter" apart from
the one it calls "Miss Dormouse"; the only owner the question offers for the pronoun is its other party,
so the alias names the other party's relative: "Mr. John Dormouse's daughter", found through the
relations the timeline tells (:func:`worldstate.query.who.related`), never by a name alone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from worldstate.query.entities import find_named
from worldstate.query.who import related

if TYPE_CHECKING:
    from worldstate.analysis import World

_PRONOUN_KIN = re.compile(r"^(?:his|her|its|their|my|our|your)\s+(?P<rel>[\w\s-]+)$", re.I)


def kin_alias_entities(world: World, aliases: list[str], other: str) -> list[str]:
    """The entities that are, by the timeline's relations, what a pronoun kin alias of ``aliases`` calls
    the question's other party's relative ("his daughter" with other "Mr. John Dormouse")."""
    owner = " ".join(re.sub(r"\(.*?\)", " ", other).split())
    if not owner:
        return []
    found: list[str] = []
    for alias in aliases:
        parsed = _PRONOUN_KIN.match(" ".join(alias.split()))
        if parsed is None:
            continue
        name = f"{owner}'s {parsed['rel']}"
        found += related(world, name, lambda w, n: find_named(w, n, 1).ids)
    return list(dict.fromkeys(found))
