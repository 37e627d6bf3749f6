"""A wedding told without its couple: "Thereupon the wedding was celebrated", "they held the marriage".

A wedding noun (``wedding_nouns`` of ``data/kin_readings.yaml``, from WordNet) that a clause says took place
(its subject: "the wedding was celebrated", "the marriage took place"; its object: "celebrated the wedding";
"there was a wedding") marries the couple the story has betrothed: the factual betrothals told before (in
``changes``), of two characters not yet told married to each other, the latest of each party only. With a
character for possessor or "of" ("the king's wedding", "the wedding of the shepherd") it is a betrothal of that party; else ("their wedding", none) the couple both
of whose parties were mentioned latest before the wedding, then the latest told. The clause's modality is
the marriage's ("the wedding was to be held on Sunday" marries no one yet).
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.data import word_set
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways
from worldstate.extract.timeline.scan import each_token, factual_relations
from worldstate.resources.values import MARRIED

_BETROTHED, _MARRIED = "betrothed_to", "married_to"
_ARGUMENTS = ("nsubj", "nsubjpass", "dobj")


def wedding_nouns() -> frozenset[str]:
    return word_set("extract.timeline", "data/kin_readings.yaml", "wedding_nouns")


def weddings(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """The marriages told by weddings without their couple, read against the relations of ``changes``."""
    told = factual_relations(changes)
    return each_token(views, lambda view, tok: wedding(view, tok, told))


def wedding(view: SentenceView, noun: Token, told: list[Change]) -> Iterator[Change]:
    """The marriage ``noun`` tells when it is a wedding that takes place, of the couple it finds."""
    verb = _taking_place(noun)
    if verb is None:
        return
    of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    named = next((c for c in noun.children if c.dep_ == "poss"), None) or next(
        (c for c in (of.children if of is not None else ()) if c.dep_ == "pobj"), None
    )
    owner = view.who(named)
    owners = {owner} if owner and view.kind(owner) == "character" else set()  # "their wedding": the couple's
    couple = _couple(view, _engaged(told, view.index), owners)
    if couple is not None:
        yield from both_ways(view, verb, couple[0], _MARRIED, couple[1], noun, value_text=MARRIED)


def _taking_place(noun: Token) -> Token | None:
    """The clause verb that says the wedding ``noun`` took place, else None."""
    if noun.lemma_.lower() not in wedding_nouns() or noun.tag_ != "NN":
        return None
    head = noun.head
    if head.pos_ not in ("VERB", "AUX") or head.dep_ == "xcomp" or _infinitive(head):
        return None  # "was to be held", "wanted to celebrate the wedding": planned, not yet held
    if noun.dep_ in _ARGUMENTS and not (noun.dep_ == "dobj" and head.lemma_ in ("prepare", "plan", "arrange")):
        return head
    if noun.dep_ == "attr" and head.lemma_ == "be" and any(c.dep_ == "expl" for c in head.children):
        return head  # "there was a great wedding"
    return None


def _infinitive(verb: Token) -> bool:
    """The verb, or the verb its "be" governs ("was to be held"), has an infinitive "to"."""
    return any(c.tag_ == "TO" for v in [verb, *(x for x in verb.children if x.dep_ == "xcomp")] for c in v.children)


def _engaged(told: list[Change], sentence: int) -> list[tuple[str, str, int]]:
    """(one, other, sentence told) of each betrothal told up to ``sentence``, the latest of each party, of a
    couple not told married to each other."""
    latest: dict[str, Change] = {}
    married: set[tuple[str, str]] = set()
    for c in told:
        if c.sentence > sentence:
            break
        kind, _, other = c.value.partition("=")
        if kind == _BETROTHED:
            latest[c.subject] = c
        elif kind == _MARRIED:
            married.add((c.subject, other))
    out = []
    for who, c in latest.items():
        other = c.value.partition("=")[2]
        mine = latest.get(other)
        if (who, other) in married or mine is None or mine.value != f"{_BETROTHED}={who}" or who > other:
            continue
        out.append((who, other, max(c.sentence, mine.sentence)))
    return out


def _couple(view: SentenceView, engaged: list[tuple[str, str, int]], owners: set[str]) -> tuple[str, str] | None:
    """The betrothed couple the wedding is of: one of ``owners`` when given, else the one whose parties were
    both mentioned latest, then the latest told."""
    if owners:
        engaged = [e for e in engaged if e[0] in owners or e[1] in owners]
    if not engaged:
        return None
    last = _last_mentions(view)
    pair = max(engaged, key=lambda e: (min(last.get(e[0], -1), last.get(e[1], -1)), e[2]))
    return pair[0], pair[1]


def _last_mentions(view: SentenceView) -> dict[str, int]:
    """Entity → the last sentence up to this one it is mentioned in."""
    out: dict[str, int] = {}
    for m in view.story.mentions:
        if m.sentence <= view.index and m.sentence >= out.get(m.entity, -1):
            out[m.entity] = m.sentence
    return out
