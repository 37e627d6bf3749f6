"""One state change told in one sentence: what the clause patterns (:mod:`.patterns`, :mod:`.life`,
:mod:`.relations`, :mod:`.self_report`) yield and :mod:`.assemble` turns into intervals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.state import Span
from worldstate.state.timeline import Modality, Predicate

RELEASE = ""  # subject of a HOLDS change that leaves the object with nobody


@dataclass
class Change:
    """One state told in one sentence (assembled into intervals by :mod:`.assemble`)."""

    subject: str
    predicate: Predicate
    value: str
    sentence: int
    evidence: Span
    modality: Modality = Modality.ASSERTED
    holder: str | None = None
    value_text: str = ""
    object_lemma: str = ""  # HOLDS: the held thing's head noun
    present_tense: bool = False  # told in the present tense (generic in a story told in the past)
    active: bool = True  # the subject acts (went, took); False when acted on (carried, given)
    inferred: str = ""  # '' when told; else the reading that inferred it (see StateInterval.inferred)


def make_change(
    view: SentenceView, anchor: Token, subject: str, predicate: Predicate, value: str, *toks: Token, **kw: Any
) -> Change:
    """A :class:`Change` told at ``anchor`` (its modality, its tense), with evidence from ``anchor`` to ``toks``."""
    modality, holder = view.modality(anchor)
    present = anchor.tag_ in ("VBZ", "VBP") or any(
        c.dep_ in ("aux", "auxpass") and c.tag_ in ("VBZ", "VBP") for c in anchor.children
    )
    return Change(
        subject, predicate, value, view.index, view.span(anchor, *toks), modality, holder, present_tense=present, **kw
    )
