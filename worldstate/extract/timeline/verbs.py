"""Verb classes: what a clause's verb does to who holds a thing and where it is.

The classes come from WordNet 3.0 (``data/verb_classes.json``, built by ``scripts/build_verb_classes.py``);
the hand lists of ``resources/data/patterns.yaml`` are the seeds and overrides (read first), and
``possession.class_exclude`` takes out the WordNet members whose story sense is another.

- ``acquire``: the subject holds the object ("bought a cow", "borrowed the scales");
- ``give``: the recipient holds the object ("gave her the ring", "the ring was given to her");
- ``lose``: nobody holds the object ("lost the key", "threw away the bag");
- ``retain`` (read as ``acquire``): the subject holds what it keeps or holds ("held the lamp", "saved the coin");
- ``exchange`` (read as ``give``): the object goes, what it was traded "for" comes ("traded the cow for a hen");
- ``consume`` (read as ``lose``): the object is eaten, drunk or destroyed ("gobbled it up", "burnt the letter");
- ``put``: the object is at the oblique place ("laid it on the wound", "hid the ring in the cake");
- ``carry``: the subject holds the object and both go to the oblique place ("carried the sack home");
- ``motion``: the subject goes to the oblique place ("went to the castle").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_json, load_yaml
from worldstate.resources.words import Words

Token = object  # a spaCy Token

ACQUIRE, GIVE, LOSE, PUT, CARRY, MOTION = "acquire", "give", "lose", "put", "carry", "motion"
CONSUME = "consume"  # WordNet's class of eating and destroying: nobody holds what is consumed
EXCHANGE = "exchange"  # WordNet's class of trading one thing for another: a giving (what is got for it: "for")
RETAIN = "retain"  # WordNet's class of holding and keeping: an acquiring whose agentless passive takes nothing
PARTICLES = frozenset({"away", "back", "off", "out", "up", "down", "over"})  # adverbs that may be particles


@dataclass(frozen=True)
class VerbClasses:
    """WordNet's verb classes (lemma or ``lemma_particle`` → class) and its noun classes."""

    verbs: dict[str, str]
    excluded: frozenset[str]
    things: frozenset[str]  # nouns of a physical thing one can hold or move
    body: frozenset[str]  # nouns of a body part ("arms", "lap")


@lru_cache(maxsize=1)
def verb_classes() -> VerbClasses:
    """The classes of ``data/verb_classes.json`` less ``possession.class_exclude`` of ``patterns.yaml``."""
    data = load_json("extract.timeline", "data/verb_classes.json")
    verbs = {lemma: name for name, lemmas in data["classes"].items() for lemma in lemmas}
    raw = load_yaml("resources", "data/patterns.yaml")
    excluded = frozenset(raw["possession"].get("class_exclude", []))
    return VerbClasses(verbs, excluded, frozenset(data["nouns"]["thing"]), frozenset(data["nouns"]["body"]))


def particle(verb: Token) -> str:
    """The verb's particle ("picked up", "threw away"), lower case, or ''."""
    prt = next((c for c in verb.children if c.dep_ == "prt"), None)  # type: ignore[attr-defined]
    if prt is None:  # the parser often makes "away", "back" an adverb: "threw away the bag"
        prt = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ in PARTICLES), None)  # type: ignore[attr-defined]
    return prt.lower_ if prt is not None else ""


def class_of(verb: Token, w: Words) -> str | None:
    """The class of a verb token: a verb of consuming (lose, with any particle: "ate it up"), else a WordNet
    particle verb ("put_back", "throw_away"), else the hand lists of ``patterns.yaml`` (give, lose, take),
    else WordNet's class of the lemma (its ``consume`` read as lose: "gobbled the cake", "wrecked the cart")."""
    lemma = verb.lemma_.lower()  # type: ignore[attr-defined]
    classes = verb_classes()
    if lemma in w.consume_verbs:  # "ate it up", "burnt it up": what is consumed is gone, whatever the particle
        return LOSE
    prt = particle(verb)
    if prt and f"{lemma}_{prt}" in classes.verbs and f"{lemma}_{prt}" not in classes.excluded:
        return _read_as(classes.verbs[f"{lemma}_{prt}"])
    if lemma in w.give_verbs:
        return GIVE
    if lemma in w.lose_verbs or lemma in w.consume_verbs:
        return LOSE
    if lemma in w.take_verbs:
        return ACQUIRE
    if lemma in classes.excluded:
        return None
    return _read_as(classes.verbs.get(lemma))


def _read_as(name: str | None) -> str | None:
    """A WordNet class as the possession readings take it: what is consumed is lost to its holder, what is
    traded is given, what is kept is had."""
    return {CONSUME: LOSE, EXCHANGE: GIVE, RETAIN: ACQUIRE}.get(name or "", name)


def wordnet_class(verb: Token) -> str | None:
    """WordNet's own class of the verb's lemma (``acquire``, ``retain``, ``consume`` …), or None."""
    return verb_classes().verbs.get(verb.lemma_.lower())  # type: ignore[attr-defined]


def carried_only(verb: Token) -> bool:
    """A verb the hand lists call giving that WordNet calls carrying ("bring"): with no one to receive
    the thing, the subject still has it."""
    return verb_classes().verbs.get(verb.lemma_.lower()) == CARRY  # type: ignore[attr-defined]


def is_thing_noun(lemma: str) -> bool:
    """A noun of a physical thing (WordNet: artifact, object, food, plant, substance, animal, possession)."""
    return lemma in verb_classes().things


def is_body_noun(lemma: str) -> bool:
    """A noun of a body part ("arms", "lap", "hand")."""
    return lemma in verb_classes().body


def is_bare_verb(tok: Token, w: Words) -> bool:
    """A word the tagger took for a noun that is the bare verb of "let/make/see X <verb>" ("he let the golden
    band drop into it"): a complement of such a verb, with a subject of its own and a verb class."""
    if tok.pos_ not in ("NOUN", "ADJ") or tok.dep_ not in ("ccomp", "xcomp"):  # type: ignore[attr-defined]
        return False
    if tok.head.lemma_.lower() not in w.bare_verb_heads:  # type: ignore[attr-defined]
        return False
    if not any(c.dep_ == "nsubj" for c in tok.children):  # type: ignore[attr-defined]
        return False
    lemma = tok.lemma_.lower()  # type: ignore[attr-defined]
    return lemma in w.motion_verbs or lemma in w.self_moving_release or lemma in verb_classes().verbs
