"""A destroyed thing does not come back in use: a thing the story burnt or had eaten ("the old lady thought
they were horrible, and they were burnt") is not later pointed back to as there ("the shoes were placed in a
closet, beside the old cloth shoes that Dame Shoemaker had sewn"), unless magic is told in between.

Read from the parse on noun lemmas (coreference is not asked): the earlier clause is a destroying verb with
the thing as its object or passive subject, told in the past in narration (not negated, not a modal, not an
order or infinitive, not conditional, not in quotation marks); a pronoun stands for the nearest noun of its
number before it, in that sentence or the one before, that is no place. The thing is one whole thing: its noun points back (a definite or
possessive determiner), the story counts that noun somewhere (not a mass: "eating up his corn"), no part of
it is meant ("devoured half the pot"), and its mention is no character or group ("devoured them", of beasts).
The later mention has the same noun lemma and points back too.
Once the story brings in another thing of that noun ("a new pair of red shoes"), only a mention marked as
the old one ("the old cloth shoes", "the shoes that she had sewn") points back to the destroyed one.
Verbs and marks: ``destroyed.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.data import word_set
from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from worldstate.analysis import World

MODALS = frozenset(["would", "will", "shall", "should", "must", "could", "might", "may", "can"])
CONDITIONS = frozenset(["if", "unless", "lest", "before", "until", "till"])
PRONOUN_NUMBER = {"it": "Sing", "they": "Plur", "them": "Plur"}
DEFINITE = frozenset(["the", "this", "that", "these", "those"])


@dataclass(frozen=True)
class Reappearance(TwoSides):
    """The ``thing`` destroyed in ``earlier_sentence`` (``verb``) is pointed back to in ``later_sentence``."""

    thing: str
    verb: str


def _words(key: str) -> frozenset[str]:
    """The word list ``key`` of ``destroyed.yaml``."""
    return word_set("reason.timeline", "destroyed.yaml", key)


def destroyed_reappearing(world: World) -> Iterator[Reappearance]:
    """Every destroyed thing pointed back to as there in a later sentence, with no magic told between."""
    docs = world.sentence_docs
    kinds = _kinds(world)
    counted = _counted_nouns(docs)
    told: set[str] = set()
    for i, doc in enumerate(docs):
        for tok in doc if doc is not None else ():
            verb = _destroying(tok)
            if verb is None or not _narrated(verb) or not _past(verb):
                continue
            thing = _thing(tok, doc, docs[i - 1] if i > 0 else None)
            if thing is None or thing.lemma_.lower() in told or thing.lemma_.lower() not in counted:
                continue
            if _kind_at(world, kinds, i, thing) in CREATURES or _partitive(thing):
                continue
            later = _pointed_back(docs, i, thing)
            if later is None:
                continue
            told.add(thing.lemma_.lower())
            j, mention = later
            yield Reappearance(
                thing.lemma_.lower(),
                verb.lemma_.lower(),
                earlier_sentence=i,
                earlier=_span(world, i, verb, tok),
                later_sentence=j,
                later=_span(world, j, mention.head if mention.dep_ != "ROOT" else mention, mention),
            )


def _destroying(tok: Token) -> Token | None:
    """The verb that destroys ``tok`` in a told clause: its direct object, or its passive subject."""
    verb = tok.head
    if verb.pos_ != "VERB" or verb.lemma_.lower() not in _words("destroying_verbs"):
        return None
    if tok.dep_ == "dobj":
        if verb.tag_ == "VB":
            return None  # "Burn the shoes!", "to eat the cake": an order or an infinitive, nothing gone yet
    elif tok.dep_ != "nsubjpass":
        return None
    clauses = [verb, verb.head] if verb.dep_ in ("conj", "xcomp") else [verb]
    for clause in clauses:
        if any(c.dep_ == "neg" for c in clause.children):
            return None
        if any(c.dep_ == "aux" and c.lower_ in MODALS for c in clause.children):
            return None  # "would be burnt": not told done
        if any(c.dep_ == "mark" and c.lower_ in CONDITIONS for c in clause.children):
            return None  # "if it were eaten", "before it was burnt"
    return verb


def _thing(tok: Token, doc: Doc, before: Doc | None) -> Token | None:
    """The thing's noun: ``tok`` itself, or for "it"/"they" the nearest noun of its number before it (in the
    sentence, then the one before) that is no place ("in the chimney corner"); None for a creature, a body part
    or a name."""
    if tok.pos_ == "NOUN":
        return tok if _lifeless(tok) and _determined(tok) else None  # "ate snails": no one thing
    number = PRONOUN_NUMBER.get(tok.lower_)
    if tok.pos_ != "PRON" or number is None:
        return None
    candidates = [t for t in doc if t.i < tok.i][::-1] + (list(before)[::-1] if before is not None else [])
    for cand in candidates:
        if cand.pos_ not in ("NOUN", "PROPN") or number not in cand.morph.get("Number"):
            continue
        if cand.dep_ == "pobj" and cand.head.lower_ != "of":
            continue  # "in the corner", "to the funeral": where, not what
        return cand if cand.pos_ == "NOUN" and _lifeless(cand) else None  # a name: someone, not a thing
    return None


CREATURES = frozenset(["character", "group"])  # entity kinds: "they are burnt" of people, "devoured them" of beasts


def _kinds(world: World) -> dict[str, str]:
    """Each entity's kind."""
    return {e.id: e.kind.value for e in world.state.entities}


