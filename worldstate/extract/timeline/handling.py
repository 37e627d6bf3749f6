"""Manual handling: who holds a thing after working it with the hands, taking it off something, or
vanishing with it.

The possession classes of :mod:`.verbs` read giving, taking and putting; stories also tell a holding by a
verb of contact. Four classes from WordNet 3.0 (``data/handling.json``, built by
``scripts/build_handling_verbs.py``) read it, for a verb the possession classes leave out (no class, or
a motion only by a particle reading: "pulled out"):

- ``remove``: "tore the star off the tree", "pulled the nail out of the board", "tore off the golden star":
  with a source phrase (off, from, out of) or an off/out/away particle, the subject holds the object;
- ``rub``: "polished the lamp", "wiped the dirt off the soldier": the subject holds what is rubbed (the
  source of "wiped X off Y", else the object; not what is rubbed away: "wiped off a tear");
- ``open``: "opened the envelope", "uncorked the bottle": the subject holds what is opened (read as ``rub``);
- ``vanish``: "vanished with the ring": the one who vanishes takes the thing along.

The subject is a character or a group; the thing is one the possession patterns call holdable, a physical
thing by WordNet, and not a fixed one ("the table", "the floor", "the cart": ``nouns.fixed``), or a figure:
a person noun the story has called a figure of a substance ("the pewter soldier": ``nouns.material``). A clause
that also sends the thing somewhere ("pulled it into the boat") is left to the readings of place.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_json
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token, direct_object
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.verbs import MOTION, class_of, is_thing_noun, particle, verb_classes
from worldstate.state.timeline import Predicate

REMOVE, RUB, OPEN, VANISH = "remove", "rub", "open", "vanish"
SOURCE_PREPS = frozenset({"off", "from"})  # "off the tree", "from his finger" ("out of" is read apart)
REMOVAL_PARTICLES = frozenset({"off", "out", "away"})  # "tore off the star", "pulled out a knife"
GOAL_PREPS = frozenset({"into", "onto", "unto", "to", "inside"})  # the clause sends the thing somewhere
PEOPLE = ("character", "group")


@dataclass(frozen=True)
class HandlingClasses:
    """WordNet's handling verbs (lemma or ``lemma_particle`` → class) and its fixed things."""

    verbs: dict[str, str]
    fixed: frozenset[str]
    material: frozenset[str]  # nouns of a substance ("pewter", "tin", "wax")
    young: frozenset[str] = frozenset()  # nouns of a child one carries ("child", "baby", "foundling")


@lru_cache(maxsize=1)
def handling_classes() -> HandlingClasses:
    """The classes of ``data/handling.json``."""
    data = load_json("extract.timeline", "data/handling.json")
    verbs = {lemma: name for name, lemmas in data["classes"].items() for lemma in lemmas}
    nouns = data["nouns"]
    return HandlingClasses(verbs, frozenset(nouns["fixed"]), frozenset(nouns["material"]), frozenset(nouns["young"]))


def handling_class(view: SentenceView, verb: Token) -> str | None:
    """The handling class of a verb the possession classes leave out: its lemma's ("wipe": rub), else
    its particle verb's ("shake off": remove); None for the others."""
    if verb.pos_ != "VERB" or class_of(verb, view.w) not in (None, MOTION):
        return None
    verbs = handling_classes().verbs
    lemma = verb.lemma_.lower()
    if lemma in verbs:
        return verbs[lemma]
    prt = particle(verb)
    if not prt or _possession_lemma(view, lemma):
        return None  # "took off his hat": the possession patterns read "take" with its particles
    return verbs.get(f"{lemma}_{prt}")


def _possession_lemma(view: SentenceView, lemma: str) -> bool:
    """A lemma of a possession class of its own (the hand lists, or WordNet's other than motion)."""
    w = view.w
    if lemma in w.take_verbs or lemma in w.give_verbs or lemma in w.lose_verbs or lemma in w.consume_verbs:
        return True
    return verb_classes().verbs.get(lemma) not in (None, MOTION)


