"""Where one is by whom one is with: one who follows another goes where that one is ("the huntsman followed
him", "she accompanied the old woman", "the princess went with him"), and one spoken to is where the speaker
is ("there he spoke to the princess", "said the witch to Hansel").

The verb classes come from WordNet 3.0 (``data/company_verbs.json``, built by
``scripts/build_company_verbs.py``). Each reading yields a ``joined`` place (``@joins:`` the other), which
:func:`.inferred.settle` resolves to where the other is then; a place the same sentence tells wins.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from worldstate.data import load_json
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, is_reflexive
from worldstate.extract.timeline.patterns import location
from worldstate.extract.timeline.place_words import JOIN
from worldstate.extract.timeline.readers import VERB_TAGS, read_tokens
from worldstate.extract.timeline.verbs import MOTION, class_of
from worldstate.state.timeline import Predicate

FOLLOWED, SPOKEN_TO = "followed", "spoken_to"  # the readings' names (StateInterval.inferred)
PEOPLE = ("character", "group")
EMBEDDED = frozenset({"acl", "relcl", "xcomp", "ccomp", "pcomp"})  # "had seen talking to her father": not told


def is_told_verb(verb: Token) -> bool:
    """A verb the narration tells as an event: not a participle of another clause ("seen talking to")."""
    return verb.tag_ != "VBG" and verb.dep_ not in EMBEDDED


@lru_cache(maxsize=1)
def company_verbs() -> dict[str, frozenset[str]]:
    """Class name (``follow``, ``speak``, ``dwell``) → its verbs (lemmas, or ``lemma_particle``)."""
    data = load_json("extract.timeline", "data/company_verbs.json")
    return {name: frozenset(lemmas) for name, lemmas in data["classes"].items()}


def company_places(view: SentenceView) -> list[Change]:
    """Every follower's and every addressee's joined place of one sentence."""
    return read_tokens(view, lambda _view, tok: (_followed, _went_with, _spoken_to) if tok.pos_ in VERB_TAGS else ())


def _followed(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'followed him', 'accompanied the old woman': the subject is where the one followed is."""
    if verb.lemma_.lower() not in company_verbs()["follow"] or not is_told_verb(verb):
        return
    obj = next((c for c in verb.children if c.dep_ == "dobj" and not is_reflexive(c)), None)
    led, follower = view.ent(obj), view.agent(verb)
    if obj is None or not led or not follower or led == follower:
        return
    if view.kind(led) in PEOPLE and view.kind(follower) in PEOPLE:
        yield make_change(view, verb, follower, Predicate.LOCATION, JOIN + led, obj, inferred=FOLLOWED)


def _went_with(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'the princess went with him': one who goes with another, to no place of its own, is where that one is."""
    lemma = verb.lemma_.lower()
    if lemma in view.w.static_verbs or (lemma not in view.w.motion_verbs and class_of(verb, view.w) != MOTION):
        return
    if not is_told_verb(verb):
        return
    mover = view.agent(verb)
    if not mover or view.kind(mover) not in PEOPLE or any(c.subject == mover for c in location(view, verb)):
        return
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "with"):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        other = view.ent(pobj)
        if pobj is not None and other and other != mover and view.kind(other) in PEOPLE:
            yield make_change(view, verb, mover, Predicate.LOCATION, JOIN + other, pobj, inferred=FOLLOWED)
            return


def _spoken_to(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'spoke to the princess', 'said the witch to Hansel': the one spoken to is where the speaker is."""
    if verb.lemma_.lower() not in company_verbs()["speak"] or not is_told_verb(verb):
        return
    speaker = view.agent(verb)
    if not speaker or view.kind(speaker) not in PEOPLE:
        return
    for prep in (c for c in verb.children if c.dep_ in ("prep", "dative") and c.lower_ == "to"):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        hearer = view.ent(pobj)
        if pobj is not None and hearer and hearer != speaker and view.kind(hearer) in PEOPLE:
            yield make_change(view, verb, hearer, Predicate.LOCATION, JOIN + speaker, pobj, inferred=SPOKEN_TO)


def keep_fresh(changes: list[Change]) -> list[Change]:
    """``changes`` less each addressee's joined place where the addressee's own place was told (or
    inferred) after the speaker's: the one whose place the story gave last sets the scene."""
    told: dict[str, int] = {}  # entity → sentence of its latest factual place
    drop: set[int] = set()
    for c in sorted(changes, key=lambda c: (c.sentence, c.evidence.start)):
        if c.predicate != Predicate.LOCATION or not c.modality.factual:
            continue
        if c.inferred == SPOKEN_TO and c.value.startswith(JOIN):
            speaker = c.value.removeprefix(JOIN)
            if told.get(c.subject, -1) > told.get(speaker, -1):
                drop.add(id(c))
        elif c.value and not c.value.startswith(("@", JOIN)):
            told[c.subject] = c.sentence
    return [c for c in changes if id(c) not in drop]
