"""Someone moved or held by another is where that one puts them: "led her home" (the parser's "her home"),
"tied her to the manger", "fastened her up to the manger", "set the boy on the bench"; and one who goes with
another goes where that one goes ("the king rode to the castle with his daughter")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, is_personal_pronoun, is_reflexive
from worldstate.extract.timeline.patterns import location, place_of, place_phrase
from worldstate.extract.timeline.place_words import ALONG, ATTACHED, JOIN, JOINED, PUT_ON, place_verbs, worn_nouns
from worldstate.extract.timeline.places import is_artifact_noun, is_place_noun
from worldstate.extract.timeline.verbs import CARRY, MOTION, PUT, class_of, is_body_noun
from worldstate.state.timeline import Predicate

LEAD = frozenset({"lead", "take", "bring", "carry", "drag", "send", "fetch"})  # with WordNet's carry class
TIED_TO = frozenset({"to", "onto", "unto"})  # "tied her to the manger"
PEOPLE = ("character", "group")


def along(view: SentenceView, verb: Token) -> Iterator[Change]:
    """The inferred places of one verb's object."""
    yield from _led_home(view, verb)
    yield from _attached(view, verb)
    yield from _put_on(view, verb)
    yield from _with_company(view, verb)
    yield from _to_someone(view, verb)


