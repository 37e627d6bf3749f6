"""Relation forms read from the parse (``extract/timeline/relations.py``, ``born.py``, ``group_kin.py``,
``in_service.py``): births, conjoined owners and relation nouns, a "whose" owner, "as"/"for" phrases, "own",
members of a group and service, on the short texts of ``tests/data/cases/relation_forms.yaml``."""

from __future__ import annotations

import cases
from analysed import world_once

from worldstate.query import find_entities
from worldstate.state.timeline import Predicate


def relations(text: str, name: str) -> set[tuple[str, str]]:
    """(relation kind, the other party's name) of every factual relation of ``name``."""
    w = world_once(text)
    ids = find_entities(w, name)
    out = set()
    for s in w.timeline.states:
        if s.subject in ids and s.predicate == Predicate.RELATION and s.modality.factual:
            kind, other = s.value.split("=", 1)
            out.add((kind, w.state.display_name(other)))
    return out


@cases.parametrize_named("relation_forms", "cases")
def test_relation_form(text: str, entity: str, has: list[list[str]], lacks: list[list[str]], only: bool) -> None:
    found = relations(text, entity)
    wanted = {(kind, other) for kind, other in has}
    assert found == wanted if only else wanted <= found
    assert not found & {(kind, other) for kind, other in lacks}
