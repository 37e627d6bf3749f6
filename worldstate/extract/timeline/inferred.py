"""Places a reader infers rather than reads: the readings of :mod:`.along`, :mod:`.rest` and :mod:`.scene`.

Each yields a LOCATION change with its evidence span and ``inferred`` set to the reading's name, so that the
viewer and the checks tell it from a told place: the continuity checks read told states only, and a place
told of the same entity in the same sentence always wins over an inferred one (:func:`settle`).

The verb classes come from WordNet 3.0 (``data/place_verbs.json``, built by ``scripts/build_place_verbs.py``):
``attach`` (tie, fasten, chain …) and ``rest`` (sit, lie, hide, crouch, kneel, stay, dwell …), and the nouns
of what one wears (never a place one is at).
"""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.timeline.along import along
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView
from worldstate.extract.timeline.place_words import JOIN, POSITION
from worldstate.extract.timeline.readers import VERB_TAGS, read_tokens
from worldstate.extract.timeline.rest import rest
from worldstate.state.timeline import Predicate


def read_inferred(view: SentenceView) -> list[Change]:
    """Every inferred place of one sentence (led along, tied to, set on, resting at)."""
    return read_tokens(view, lambda _view, tok: (along, rest) if tok.pos_ in VERB_TAGS else ())


def settle(changes: list[Change]) -> list[Change]:
    """``changes`` less each inferred place of an entity whose place the same sentence tells, less each
    ``position`` of an entity that is in a place already (the stable it sat down in stays its place), and with
    each ``joined`` place resolved to where the one gone to is then (left out when that is not known)."""
    told = {
        (c.subject, c.sentence)
        for c in changes
        if c.predicate == Predicate.LOCATION and not c.inferred and c.modality.factual
    }
    kept: list[Change] = []
    where: dict[str, Change] = {}  # entity → its latest factual place change
    for c in sorted(changes, key=lambda c: (c.sentence, c.evidence.start, c.evidence.end)):
        if c.predicate != Predicate.LOCATION:
            kept.append(c)
            continue
        if c.value.startswith(JOIN):
            target = where.get(c.value.removeprefix(JOIN)) if c.modality.factual else None
            if target is None or not target.value:
                continue
            c = replace(c, value=target.value, value_text=target.value_text)
        if not c.modality.factual:
            kept.append(c)
            continue
        if c.inferred and (c.subject, c.sentence) in told:
            continue
        here = where.get(c.subject)
        if c.inferred == POSITION and here is not None and here.value:
            continue
        where[c.subject] = c
        kept.append(c)
    return kept
