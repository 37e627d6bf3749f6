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

They are read only where the timeline never told the slot by then (a told state, even one ended since, wins:
:func:`worldstate.query.state.states_of` and the state-questions benchmark check that). The readings of the
whole story are built once per World as plain rows (the ``query.fallback`` layer, kept in a saved world).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from worldstate.state import Span
from worldstate.state.timeline import Modality, Predicate, StateInterval

if TYPE_CHECKING:
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


HOLDS, PLACE = "holds", "place"  # the slots of the layer's rows


def fallback_place(world: World, entity: str, sentence: int) -> StateInterval | None:
    """The place of the last clause at or before ``sentence`` whose subject or object is ``entity`` and
    whose verb has a prepositional object naming a place (see the module docstring), else None."""
    rows = [r for r in _rows(world, PLACE, sentence) if r[2] == entity]
    return _state(rows[-1], entity) if rows else None


def fallback_holder(world: World, ids: set[str], heads: set[str], sentence: int) -> StateInterval | None:
    """Who holds the thing (the entities ``ids``, or a noun of one of the head words ``heads``) at the end
    of ``sentence``, read from the last clause that acts on it (see the module docstring): a HOLDS state
    whose subject is the holder, or :data:`NOBODY`; None when no clause tells."""
    rows = [r for r in _rows(world, HOLDS, sentence) if (r[2] in ids or set(r[3].split()) & heads) and r[4] not in ids]
    return _state(rows[-1], rows[-1][4]) if rows else None


def _rows(world: World, slot: str, sentence: int) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = world.layer("query.fallback")
    return [r for r in rows if r[1] == slot and r[0] <= sentence]


def _state(row: tuple[Any, ...], subject: str) -> StateInterval:
    """The inferred state of a row: a place (value: the place) or a holding (subject: the holder)."""
    sentence, slot, entity, _, party, value_text, start, end = row
    if slot == PLACE:
        return StateInterval(
            subject, Predicate.LOCATION, party, sentence, Span(start, end), value_text=value_text, inferred=FALLBACK
        )
    return StateInterval(
        subject,
        Predicate.HOLDS,
        entity or value_text,
        sentence,
        Span(start, end),
        value_text=value_text,
        inferred=FALLBACK,
    )


def fallback_rows(world: World) -> list[tuple[Any, ...]]:
    """The ``query.fallback`` layer: every clause reading of the story, in story order, as a plain row
    (sentence, slot, entity, its words, party, text, evidence start, evidence end): for ``holds`` the thing's
    entity ('' when none), its noun's lemma and form, the holder (:data:`NOBODY` for nobody) and the thing's
    words; for ``place`` the entity placed, '', the place and its words. Saved with a world, so a saved world
    answers without parsing again."""
    from worldstate.extract.timeline.clause import sentence_views

    rows: list[tuple[Any, ...]] = []
    for view in sentence_views(world):
        for tok in view.doc if view is not None else ():
            if tok.pos_ not in ("NOUN", "PROPN", "PRON") or view.story.speaker_at(view.offset + tok.idx)[0]:
                continue
            entity = view.ent(tok) or ""
            words = f"{tok.lemma_.lower()} {tok.lower_}" if tok.pos_ == "NOUN" else ""
            held = _holder_reading(world, view, tok)
            if held is not None and (entity or words):
                holder, span = held
                rows.append((view.index, HOLDS, entity, words, holder, view.phrase(tok), span.start, span.end))
            placed = _place_reading(view, tok)
            if placed is not None and entity:
                place, span = placed
                rows.append(
                    (
                        view.index,
                        PLACE,
                        entity,
                        "",
                        view.ent(place) or place.lemma_.lower(),
                        view.phrase(place),
                        span.start,
                        span.end,
                    )
                )
    return rows


def _place_reading(view: SentenceView, tok: Token) -> tuple[Token, Span] | None:
    """The place of the clause whose subject or object ``tok`` is, with the evidence span, else None."""
    if tok.dep_ not in _CLAUSE_ROLES or tok.head.pos_ not in ("VERB", "AUX"):
        return None
    verb = tok.head
    if not _factual(view, verb):
        return None
    place = _place_object(view, verb)
    return (place, view.span(tok, verb, place)) if place is not None else None


def _holder_reading(world: World, view: SentenceView, tok: Token) -> tuple[str, Span] | None:
    """Who holds the thing ``tok`` names after its clause (:data:`NOBODY` for nobody) and the evidence span;
    None when the clause does not tell."""
    from worldstate.extract.timeline.verbs import CARRY, GIVE, LOSE, MOTION, PUT, class_of

    verb, role = _governing_verb(tok)
    if verb is None or not _factual(view, verb):
        return None
    span = view.span(tok, verb)
    cls = class_of(verb, view.w)
    if role == "nsubj":
        if cls in (MOTION, CARRY) or verb.lemma_.lower() in view.w.motion_verbs or _goes_off(verb):
            return NOBODY, span  # the thing went by itself: "the shoes danced away"
        return None
    if cls in (LOSE, PUT):
        return NOBODY, span
    if cls == GIVE:
        recipient = _recipient(verb)
        holder = view.who(recipient) if recipient is not None else None
    elif _of_the_mind(view, verb):
        return None  # seeing, thinking of, speaking of or wishing for a thing is not having it
    else:
        holder = view.agent(verb)
    if holder and holder != view.ent(tok) and _can_hold(world, holder):
        return holder, span
    return None


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
