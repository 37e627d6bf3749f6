"""Coordinated things share a holding: "gave Anna the ring and the sword", "asked for the silk and the gold
thread; put both into their knapsacks".

The possession patterns read the head of a verb's object (or the antecedent of its 'it', 'them', 'both'),
which is the first of coordinated nouns. For each holding so read, the nouns coordinated with that head
(its conjuncts, each a physical thing the possession patterns call holdable) are held the same way, with
the same evidence; not alternatives ("the ring or the sword", "neither a train nor a crown").
"""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.verbs import is_thing_noun
from worldstate.state.timeline import Predicate

LOOK_BACK = 2  # sentences before the holding's own where its noun may stand ('both' for earlier nouns)


def conjoined_holdings(view: SentenceView, changes: list[Change]) -> list[Change]:
    """The holdings of the nouns coordinated with the held noun of each HOLDS change of ``view``."""
    out: list[Change] = []
    for change in changes:
        if change.predicate != Predicate.HOLDS or change.sentence != view.index or not _of_a_thing(view, change):
            continue
        found = _held_noun(view, change)
        if found is None:
            continue
        where, noun = found
        if any(c.dep_ == "preconj" for c in noun.children):
            continue  # "had neither a train nor a crown", "either the ring or the sword"
        for conj in noun.conjuncts:
            thing = holdable(where, conj, resolve_it=False)
            if thing is None or thing[0] in (change.value, change.subject) or _alternative(conj):
                continue
            if not is_thing_noun(thing[2]) and thing[2] not in view.w.animate:
                continue
            value, text, lemma = thing
            out.append(replace(change, value=value, value_text=text, object_lemma=lemma))
    return out


def _of_a_thing(view: SentenceView, change: Change) -> bool:
    """A holding of a physical thing or a beast ("walked with a forward thrust of his head and a general air":
    a thrust is none, and the air is not carried with it)."""
    return is_thing_noun(change.object_lemma) or change.object_lemma in view.w.animate


def _alternative(conj: Token) -> bool:
    """A conjunct joined by 'or' / 'nor' ("the ring or the sword"): not both are held."""
    return any(c.dep_ == "cc" and c.lower_ in ("or", "nor") for c in (*conj.children, *conj.head.children))


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
