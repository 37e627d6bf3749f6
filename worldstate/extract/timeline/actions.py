"""The ``timeline.actions`` layer (declared in :mod:`worldstate.layers`): who did what to whom, read off
each sentence's clause view, for the heads that compare a summary's claims with the story."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.extract.timeline.clause import sentence_views

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.state import Span


def find_actions(world: World) -> dict[tuple[str, str, str], Span]:
    """(agent id, verb lemma, patient id) → its first evidence span, for every narrated transitive clause
    of the story whose subject and object are both entities (and not the same one)."""
    out: dict[tuple[str, str, str], Span] = {}
    for view in sentence_views(world):
        if view is None:
            continue
        for tok in view.doc:
            if tok.pos_ != "VERB":
                continue
            obj = next((c for c in tok.children if c.dep_ == "dobj"), None)
            agent, patient = view.agent(tok), view.ent(obj)
            if agent and patient and agent != patient:
                out.setdefault((agent, tok.lemma_.lower(), patient), view.span(tok, obj))
    return out
