"""Scene presence: one who acts in a scene whose place is clear is at that place.

"Then they began to run, rushed into the parlour … Gretel emptied her pinafore … and Hansel threw one
handful after another out of his pocket": Hansel, whose own place was last told at the water they crossed,
acts beside Gretel in the parlour scene, so he is in the parlour.

A character the narration shows acting at a sentence (the subject of a told, unnegated verb outside quotes
and relative clauses, not in the pluperfect) takes the place another character went to when all of these
hold:

* the other went there itself (a told, factual, active place change) at most ``REACH`` sentences before,
  or earlier in the same sentence, with no scene break between, and has not moved since;
* the place is a building, room, region or water by its head noun's first WordNet sense
  (:func:`.places.is_place_noun`): a bench or a tree is where one sits, not a scene;
* the other acts in the same sentence too (they act together: "Gretel emptied …, and Hansel threw …"),
  or went there in it ("she went into the ball-room, and the king danced with her"); a group acting counts
  for each of its members ("They knocked at the door, and the woman opened it");
* the actor's own latest place, if any, was told before that move and is another place.

The place is inferred (``inferred="on_stage"``): a place told of the actor in the same sentence wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.places import is_place_noun
from worldstate.state import Entity, EntityKind, Span
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World

ON_STAGE = "on_stage"  # the inferred-place name of this reading
_ARGUMENTS = frozenset({"nsubj", "nsubjpass", "dobj", "dative", "pobj", "attr"})
REACH = 3  # the other went to the place at most this many sentences before the acting sentence


@dataclass(frozen=True)
class _Act:
    """An entity (character or group) shown acting at a sentence: its subject and verb are the evidence."""

    entity: str
    sentence: int
    evidence: Span
    verb: Token


def scene_presence(
    world: World, views: list[SentenceView], changes: list[Change], members: dict[str, set[str]]
) -> list[Change]:
    """Each acting character's inferred place where the scene it acts in is (see the module docstring);
    ``members``: each group's member characters."""
    kinds = {e.id: e for e in world.state.entities}
    characters = {e for e, ent in kinds.items() if ent.kind == EntityKind.CHARACTER and ent.number != "plural"}
    places = sorted(
        (c for c in changes if c.predicate == Predicate.LOCATION and c.modality.factual and c.subject in characters),
        key=lambda c: (c.sentence, c.evidence.start),
    )
    out: list[Change] = []
    for view in views:
        acts = _acts(view)
        for act in (a for a in acts if a.entity in characters):
            linked = _linked(view, act, acts, members)
            own = _latest(places, act.entity, act.sentence)
            if own is None or own.sentence >= act.sentence or not own.value:
                continue  # no place of its own to end (the query's company place answers), or told here
            scene = _scene_place(world, places, act, own, linked, kinds)
            if scene is not None:
                out.append(
                    Change(
                        act.entity,
                        Predicate.LOCATION,
                        scene.value,
                        act.sentence,
                        act.evidence,
                        value_text=scene.value_text,
                        inferred=ON_STAGE,
                        active=False,
                    )
                )
    return out


def _scene_place(
    world: World, places: list[Change], act: _Act, own: Change | None, linked: set[str], kinds: dict[str, Entity]
) -> Change | None:
    """The latest place another character went to that ``act``'s character takes, else None."""
    for c in reversed(places):
        if (c.sentence, c.evidence.start) >= (act.sentence, act.evidence.start):
            continue
        if c.sentence < act.sentence - REACH or (own is not None and c.sentence <= own.sentence):
            return None
        if c.subject == act.entity or c.inferred or not c.active or not c.value:
            continue
        if c.subject not in linked:
            continue
        if _latest(places, c.subject, act.sentence) is not c or not _same_scene(world, c.sentence, act.sentence):
            continue
        if not _names_a_place(c, kinds):
            continue
        return None if own is not None and own.value == c.value else c
    return None


def _linked(view: SentenceView, act: _Act, acts: list[_Act], members: dict[str, set[str]]) -> set[str]:
    """The characters ``act`` is bound up with in its sentence: named as an argument of its verb ("the king
    danced with her", "his wife said to him"), or acting in a clause joined to its own ("Gretel emptied her
    pinafore …, and Hansel threw …"); a group stands for its members."""
    found = {
        ent
        for tok in act.verb.subtree
        if tok.dep_ in _ARGUMENTS
        and tok.i != act.verb.i
        and not view.story.speaker_at(view.offset + tok.idx)[0]  # not one only talked of in a quote
        and (ent := view.ent(tok))
        and ent != act.entity
    }
    found |= {
        other.entity
        for other in acts
        if other.entity != act.entity
        and (other.verb.i == act.verb.i or other.verb.head.i == act.verb.i or act.verb.head.i == other.verb.i)
    }
    return found | {m for e in found for m in members.get(e, ())}


def _latest(places: list[Change], entity: str, sentence: int) -> Change | None:
    """The entity's latest factual place change told at or before ``sentence``."""
    found = None
    for c in places:
        if c.sentence > sentence:
            break
        if c.subject == entity:
            found = c
    return found


def _names_a_place(c: Change, kinds: dict[str, Entity]) -> bool:
    """The change's place is a building, room, region or water by its head noun's first WordNet sense."""
    ent = kinds.get(c.value)
    name = ent.name if ent is not None else (c.value_text or c.value)
    words = name.replace("-", " ").split()
    return bool(words) and is_place_noun(words[-1].lower(), words[-1].lower())


def _same_scene(world: World, a: int, b: int) -> bool:
    scenes = world.state.scenes
    return not scenes or any(first <= a <= last and first <= b <= last for first, last in scenes)


def _acts(view: SentenceView) -> list[_Act]:
    """The entities the sentence's narration shows acting: the subjects (and their conjuncts) of told,
    unnegated verbs outside quotes and relative clauses, not told in the pluperfect."""
    found: list[_Act] = []
    for tok in view.doc:
        if tok.dep_ != "nsubj" or tok.head.pos_ not in ("VERB", "AUX"):
            continue
        verb = tok.head
        if verb.dep_ == "relcl" or _pluperfect(verb):  # "whose head she had cut off": not an act in the scene
            continue
        if any(c.dep_ == "det" and c.lower_ == "no" for c in tok.children) or tok.lower_ in ("nobody", "none"):
            continue  # "no one came in"
        if view.story.speaker_at(view.offset + tok.idx)[0] or view.modality(verb)[0] != Modality.ASSERTED:
            continue
        if any(c.dep_ == "neg" for c in verb.children):
            continue
        for subj in (tok, *tok.conjuncts):
            ent = view.ent(subj)
            if ent and all(a.entity != ent for a in found):
                found.append(_Act(ent, view.index, view.span(subj, verb), verb))
    return found


def _pluperfect(verb: Token) -> bool:
    """ "she had come": told before the time of the scene."""
    return verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lower_ in ("had", "'d") for c in verb.children)
