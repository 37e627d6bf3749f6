"""Coordinated things share a holding: "gave Anna the ring and the sword", "asked for the silk and the gold
thread; put both into their knapsacks".

The possession patterns read the head of a verb's object (or the antecedent of its 'it', 'them', 'both'),
which is the first of coordinated nouns. For each holding so read, the nouns coordinated with that head
(its conjuncts, each one the possession patterns call holdable) are held the same way, with the same
evidence.
"""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.patterns import holdable
from worldstate.state.timeline import Predicate

LOOK_BACK = 2  # sentences before the holding's own where its noun may stand ('both' for earlier nouns)


def conjoined_holdings(view: SentenceView, changes: list[Change]) -> list[Change]:
    """The holdings of the nouns coordinated with the held noun of each HOLDS change of ``view``."""
    out: list[Change] = []
    for change in changes:
        if change.predicate != Predicate.HOLDS or change.sentence != view.index or not change.object_lemma:
            continue
        found = _held_noun(view, change)
        if found is None:
            continue
        where, noun = found
        for conj in noun.conjuncts:
            thing = holdable(where, conj, resolve_it=False)
            if thing is None or thing[0] in (change.value, change.subject):
                continue
            value, text, lemma = thing
            out.append(replace(change, value=value, value_text=text, object_lemma=lemma))
    return out


def _held_noun(view: SentenceView, change: Change) -> tuple[SentenceView, Token] | None:
    """The noun a HOLDS change reads: its lemma and phrase, in its sentence (the evidence first) or the
    two before."""
    where: SentenceView | None = view
    for _ in range(LOOK_BACK + 1):
        if where is None:
            return None
        nouns = [t for t in where.doc if t.pos_ == "NOUN" and t.lemma_.lower() == change.object_lemma]
        nouns = [t for t in nouns if where.phrase(t) == change.value_text]
        if where is view:
            inside = [t for t in nouns if change.evidence.start <= view.offset + t.idx < change.evidence.end]
            nouns = inside or nouns
        if nouns:
            return where, nouns[0]
        where = where.previous
    return None