def _kind_at(world: World, kinds: dict[str, str], index: int, noun: Token) -> str:
    """The kind of the entity of the shortest mention that covers ``noun`` ("" when none does)."""
    span = _span(world, index, noun)
    covering = [m for m in world.state.mentions if m.entity and m.span.start <= span.start and span.end <= m.span.end]
    if not covering:
        return ""
    shortest = min(covering, key=lambda m: m.span.end - m.span.start)
    return kinds.get(shortest.entity or "", "")


def _counted_nouns(docs: list[Doc | None]) -> set[str]:
    """Nouns the story counts somewhere (with "a"/"an", a number or in the plural): things, not a mass ("his
    corn" eaten is some corn, not all there is)."""
    out = set()
    for doc in docs:
        for tok in doc if doc is not None else ():
            if tok.pos_ != "NOUN":
                continue
            counted = "Plur" in tok.morph.get("Number") or any(
                (c.dep_ == "det" and c.lower_ in ("a", "an")) or c.dep_ == "nummod" for c in tok.children
            )
            if counted:
                out.add(tok.lemma_.lower())
    return out


def _partitive(noun: Token) -> bool:
    """A part of the thing is destroyed ("devoured half the pot", "ate some of the cakes")."""
    partitives = _words("partitives")
    if any(c.lower_ in partitives for c in noun.children if c.dep_ in ("predet", "det", "amod", "nummod")):
        return True
    return noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.lemma_.lower() in partitives


def _narrated(tok: Token) -> bool:
    """Not inside quotation marks in its sentence (an odd number of quote tokens before it is speech)."""
    return sum(1 for t in tok.doc if t.i < tok.i and t.is_quote and t.text not in ("'s",)) % 2 == 0


def _past(verb: Token) -> bool:
    """Told as done: a past verb, or a passive whose auxiliary is past ("they were burnt", "had been eaten")."""
    if verb.tag_ == "VBD":
        return True
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    return verb.tag_ == "VBN" and any(a.tag_ == "VBD" for a in auxes)


def _lifeless(noun: Token) -> bool:
    """Not a creature ("the wolf ate the grandmother": she comes out again) and not a body part."""
    from worldstate.resources.words import words

    lemma = noun.lemma_.lower()
    return lemma not in words().animate and lemma not in words().coloured_parts and not noun.ent_type_


def _pointed_back(docs: list[Doc | None], i: int, thing: Token) -> tuple[int, Token] | None:
    """The first later mention of ``thing``'s noun, in its number ("the one chicken" eaten is not "the
    chickens"), that points back to the destroyed one (see the module)."""
    from worldstate.resources.words import words

    noun, number = thing.lemma_.lower(), thing.morph.get("Number")
    reintroducing, old_marks = _words("reintroducing"), _words("old_marks")
    brought_in = False
    for j in range(i + 1, len(docs)):
        doc = docs[j]
        if doc is None:
            continue
        if any(t.lemma_.lower() in words().magic_words or t.lower_ in words().magic_words for t in doc):
            return None
        for tok in doc:
            if tok.pos_ != "NOUN" or tok.lemma_.lower() != noun or tok.morph.get("Number") != number:
                continue
            if _destroying(tok) is not None or any(c.dep_ == "neg" for c in tok.head.children):
                continue
            words_before = {c.lower_ for c in tok.children if c.dep_ in ("det", "amod", "nummod")}
            if tok.dep_ == "pobj" and tok.head.lower_ == "of":
                words_before |= {c.lower_ for c in tok.head.head.children if c.dep_ == "det"}
            if words_before & reintroducing or not _determined(tok):
                brought_in = True
                continue
            if not brought_in or words_before & old_marks or _told_before(tok):
                return j, tok
    return None


def _determined(tok: Token) -> bool:
    """The mention points back: a definite or possessive determiner, its own or its "of" head's."""
    for node in (tok, tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "of" else None):
        if node is None:
            continue
        if any((c.dep_ == "det" and c.lower_ in DEFINITE) or c.dep_ == "poss" for c in node.children):
            return True
    return False


def _told_before(tok: Token) -> bool:
    """A relative clause in the past perfect ties the mention to before ("the shoes that she had sewn")."""
    return any(
        c.dep_ == "relcl" and any(a.dep_ == "aux" and a.lower_ == "had" for a in c.children) for c in tok.children
    )


def _span(world: World, index: int, *tokens: Token) -> Span:
    offset = world.state.story.sentences[index].span.start
    start = min(t.idx for t in tokens)
    end = max(t.idx + len(t.text) for t in tokens)
    return Span(offset + start, offset + end)