def is_portable(lemma: str) -> bool:
    """A physical thing by WordNet that is not a fixed one (a building, furniture, a vehicle, a tree)."""
    return is_thing_noun(lemma) and lemma not in handling_classes().fixed


def handled_things(view: SentenceView) -> list[Change]:
    """Every holding the handling classes read in one sentence."""
    out: list[Change] = []
    for verb in view.doc:
        cls = handling_class(view, verb)
        if cls == VANISH:
            out += vanished_with(view, verb)
        elif cls is not None:
            out += handled(view, verb, cls)
    return out


def handled(view: SentenceView, verb: Token, cls: str) -> Iterator[Change]:
    """The subject of a ``remove`` or ``rub`` verb holds the thing it handles."""
    subj = view.agent(verb)
    obj = direct_object(verb)
    if not subj or view.kind(subj) not in PEOPLE or _sent_somewhere(verb):
        return
    source = _source(verb, obj)
    if cls == REMOVE:
        if source is None and particle(verb) not in REMOVAL_PARTICLES:
            return
        tok = obj
    elif source is not None:
        tok = source
    elif particle(verb) in REMOVAL_PARTICLES:
        return  # "wiped off a tear": the object is what is rubbed away, no thing in hand
    else:
        tok = obj
    thing = _portable_thing(view, tok)
    if thing is None or tok is None or thing[0] == subj:
        return
    value, text, lemma = thing
    yield make_change(view, verb, subj, Predicate.HOLDS, value, tok, value_text=text, object_lemma=lemma)


def vanished_with(view: SentenceView, verb: Token) -> Iterator[Change]:
    """A vanishing with a thing ("vanished with the ring", "disappeared with it"): the one who vanishes has it."""
    subj = view.agent(verb)
    if not subj or view.kind(subj) not in PEOPLE:
        return
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "with":
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        thing = _portable_thing(view, pobj)
        if thing is not None and pobj is not None and thing[0] != subj:
            value, text, lemma = thing
            yield make_change(view, verb, subj, Predicate.HOLDS, value, pobj, value_text=text, object_lemma=lemma)


def _portable_thing(view: SentenceView, tok: Token | None) -> tuple[str, str, str] | None:
    """(value, text, lemma) of a holdable, portable thing or of a figure (:func:`is_figure`), else None."""
    thing = holdable(view, tok)
    if thing is not None and is_portable(thing[2]):
        return thing
    if tok is not None and tok.pos_ == "NOUN" and is_figure(view, tok.lemma_.lower()):
        return view.ent(tok) or tok.lemma_.lower(), view.phrase(tok), tok.lemma_.lower()
    return None


def is_figure(view: SentenceView, lemma: str) -> bool:
    """The story calls this person noun a figure of a substance, here or before ("the pewter soldier",
    "a tin soldier", "the wax doll"): the noun names a thing one can handle."""
    material = handling_classes().material
    where: SentenceView | None = view
    while where is not None:
        for tok in where.doc:
            if tok.lemma_.lower() == lemma and any(
                c.dep_ == "compound" and c.lemma_.lower() in material for c in tok.children
            ):
                return True
        where = where.previous
    return False


def _source(verb: Token, obj: Token | None) -> Token | None:
    """The noun of the verb's source phrase ("off the tree", "from his finger", "out of the box"), also
    where the parser hung it on the object."""
    hosts = [verb, obj] if obj is not None else [verb]
    for host in hosts:
        for prep in host.children:
            if prep.dep_ not in ("prep", "prt"):
                continue
            if prep.lower_ in SOURCE_PREPS:
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            elif prep.lower_ == "out":
                of = next((c for c in prep.children if c.dep_ == "prep" and c.lower_ == "of"), None)
                pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
            else:
                continue
            if pobj is not None:
                return pobj
    return None


def _sent_somewhere(verb: Token) -> bool:
    """The clause also sends the thing to a goal ("pulled it into the boat")."""
    return any(c.dep_ == "prep" and c.lower_ in GOAL_PREPS for c in verb.children)
