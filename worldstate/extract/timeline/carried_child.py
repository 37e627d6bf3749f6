"""A child one carries or takes up is held: "The forester climbed up, brought the child down … He took it home",
"the nurse picked up the baby".

The possession patterns hold only things; a small child is carried like one. The subject of a carrying or
taking verb (the ``carry`` and ``acquire`` classes of :mod:`.verbs`) ("bring" too, a giving verb of the hand lists that WordNet calls carrying) holds a single child it acts on: a noun
whose first WordNet sense is a young child (``young`` of ``handling.json``: child, baby, infant, foundling),
or an "it" that stands for one (coreference's, else the nearest genderless person, :func:`.things.thing_antecedent`).
Not when the verb hands the child to someone ("brought the child to the king": the giving readings' case).
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.handling import handling_classes
from worldstate.extract.timeline.scan import each_verb
from worldstate.extract.timeline.things import is_thing_pronoun, thing_antecedent
from worldstate.extract.timeline.verbs import ACQUIRE, CARRY, carried_only, class_of
from worldstate.state.timeline import Predicate

PEOPLE = ("character", "group")


def carried_children(view: SentenceView) -> list[Change]:
    """Every child carried or taken up in one sentence."""
    return each_verb(view, lambda verb: class_of(verb, view.w) in (CARRY, ACQUIRE) or carried_only(verb), _carried)


def _carried(view: SentenceView, verb: Token) -> Iterator[Change]:
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    holder = view.agent(verb)
    if obj is None or not holder or view.kind(holder) not in PEOPLE or _handed_on(view, verb):
        return
    found = _child(view, obj)
    if found is None or found[0] == holder:
        return
    child, noun = found
    text = noun.doc[noun.left_edge.i : noun.i + 1].text
    yield make_change(
        view, verb, holder, Predicate.HOLDS, child, obj, value_text=text, object_lemma=noun.lemma_.lower()
    )


def _child(view: SentenceView, obj: Token) -> tuple[str, Token] | None:
    """(entity, noun) of the single young child ``obj`` names or stands for, else None."""
    noun = obj
    if is_thing_pronoun(obj) and obj.lower_ == "it":
        ent = view.ent(obj)
        if ent and _young_name(view, ent):
            return ent, obj
        antecedent = thing_antecedent(view, obj, persons=True)
        if antecedent is None:
            return None
        noun, where = antecedent.noun, antecedent.view
    else:
        where = view
    if noun.pos_ != "NOUN" or noun.tag_ != "NN" or noun.lemma_.lower() not in handling_classes().young:
        return None
    ent = where.ent(noun)
    return (ent, noun) if ent and where.kind(ent) in PEOPLE else None


def _young_name(view: SentenceView, entity: str) -> bool:
    """The entity's name ends in a noun of a young child ("the little child")."""
    try:
        words = view.story.ws.entity(entity).name.lower().split()
    except KeyError:
        return False
    return bool(words) and words[-1] in handling_classes().young and view.kind(entity) in PEOPLE


def _handed_on(view: SentenceView, verb: Token) -> bool:
    """The verb hands the child to a person ("brought the child to the king", "brought the king the child")."""
    if any(c.dep_ == "dative" for c in verb.children):
        return True
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "to"):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if view.kind(view.ent(pobj)) in PEOPLE:
            return True
    return False
