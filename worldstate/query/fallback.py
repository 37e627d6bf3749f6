"""Fallback readings: what the parse says of a slot the timeline left empty at a sentence.

The timeline's readings state a place or a holder only where a verb class and a construction they know
tell it. When none of them fired for an entity by a sentence, the last clause that speaks of the entity
still tells something; these readings read it, as inferred states (``inferred="fallback"``) of lower
standing than any told state, each with its clause as evidence:

- **where** (:func:`fallback_place`): the place of the last clause, at or before the sentence, whose
  subject or object is the entity: a prepositional object of the clause's verb that names a place (a
  place entity, or a noun whose first WordNet sense is a building, room, region or water,
  :func:`~worldstate.extract.timeline.places.is_place_noun`): "they hid in the cellar";
- **who holds it** (:func:`fallback_holder`): read from the last clause whose verb has the thing as its
  object, its passive subject or its instrument ("with the ring"): by the verb's class
  (:mod:`~worldstate.extract.timeline.verbs`), nobody for a verb of losing or putting ("laid it on the
  wound"), the recipient for a giving, else the verb's agent ("the knight struck him with the sword",
  "the deity, bearing the diamond"), but never of a verb of perceiving, believing, saying or wishing ("saw the
  ring"); nobody when the thing itself went since ("the shoes danced away", "the lock fell from her bosom").

They are read only where the timeline has no state for the slot: a told state always wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from worldstate.state.timeline import Modality, Predicate, StateInterval

if TYPE_CHECKING:
    from collections.abc import Iterator

    from worldstate.analysis import World
    from worldstate.extract.timeline.clause import SentenceView

Token = Any  # a spaCy Token

FALLBACK = "fallback"  # the ``inferred`` name of these readings
NOBODY = ""  # the subject of a fallback holder state when nobody holds the thing
_CLAUSE_ROLES = frozenset({"nsubj", "nsubjpass", "dobj"})  # the entity as the clause's subject or object
_PLACE_PREPS = frozenset({"in", "at", "on", "into", "inside", "within", "under", "beneath", "upon", "onto", "to"})
_AWAY = frozenset({"away", "off"})  # particles of going away
_PATH = frozenset({"into", "from", "across", "through", "out", "onto", "down", "to"})  # prepositions of a path
_OBJECT_ROLES = frozenset({"dobj", "nsubjpass"})


def fallback_place(world: World, entity: str, sentence: int) -> StateInterval | None:
    """The place of the last clause at or before ``sentence`` whose subject or object is ``entity`` and
    whose verb has a prepositional object naming a place (see the module docstring), else None."""
    for view, tok in _mentions_backwards(world, {entity}, set(), sentence):
        if tok.dep_ not in _CLAUSE_ROLES or tok.head.pos_ not in ("VERB", "AUX"):
            continue
        verb = tok.head
        if not _factual(view, verb):
            continue
        place = _place_object(view, verb)
        if place is not None:
            return StateInterval(
                subject=entity,
                predicate=Predicate.LOCATION,
                value=view.ent(place) or place.lemma_.lower(),
                start=view.index,
                evidence=view.span(tok, verb, place),
                value_text=view.phrase(place),
                inferred=FALLBACK,
            )
    return None


def fallback_holder(world: World, ids: set[str], heads: set[str], sentence: int) -> StateInterval | None:
    """Who holds the thing (the entities ``ids``, or a noun of one of the head words ``heads``) at the end
    of ``sentence``, read from the last clause that acts on it (see the module docstring): a HOLDS state
    whose subject is the holder, or :data:`NOBODY`; None when no clause tells."""
    from worldstate.extract.timeline.verbs import CARRY, GIVE, LOSE, MOTION, PUT, class_of

    for view, tok in _mentions_backwards(world, ids, heads, sentence):
        verb, role = _governing_verb(tok)
        if verb is None or not _factual(view, verb):
            continue
        cls = class_of(verb, view.w)
        if role == "nsubj":
            if cls in (MOTION, CARRY) or verb.lemma_.lower() in view.w.motion_verbs or _goes_off(verb):
                return _held(view, tok, verb, NOBODY)  # the thing went by itself: "the shoes danced away"
            continue
        if cls in (LOSE, PUT):
            return _held(view, tok, verb, NOBODY)
        if cls == GIVE:
            recipient = _recipient(verb)
            holder = view.who(recipient) if recipient is not None else None
        elif _of_the_mind(view, verb):
            continue  # seeing, thinking of, speaking of or wishing for a thing is not having it
        else:
            holder = view.agent(verb)
        if holder and holder not in ids and _can_hold(world, holder):
            return _held(view, tok, verb, holder)
    return None


def _held(view: SentenceView, tok: Token, verb: Token, holder: str) -> StateInterval:
    return StateInterval(
        subject=holder,
        predicate=Predicate.HOLDS,
        value=view.ent(tok) or tok.lemma_.lower(),
        start=view.index,
        evidence=view.span(tok, verb),
        value_text=view.phrase(tok),
        inferred=FALLBACK,
    )


@dataclass
class ClauseIndex:
    """The parsed sentences as clause views, and per sentence the narration tokens (outside quotes) by the
    entity they name and by their noun lemma and form, latest token first."""

    views: list[SentenceView | None]
    by_entity: list[dict[str, list[Token]]] = field(default_factory=list)
    by_word: list[dict[str, list[Token]]] = field(default_factory=list)


def clause_index(world: World) -> ClauseIndex:
    """The ``query.clause_index`` layer, built once per World."""
    from worldstate.extract.timeline.clause import sentence_views

    index = ClauseIndex(sentence_views(world))
    for view in index.views:
        entities: dict[str, list[Token]] = {}
        nouns: dict[str, list[Token]] = {}
        for tok in reversed(view.doc) if view is not None else ():
            if tok.pos_ not in ("NOUN", "PROPN", "PRON") or view.story.speaker_at(view.offset + tok.idx)[0]:
                continue
            entity = view.ent(tok)
            if entity:
                entities.setdefault(entity, []).append(tok)
            if tok.pos_ == "NOUN":
                for word in {tok.lemma_.lower(), tok.lower_}:
                    nouns.setdefault(word, []).append(tok)
        index.by_entity.append(entities)
        index.by_word.append(nouns)
    return index


def _mentions_backwards(
    world: World, ids: set[str], heads: set[str], sentence: int
) -> Iterator[tuple[SentenceView, Token]]:
    """Each narration token naming the entity (one of ``ids`` by coreference, or a noun whose lemma or form
    is one of ``heads``), latest first, in the sentences up to ``sentence``."""
    index: ClauseIndex = world.layer("query.clause_index")
    for k in range(min(sentence, len(index.views) - 1), -1, -1):
        view = index.views[k]
        if view is None:
            continue
        found = {t.i: t for i in ids for t in index.by_entity[k].get(i, ())}
        found.update({t.i: t for h in heads for t in index.by_word[k].get(h, ())})
        for i in sorted(found, reverse=True):
            yield view, found[i]


def _governing_verb(tok: Token) -> tuple[Token | None, str]:
    """The verb the token is the object, passive subject, subject or instrument ("with the ring") of, and
    that role ('dobj', 'nsubj', 'with'); (None, '') for any other role."""
    head = tok.head
    if tok.dep_ in _OBJECT_ROLES and head.pos_ in ("VERB", "AUX"):
        return head, "dobj"
    if tok.dep_ == "pobj" and head.lower_ == "with" and head.head.pos_ == "VERB":
        return head.head, "with"
    if tok.dep_ == "pobj" and head.dep_ == "prt" and head.head.pos_ == "VERB":
        return head.head, "dobj"  # "tore off the star", parsed with the object under the particle
    if tok.dep_ == "nsubj" and head.pos_ == "VERB":
        return head, "nsubj"
    return None, ""


def _goes_off(verb: Token) -> bool:
    """The verb moves its subject away or along a path: a particle "away"/"off", or a preposition of
    direction ("fell from her bosom", "danced into the wood")."""
    return any(
        (c.dep_ in ("prt", "advmod") and c.lower_ in _AWAY) or (c.dep_ == "prep" and c.lower_ in _PATH)
        for c in verb.children
    )


def _recipient(verb: Token) -> Token | None:
    """The one a giving verb gives to: its dative ("gave her the hair") or the object of its "to"."""
    dative = next((c for c in verb.children if c.dep_ == "dative" and c.pos_ != "ADP"), None)
    if dative is not None:
        return dative
    to = next((c for c in verb.children if c.dep_ in ("dative", "prep") and c.lower_ == "to"), None)
    return next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None


def _place_object(view: SentenceView, verb: Token) -> Token | None:
    """The object of a locative preposition of ``verb`` that names a place, else None."""
    from worldstate.extract.timeline.places import is_place_noun

    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in _PLACE_PREPS:
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj" or pobj.pos_ not in ("NOUN", "PROPN"):
                continue
            if view.kind(view.ent(pobj)) == "place" or is_place_noun(pobj.lemma_.lower(), pobj.lower_):
                return pobj
    return None


def _of_the_mind(view: SentenceView, verb: Token) -> bool:
    """A verb of perceiving, believing, saying or wishing (the closed classes of ``words`` and of
    ``perception.yaml``): its object is seen, thought or spoken of, not held."""
    from worldstate.extract.timeline.presence import perception_words

    lemma, w, pw = verb.lemma_.lower(), view.w, perception_words()
    return lemma in w.belief_verbs | w.speech_verbs | w.wish_verbs | pw.knowing_lemmas | pw.hearing_lemmas


def _factual(view: SentenceView, verb: Token) -> bool:
    """The clause tells what happens (not a wish, a denial or a condition) and is no negated clause."""
    modality, _ = view.modality(verb)
    return modality in (Modality.ASSERTED, Modality.FLASHBACK)


def _can_hold(world: World, entity: str) -> bool:
    """A creature holds things (a character or a group; a literal creature noun such as "the butcher")."""
    from worldstate.query.entities import is_creature

    return is_creature(world, entity)
