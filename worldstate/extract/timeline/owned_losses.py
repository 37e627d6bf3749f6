"""Counts someone has that change: "a king who had three sons … one of them died" leaves him two.

An owned count ("had three sons", "his seven kids": :func:`.patterns.count`, a COUNT state on its owner
keyed by the noun) is lowered when the story tells a member of it going: killed, dead or gone away
(:func:`.tally.leaves`), or parted with by its owner (given, sold, lost: :mod:`.parting`). A member is
named by the counted noun ("the eldest son died": one), by "one/two of them" (the count told last, in
this sentence or the three before), or by "one of the horses" / "one of his sons". Each member phrase
lowers the count once ("the eldest son" dies once, however often it is told). The new count keeps the
change told (``value_text`` ``-1``), so the timeline's continuity rule leaves it alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.numbers import number_before, number_value
from worldstate.extract.timeline.parting import parted_with
from worldstate.extract.timeline.tally import STORY, leaves, told
from worldstate.state.timeline import Modality, Predicate

_RECENT = 3  # sentences back that "one of them" may reach for the count it takes from


@dataclass
class _Owned:
    """One owner's count of one noun, as the story has told it so far."""

    owner: str
    noun: str
    n: int
    sentence: int
    gone: set[str] = field(default_factory=set)  # the member phrases already taken off


def owned_losses(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """Every lowering of an owned count told in the story's sentences (in story order)."""
    told_counts = sorted(
        (c for c in changes if _owned_count(c)), key=lambda c: (c.sentence, c.evidence.start), reverse=True
    )
    owned: dict[tuple[str, str], _Owned] = {}
    out: list[Change] = []
    for view in views:
        while told_counts and told_counts[-1].sentence <= view.index:
            c = told_counts.pop()
            noun, _, n = c.value.partition("=")
            owned[(c.subject, noun)] = _Owned(c.subject, noun, int(float(n)), c.sentence)
        if not owned:
            continue
        for tok in view.doc:
            out += _lowered(view, tok, owned)
    return out


def _owned_count(change: Change) -> bool:
    """A count its owner has ('king' son=3), told as a fact, not a group of the story or a tally."""
    key = change.value.partition("=")[0]
    factual = change.modality.factual and not change.value_text
    return change.predicate == Predicate.COUNT and change.subject != STORY and " " not in key and factual


def _lowered(view: SentenceView, tok: Token, owned: dict[tuple[str, str], _Owned]) -> list[Change]:
    """The lowering ``tok`` tells when it names members of an owned count that go, else none."""
    member = _members(view, tok, owned)
    if member is None:
        return []
    count, n = member
    verb = tok.head
    if not told(view, verb).factual or not (leaves(tok, view) or parted_with(view, tok, count.owner)):
        return []
    identity = view.phrase(tok).lower()
    if identity in count.gone:
        return []
    count.gone.add(identity)
    count.n = max(0, count.n - n)
    change = make_change(view, verb, count.owner, Predicate.COUNT, f"{count.noun}={count.n}", tok)
    return [replace(change, modality=Modality.ASSERTED, holder=None, value_text=f"-{n}")]


def _members(view: SentenceView, tok: Token, owned: dict[tuple[str, str], _Owned]) -> tuple[_Owned, int] | None:
    """(the owned count, how many of it) ``tok`` names: "the eldest son" (1), "one of them", "two of
    his sons", "two coins" (of the verb's agent); None when it names none."""
    lemma = tok.lemma_.lower()
    of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if pobj is not None and (lemma == "one" or tok.like_num):
        n = 1 if lemma == "one" else number_value([tok.text])
        count = _recent(view, owned) if pobj.lower_ == "them" else _of_noun(view, pobj, owned)
        return (count, int(n)) if count is not None and n else None
    if tok.tag_ == "NN" and pobj is None and not any(c.dep_ == "nummod" for c in tok.children):
        count = _of_noun(view, tok, owned)
        return (count, 1) if count is not None else None
    counted = number_before(tok) if tok.tag_ == "NNS" and tok.dep_ == "dobj" else None
    if counted is not None:  # "gave two coins to the beggar": the agent's own count
        count = owned.get((view.agent(tok.head) or "", lemma))
        return (count, counted[0]) if count is not None and count.n >= counted[0] else None
    return None


def _of_noun(view: SentenceView, noun: Token, owned: dict[tuple[str, str], _Owned]) -> _Owned | None:
    """The owned count of the noun's lemma: its possessor's, else the only owner's that has one."""
    lemma = noun.lemma_.lower()
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    if poss is not None:
        return owned.get((view.who(poss) or "", lemma))
    found = [c for c in owned.values() if c.noun == lemma]
    return found[0] if len(found) == 1 else None


def _recent(view: SentenceView, owned: dict[tuple[str, str], _Owned]) -> _Owned | None:
    """The count told last, if it was told in this sentence or the few before ("one of them")."""
    latest = max(owned.values(), key=lambda c: c.sentence)
    return latest if view.index - latest.sentence <= _RECENT else None
