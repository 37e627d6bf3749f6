"""Going back and going home: "she went back" is at the place she was at before the one she is at;
"the old woman went home" is at the place she lives in ("lived in a little house"), when the story told it.

A sentence reader (:func:`gone_back`) marks a motion back with no place of its own (``@back``); a second
reader (:func:`dwellings`) reads each character's home from a dwelling verb (WordNet's ``dwell`` class of
``data/company_verbs.json``: live, dwell, reside, lodge …), with those who live there with it; and
:func:`resolve_returns` turns each mark into the earlier place, and each told "home" into the home's place
(its text "home (a little house)"), over the changes in story order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.company_place import company_verbs, is_told_verb
from worldstate.extract.timeline.patterns import location
from worldstate.extract.timeline.place_words import JOIN
from worldstate.extract.timeline.readers import VERB_TAGS, read_tokens
from worldstate.extract.timeline.verbs import MOTION, class_of, particle
from worldstate.state.timeline import Predicate

BACK = "@back"  # value of a motion back before it is resolved
RETURNED = "returned"  # the reading's name (StateInterval.inferred)
PEOPLE = ("character", "group")
HOME = "home"


@dataclass(frozen=True)
class Home:
    """Where one lives, told in ``sentence``."""

    value: str
    text: str
    sentence: int


def gone_back(view: SentenceView) -> list[Change]:
    """Every motion back of one sentence that names no place and no one gone to ("went back", "came back",
    "returned")."""
    return read_tokens(view, lambda _view, tok: (_back,) if tok.pos_ in VERB_TAGS else ())


def _back(view: SentenceView, verb: Token) -> Iterator[Change]:
    lemma = verb.lemma_.lower()
    moving = lemma in view.w.motion_verbs or class_of(verb, view.w) == MOTION
    if not (lemma == "return" or (moving and particle(verb) == "back")) or not is_told_verb(verb):
        return
    if any(c.dep_ == "dobj" for c in verb.children):  # "returned the ring": a giving back
        return
    preps = [c for c in verb.children if c.dep_ == "prep"]
    preps += [p for a in verb.children if a.dep_ in ("prt", "advmod") for p in a.children if p.dep_ == "prep"]
    to_whom = [p for prep in preps for p in prep.children if p.dep_ == "pobj"]
    if any(view.kind(view.ent(p)) in PEOPLE for p in to_whom):  # "ran back to her": where she is (joined)
        return
    mover = view.agent(verb)
    if not mover or view.kind(mover) not in PEOPLE:
        return
    if any(c.subject == mover for c in location(view, verb)):  # "went back to the castle", "came back home"
        return
    yield make_change(view, verb, mover, Predicate.LOCATION, BACK, verb, inferred=RETURNED)


def dwellings(views: list[SentenceView], members: dict[str, set[str]]) -> dict[str, list[Home]]:
    """Entity → the homes the story tells, in story order: the place of a dwelling verb's subject ("lived in
    a little hut"), its company ("with his wife and two children") and, for a group, its ``members``."""
    homes: dict[str, list[Home]] = {}
    dwell = company_verbs()["dwell"]
    for view in views:
        for verb in view.doc:
            if verb.pos_ not in VERB_TAGS or verb.lemma_.lower() not in dwell:
                continue
            for c in location(view, verb):
                if not c.value or c.value.startswith(("@", JOIN)) or not c.modality.factual or c.value == HOME:
                    continue
                home = Home(c.value, c.value_text or c.value, view.index)
                for who in {c.subject, *_company(view, verb), *members.get(c.subject, set())}:
                    homes.setdefault(who, []).append(home)
    return homes


def _company(view: SentenceView, verb: Token) -> list[str]:
    """The people of the verb's "with" phrase ("lived with her mother in a little hut")."""
    found = [
        view.ent(p)
        for prep in verb.children
        if prep.dep_ == "prep" and prep.lower_ == "with"
        for pobj in prep.children
        if pobj.dep_ == "pobj"
        for p in (pobj, *pobj.conjuncts)
    ]
    return [e for e in found if e and view.kind(e) in PEOPLE]


def resolve_returns(changes: list[Change], homes: dict[str, list[Home]]) -> list[Change]:
    """``changes`` with each ``@back`` made the mover's place before its latest one (left out when there is
    none) and each told "home" made the home's place (kept "home" when no home was told before it)."""
    history: dict[str, list[Change]] = {}  # entity → its factual places so far, in order
    out: list[Change] = []
    for c in sorted(changes, key=lambda c: (c.sentence, c.evidence.start, c.evidence.end)):
        if c.predicate != Predicate.LOCATION or c.value.startswith(JOIN):
            out.append(c)
            continue
        if c.value == BACK:
            c = _earlier(c, history.get(c.subject, []))
            if c is None:
                continue
        elif c.value == HOME:
            told = [h for h in homes.get(c.subject, []) if h.sentence <= c.sentence]
            if told:
                c = replace(c, value=told[-1].value, value_text=f"home ({told[-1].text})")
        if c.modality.factual and c.value:
            history.setdefault(c.subject, []).append(c)
        out.append(c)
    return out


def _earlier(c: Change, places: list[Change]) -> Change | None:
    """The mark ``c`` given the last place before the entity's latest one, or None."""
    if not places:
        return None
    now = places[-1].value
    before = next((p for p in reversed(places) if p.value != now), None)
    if before is None:
        return None
    return replace(c, value=before.value, value_text=before.value_text)
