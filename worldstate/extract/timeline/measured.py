"""Who holds "a sack of flour" holds the sack too: the possession patterns read the content of a measure
phrase as the thing held (:func:`.patterns.holdable`: "a lump of silver" is silver); when the measure noun is
a container by WordNet (a kind of container.n.01: sack, jug, basket, purse, bottle), the container goes
the same way ("came home carrying a sack of flour", "dropped the jug of water")."""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.kinds import is_kind_of
from worldstate.state.timeline import Predicate


def containers_held(view: SentenceView, found: list[Change]) -> list[Change]:
    """A HOLDS change for the container of each holding of ``found`` (one sentence's) whose thing was read
    out of "<container> of <thing>"."""
    out: list[Change] = []
    for change in found:
        if change.predicate != Predicate.HOLDS or change.sentence != view.index:
            continue
        box = _container_of(view, change)
        if box is None:
            continue
        value = view.ent(box) or box.lemma_.lower()
        if value != change.value:
            text = box.doc[box.left_edge.i : box.i + 1].text
            out.append(replace(change, value=value, value_text=text, object_lemma=box.lemma_.lower()))
    return out


def _container_of(view: SentenceView, change: Change) -> Token | None:
    """The container noun inside the change's evidence whose "of" phrase names the change's thing ("sack" of
    "carrying a sack of flour"), or None."""
    for box in view.doc:
        if not change.evidence.start <= view.offset + box.idx < change.evidence.end or box.pos_ != "NOUN":
            continue
        for of in (c for c in box.children if c.dep_ == "prep" and c.lower_ == "of"):
            content = next((c for c in of.children if c.dep_ == "pobj"), None)
            if content is not None and content.lemma_.lower() == change.object_lemma:
                return box if is_kind_of(box.lemma_.lower(), "container") else None
    return None
