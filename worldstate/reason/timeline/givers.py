"""Who gave a thing: a thing the story told given by one character ("once she gave her a little cap of red
velvet", the grandmother) is not later pointed back to as given by another ("the red velvet cap that her mother
had given her").

Read from the parse: a giving is a verb of giving (``givers.yaml``) told (not negated, not a modal, not an order)
with its giver as subject and its thing as object, or as the noun a relative clause describes ("the cap that …
had given her"); the giver is the subject's entity (coreference decides who "she" is). The later giving points
back (a relative clause on a noun with a definite determiner) to the same noun as the earlier one, and the two
givers are two people: neither the same person noun nor one entity.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from worldstate.analysis import World

MODALS = frozenset(["would", "will", "shall", "should", "must", "could", "might", "may", "can"])
DEFINITE = frozenset(["the", "that", "this", "those", "these", "my", "his", "her", "its", "our", "your", "their"])


@dataclass(frozen=True)
class Giving:
    """``giver`` (a person noun, :func:`_giver`) gives a ``thing`` (noun lemma) in sentence ``sentence``; ``pointed_back`` when a relative clause
    on a definite noun tells it ("the cap that her mother had given her")."""

    giver: str
    entity: str  # the giver's entity ('' when coreference gave none)
    thing: str
    sentence: int
    span: Span
    pointed_back: bool


@dataclass(frozen=True)
class GiverSwitch(TwoSides):
    """``thing`` given by ``earlier_giver`` is later said to be given by ``later_giver``."""

    thing: str
    earlier_giver: str
    later_giver: str


def giving_verbs() -> frozenset[str]:
    """Lemmas of the verbs of giving (``givers.yaml``)."""
    from worldstate.data import word_set

    return word_set("reason.timeline", "givers.yaml", "giving_verbs")


def givings(world: World) -> list[Giving]:
    """Every told giving with a resolved giver and a named thing, in story order."""
    mentions = [(m.span.start, m.span.end, m.entity) for m in world.state.mentions if m.entity]
    out = []
    for index, doc in enumerate(world.sentence_docs):
        offset = world.state.story.sentences[index].span.start
        for verb in doc if doc is not None else ():
            if verb.pos_ != "VERB" or verb.lemma_.lower() not in giving_verbs() or not _told(verb):
                continue
            thing, pointed_back = _thing(verb)
            subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
            if thing is None or subject is None:
                continue
            entity, giver = _giver(world, mentions, offset, subject)
            if not giver:
                continue
            start = offset + min(subject.idx, thing.idx)
            end = offset + max(t.idx + len(t.text) for t in (subject, thing, verb))
            out.append(Giving(giver, entity, thing.lemma_.lower(), index, Span(start, end), pointed_back))
    return out


def _giver(world: World, mentions: list[tuple[int, int, str]], offset: int, subject: Token) -> tuple[str, str]:
    """Who the giver is: their entity (coreference; '' when none) and a person noun: a noun subject's own lemma
    ("her mother" is "mother"), a pronoun's entity's head noun ("she", the grandmother, is "grandmother");
    ('', '') when a pronoun is unresolved."""
    at = offset + subject.idx
    entity = next((e for start, end, e in mentions if start <= at < end), "")
    if subject.pos_ in ("NOUN", "PROPN"):
        return entity, subject.lemma_.lower()
    if subject.pos_ != "PRON" or not entity:
        return "", ""
    try:
        name = world.state.entity(entity).name.split()
    except KeyError:
        return "", ""
    return entity, name[-1].lower() if name else ""


def _told(verb: Token) -> bool:
    """The giving is told as done: not negated, no modal, not an order or an infinitive."""
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in MODALS) for c in verb.children):
        return False
    return verb.tag_ != "VB"


def _thing(verb: Token) -> tuple[Token | None, bool]:
    """The thing given and whether the clause points back to it: the noun a relative clause on a definite noun
    describes ("the cap that her mother had given her"), else the verb's direct object noun."""
    if verb.dep_ == "relcl" and verb.head.pos_ == "NOUN":
        noun = verb.head
        if not any(c.dep_ == "dobj" and c.pos_ == "NOUN" for c in verb.children):  # "given her": a recipient
            definite = any(c.dep_ in ("det", "poss") and c.lower_ in DEFINITE for c in noun.children)
            return (noun, True) if definite else (None, False)
    return next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None), False


def _same_giver(a: Giving, b: Giving) -> bool:
    """One giver: the same person noun, or one entity ("she" … "the old woman", one old dame)."""
    return a.giver == b.giver or bool(a.entity and a.entity == b.entity)


def giver_switches(world: World) -> Iterator[GiverSwitch]:
    """Each pointed-back giving whose giver differs from the giver of the earlier giving of the same noun."""
    found = givings(world)
    for n, later in enumerate(found):
        if not later.pointed_back:
            continue
        earlier = [g for g in found[:n] if g.thing == later.thing and g.sentence < later.sentence]
        if not earlier or any(_same_giver(g, later) for g in earlier):
            continue  # never given before, or this giver gave one too
        first = earlier[-1]
        sides = {"earlier_sentence": first.sentence, "earlier": first.span}
        sides |= {"later_sentence": later.sentence, "later": later.span}
        yield GiverSwitch(thing=later.thing, earlier_giver=first.giver, later_giver=later.giver, **sides)
