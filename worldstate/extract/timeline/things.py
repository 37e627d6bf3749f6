"""Things in the timeline: what "it" or "them" stands for, and where a thing is put.

Coreference clusters people well and things poorly; a pronoun for an object ("gave it to the princess",
"carried these in her hand", "let the band drop into it") is resolved here to the nearest compatible
earlier noun of a thing: same number, a physical thing by WordNet (``verbs.is_thing_noun``) or a beast
one keeps, not a person, place or abstraction, in this sentence or the two before. Each antecedent comes
with a confidence; an unresolved pronoun changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.severed import is_severed
from worldstate.extract.timeline.verbs import is_body_noun, is_thing_noun

SINGULAR = frozenset({"it"})  # "this"/"that" stand for what was told as often as for a thing
PLURAL = frozenset({"them", "these", "those", "both"})
BOTH = "both"  # stands for coordinated nouns of its own sentence
LOOK_BACK = 2  # sentences before the pronoun's own
MIN_CONFIDENCE = 0.4
_ROLE_WEIGHT = {"dobj": 1.0, "nsubjpass": 1.0, "nsubj": 0.9, "conj": 0.9, "pobj": 0.8, "attr": 0.7, "appos": 0.7}
_SENTENCE_WEIGHT = (1.0, 0.8, 0.6)
_EMBEDDED = ("relcl", "acl")  # a noun inside a relative clause is a weaker antecedent


@dataclass(frozen=True)
class Antecedent:
    view: SentenceView
    noun: Token
    confidence: float


def is_thing_pronoun(tok: Token) -> bool:
    """'it', 'them', 'these', 'those' used as a noun phrase."""
    low = tok.lower_
    return (low in SINGULAR or low in PLURAL) and tok.pos_ == "PRON" and tok.dep_ != "det"


def thing_antecedent(view: SentenceView, pronoun: Token, persons: bool = False) -> Antecedent | None:
    """The best earlier noun of a thing the pronoun can stand for, with its confidence, or None
    (``persons``: also a person of no known gender, "the child … deposited it in her arms")."""
    if pronoun.lower_ == BOTH:
        return _both_antecedent(view, pronoun)
    plural = pronoun.lower_ in PLURAL
    best: Antecedent | None = None
    where: SentenceView | None = view
    for back in range(LOOK_BACK + 1):
        if where is None:
            break
        nouns = where.doc[: pronoun.i] if where is view else where.doc
        for noun in reversed(list(nouns)):
            if not _compatible(where, noun, plural) and not (persons and _genderless_person(where, noun, plural)):
                continue
            score = _SENTENCE_WEIGHT[back] * _ROLE_WEIGHT.get(noun.dep_, 0.6)
            if any(a.dep_ in _EMBEDDED for a in noun.ancestors):
                score *= 0.8
            if best is None or score > best.confidence:
                best = Antecedent(where, noun, round(score, 3))
        where = where.previous
    return best if best is not None and best.confidence >= MIN_CONFIDENCE else None


def _both_antecedent(view: SentenceView, pronoun: Token) -> Antecedent | None:
    """What 'both' stands for: the nearest earlier coordinated noun of its sentence ("asked for the silk
    and the gold thread; put both into their knapsacks"), when it is a thing ("saw the king and the queen
    and took both by the hand": no thing)."""
    nouns = (t for t in reversed(view.doc[: pronoun.i]) if t.pos_ in ("NOUN", "PROPN"))
    pair = next((t for t in nouns if any(c.dep_ == "conj" for c in t.children)), None)
    if pair is None or not _compatible(view, pair, plural=True):
        return None
    return Antecedent(view, pair, 1.0)


def _compatible(view: SentenceView, noun: Token, plural: bool) -> bool:
    """A noun of a thing of the pronoun's number that no one would call a person, place or abstraction."""
    if noun.pos_ != "NOUN":
        return False
    if (noun.tag_ == "NNS") != plural and not (plural and any(c.dep_ == "conj" for c in noun.children)):
        return False
    lemma = noun.lemma_.lower()
    w = view.w
    if lemma in w.not_holdable and is_severed(view, noun):
        return True  # "cut off the head, and nailed it up"
    if lemma in w.not_holdable or lemma in w.people or lemma in w.place_nouns:
        return False
    if view.kind(view.ent(noun)) in ("character", "group", "place", "time") and lemma not in w.animate:
        return False
    return is_thing_noun(lemma) or lemma in w.animate


def _genderless_person(view: SentenceView, noun: Token, plural: bool) -> bool:
    """A singular noun of a person coreference knows no gender of ("the child", "the baby")."""
    ent = view.ent(noun)
    if plural or noun.pos_ != "NOUN" or noun.tag_ != "NN" or view.kind(ent) not in ("character", "group") or not ent:
        return False
    try:
        return not view.story.ws.entity(ent).gender
    except KeyError:
        return False


def coref_thing_is_wrong(view: SentenceView, pronoun: Token, entity: str) -> bool:
    """Coreference put an 'it' for an object with an entity whose head noun is no thing ("the letter he had
    received in so strange a manner … gave it": 'it' → the manner), or a 'them' with a group that holds the
    verb's own subject ("he threw them into the river": not Tom and the cat, he would say 'themselves')."""
    try:
        name = view.story.ws.entity(entity).name.lower()
    except KeyError:
        return False
    if pronoun.lower_ in PLURAL:
        subject = view.agent(pronoun.head) if pronoun.dep_ == "dobj" else None
        try:
            own = view.story.ws.entity(subject).name.lower() if subject else ""
        except KeyError:
            return False
        return bool(own) and view.kind(entity) == "group" and f"{own} and " in f"{name} and "
    head = name.split()[-1] if name.split() else ""
    return head.isalpha() and not is_thing_noun(head) and head not in view.w.animate


def placed_things(view: SentenceView, verb: Token) -> Iterator[tuple[Token, Token]]:
    """(thing, place noun) for "put/lay/throw X into/on/in Y": the object and the noun of the first
    destination phrase of the verb."""
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")), None)
    if obj is None:
        return
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in view.w.destination_preps:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if pobj is not None:
            yield obj, pobj
            return


def held_in_body(view: SentenceView, verb: Token) -> tuple[str, Token] | None:
    """(holder, body noun) when a verb's object goes into or onto someone's body part: "took Torre Jeppe
    on her back", "deposited it in her arms", "put the ring on her finger"."""
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("in", "into", "on", "onto", "upon"):
            continue
        part = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if part is None or not is_body_noun(part.lemma_.lower()):
            continue
        owner = view.who(next((c for c in part.children if c.dep_ == "poss"), None))
        if owner and view.kind(owner) in ("character", "group"):
            return owner, part
    return None