def _led_home(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'led her home': the parser makes "her" the possessor of "home"; a leading verb has no other object,
    so she is the one led, and goes home."""
    if verb.lemma_.lower() not in LEAD and class_of(verb, view.w) != CARRY:
        return
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    if len(objs) != 1 or objs[0].lower_ != "home":
        return
    poss = next((c for c in objs[0].children if c.dep_ == "poss" and c.lower_ == "her"), None)
    led = view.ent(poss)
    if led is None or led == view.agent(verb) or view.kind(led) not in PEOPLE:
        return
    yield make_change(
        view, verb, led, Predicate.LOCATION, "home", objs[0], value_text="home", active=False, inferred=ALONG
    )


def _attached(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'tied her (up) to the manger', 'the goat was tethered to a post': the one tied is at the thing."""
    if verb.lemma_.lower() not in place_verbs()["attach"]:
        return
    tied = _patient(view, verb)
    if tied is None:
        return
    yield from attached_at(view, verb, tied, TIED_TO, tied)


def _put_on(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'set the boy on the bench', 'laid the child in the cradle': a person put at a thing is there (a place
    noun is the clause patterns' own reading)."""
    lemma = verb.lemma_.lower()
    if class_of(verb, view.w) != PUT and lemma not in view.w.static_verbs and lemma != "set":
        return
    obj = next((c for c in verb.children if c.dep_ == "dobj" and not is_reflexive(c)), None)
    put = view.ent(obj)
    if put is None or obj is None or view.kind(put) not in PEOPLE:
        return
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if class_of(verb, view.w) != PUT and (subj is None or subj.i > verb.i or obj.i < verb.i):
        return  # "in the woods stood a fir", "there sat a woman": the one who stands, not one stood there
    for prep in _preps(verb):
        if prep.lower_ not in view.w.static_preps:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = spot(view, pobj, put)
        if place is not None and pobj is not None and place[0] != put:
            yield make_change(
                view, verb, put, Predicate.LOCATION, place[0], pobj, value_text=place[1], active=False, inferred=PUT_ON
            )
            return


def _with_company(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'rode to the castle with his daughter': the company of a motion's "with" goes where its subject goes."""
    company = [
        p
        for prep in verb.children
        if prep.dep_ == "prep" and prep.lower_ == "with"
        for pobj in prep.children
        if pobj.dep_ == "pobj"
        for p in (pobj, *pobj.conjuncts)
    ]
    people = [e for e in dict.fromkeys(view.ent(p) for p in company) if e and view.kind(e) in PEOPLE]
    if not people or verb.lemma_.lower() in view.w.static_verbs:
        return
    agent = view.agent(verb)
    gone = next((c for c in location(view, verb) if c.subject == agent and c.value), None)
    if gone is None or not gone.modality.factual:
        return
    for person in people:
        if person != agent:
            yield replace(gone, subject=person, inferred=ALONG)


def _to_someone(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'went to his mother', 'the witch came up to her': the one who goes is where that one is (resolved
    from the timeline by :func:`.inferred.settle`)."""
    lemma = verb.lemma_.lower()
    if lemma in view.w.static_verbs or (lemma not in view.w.motion_verbs and class_of(verb, view.w) != MOTION):
        return
    mover = view.agent(verb)
    if mover is None or view.kind(mover) not in PEOPLE:
        return
    for prep in _preps(verb):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if prep.lower_ != "to" or pobj is None:
            continue
        person = view.ent(pobj)
        if person and person != mover and view.kind(person) in PEOPLE:
            yield make_change(view, verb, mover, Predicate.LOCATION, JOIN + person, pobj, inferred=JOINED)
        return


def _patient(view: SentenceView, verb: Token) -> str | None:
    """The one acted on: the object, or a passive's subject ("she was tied to the post")."""
    tok = next((c for c in verb.children if c.dep_ == "dobj" and not is_reflexive(c)), None)
    if tok is None:
        tok = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    return view.ent(tok)


def attached_at(
    view: SentenceView, verb: Token, held: str, words: frozenset[str], near: str | None
) -> Iterator[Change]:
    """``held`` fastened by ``verb`` is at the first place a preposition of ``words`` names (the place found
    near ``near``; never ``held`` itself), an attached location."""
    for prep in _preps(verb):
        if prep.lower_ not in words:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        place = spot(view, pobj, near)
        if place is not None and pobj is not None and place[0] != held:
            yield make_change(
                view,
                verb,
                held,
                Predicate.LOCATION,
                place[0],
                pobj,
                value_text=place[1],
                active=False,
                inferred=ATTACHED,
            )
            return


def _preps(verb: Token) -> list[Token]:
    """The verb's prepositions, and those under a particle or adverb ("fastened her up to the manger")."""
    out = [c for c in verb.children if c.dep_ == "prep"]
    out += [p for a in verb.children if a.dep_ in ("prt", "advmod", "prep") for p in a.children if p.dep_ == "prep"]
    return sorted(out, key=lambda t: t.i)


def spot(view: SentenceView, noun: Token | None, mover: str | None = None) -> tuple[str, str] | None:
    """(value, text) of a place or a made or growing thing one can be at ("the manger", "a bush", "the stove");
    not a person, a body part, a pronoun, a thing of nature one is only in ("the warm sun"), what one wears
    ("in white garments"), nor a thing of the ``mover``'s own ("laid the letter in his pocket")."""
    if noun is None or noun.pos_ not in ("NOUN", "PROPN") or is_personal_pronoun(noun):
        return None
    place = place_of(view, noun, static=True)
    if place is not None:
        return place
    ent = view.ent(noun)
    lemma = noun.lemma_.lower()
    if view.kind(ent) in PEOPLE or is_body_noun(lemma):
        return None
    if is_place_noun(lemma, noun.lower_):  # "sat in the corner": a part of a place
        return ent or lemma, place_phrase(view, noun)
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if not is_artifact_noun(lemma, noun.lower_) or lemma in worn_nouns():
        return None
    if mover and owner is not None and view.ent(owner) == mover:
        return None
    return ent or lemma, place_phrase(view, noun)


def is_place_spot(view: SentenceView, noun: Token) -> bool:
    """True when the spot ``noun`` is a place of its own, not a thing one is at inside a place (furniture:
    "stood by the bed", "sat down on a chair")."""
    lemma = noun.lemma_.lower()
    if lemma in view.w.furniture:
        return False
    return place_of(view, noun, static=True) is not None or is_place_noun(lemma, noun.lower_)
