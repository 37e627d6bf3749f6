"""``state_at(world, sentence)``: what holds at one point of the story, per character; ``states_of`` for
given entities. Read from the World's timeline (:mod:`worldstate.extract.timeline` builds it), its presence
layer and :mod:`worldstate.query.knows`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from worldstate.query.ages import age_at
from worldstate.query.entities import find_entities, introduced, is_creature, preferred
from worldstate.query.knows import KnownFact, knows
from worldstate.state import EntityKind
from worldstate.state.story_time import AgeStatement, StoryMoment
from worldstate.state.timeline import Predicate, StateInterval, Timeline

if TYPE_CHECKING:
    from worldstate.analysis import World


@dataclass
class CharacterState:
    """Everything that holds for one entity at one sentence."""

    entity: str
    name: str
    location: StateInterval | None = None
    location_with: str | None = None  # no place told: the place of this character, on stage with it (presence)
    holds: list[StateInterval] = field(default_factory=list)
    alive: bool | None = True  # None for things (not characters)
    alive_told: StateInterval | None = None  # None: the story never said otherwise
    traits: list[StateInterval] = field(default_factory=list)
    relations: list[StateInterval] = field(default_factory=list)
    counts: list[StateInterval] = field(default_factory=list)
    titles: list[StateInterval] = field(default_factory=list)
    names: list[StateInterval] = field(default_factory=list)
    scoped: list[StateInterval] = field(default_factory=list)  # beliefs, wishes, words of this character
    knows: list[KnownFact] = field(default_factory=list)
    age: tuple[float, AgeStatement] | None = None  # least age by then, and the statement it grows from
    held_by: StateInterval | None = None  # a thing no told state gives a holder: the fallback reading's


@dataclass
class StateReport:
    sentence: int
    characters: list[CharacterState]
    time: StoryMoment | None = None  # where the sentence sits on the story clock


def state_at(world: World, sentence: int, entity: str | None = None, *, knowledge: bool = True) -> StateReport:
    """What holds at the end of ``sentence`` (0-based) for every character mentioned by then, or for
    the entities named ``entity``."""
    ws = world.state
    if entity:
        ids = preferred(world, introduced(world, find_entities(world, entity), sentence), entity)
    else:
        mentioned = {m.entity for m in ws.mentions if m.entity and m.sentence <= sentence}
        ids = [e.id for e in ws.entities if e.kind in (EntityKind.CHARACTER, EntityKind.GROUP) and e.id in mentioned]
    out = states_of(world, ids, sentence, knowledge=knowledge)
    return StateReport(sentence, out, world.timeline.story_time.at(sentence))


def states_of(world: World, ids: list[str], sentence: int, *, knowledge: bool = True) -> list[CharacterState]:
    """What holds at the end of ``sentence`` for each entity of ``ids`` (an entity id, or a literal
    subject of the timeline such as an unresolved "the butcher")."""
    ws = world.state
    timeline = world.timeline
    by_subject = timeline.by_subject()
    scoped_by_holder: dict[str, list[StateInterval]] = {}
    for s in timeline.states:
        if not s.modality.factual and s.holder and s.start <= sentence:
            scoped_by_holder.setdefault(s.holder, []).append(s)
    out = []
    for eid in ids:
        cs = CharacterState(eid, ws.display_name(eid))
        if not is_creature(world, eid):
            cs.alive = None
        for s in by_subject.get(eid, []):
            if not s.modality.factual or not s.holds_at(sentence) or _past_place(timeline, s, sentence):
                continue
            _place(cs, s)
        if cs.location is None and cs.alive is not None:
            _place_by_company(world, cs, sentence, by_subject)
        elif cs.location is None:
            _place_by_holder(world, cs, sentence, by_subject)
        _fallbacks(world, cs, sentence, by_subject)
        cs.scoped = scoped_by_holder.get(eid, [])
        cs.age = age_at(timeline.story_time, eid, sentence)
        if knowledge:
            cs.knows = knows(world, eid, sentence)
        out.append(cs)
    return out


def _fallbacks(world: World, cs: CharacterState, sentence: int, by_subject: dict[str, list[StateInterval]]) -> None:
    """The fallback readings (:mod:`worldstate.query.fallback`) for the slots the timeline never filled by
    ``sentence``: a thing's holder, and a place: the fallback holder's told place, else the last clause's."""
    from worldstate.query.fallback import fallback_holder, fallback_place

    held_told = any(  # a holder told by then, even one whose holding has ended since
        s.predicate == Predicate.HOLDS and s.value == cs.entity and s.start <= sentence and s.modality.factual
        for s in world.timeline.states
    )
    if cs.alive is None and not held_told:
        cs.held_by = fallback_holder(world, {cs.entity}, set(), sentence)
    if cs.location is not None or any(
        s.predicate == Predicate.LOCATION and s.start <= sentence and s.modality.factual
        for s in by_subject.get(cs.entity, [])
    ):
        return  # a place told, or told and ended since ("went away"): the timeline's answer stands
    holder = cs.held_by.subject if cs.held_by is not None else ""
    places = [
        s
        for s in by_subject.get(holder, [])
        if s.predicate == Predicate.LOCATION and s.modality.factual and s.value and s.holds_at(sentence)
    ]
    if places:
        cs.location, cs.location_with = max(places, key=lambda s: (s.start, s.evidence.start)), holder
    else:
        cs.location = fallback_place(world, cs.entity, sentence)


def _place_by_company(
    world: World, cs: CharacterState, sentence: int, by_subject: dict[str, list[StateInterval]]
) -> None:
    """A character whose place the story never told is where the company it is on stage with is: the latest
    told place, at ``sentence``, of another character present there (the presence layer), kept with
    ``location_with`` naming that character."""
    from worldstate.extract.timeline.presence import present_at

    here = present_at(world, sentence)
    if cs.entity not in here:
        return
    told = [
        (s, other)
        for other in here - {cs.entity}
        for s in by_subject.get(other, [])
        if s.predicate == Predicate.LOCATION
        and s.modality.factual
        and s.value
        and s.holds_at(sentence)
        and not _past_place(world.timeline, s, sentence)
    ]
    if told:
        state, other = max(told, key=lambda t: (t[0].start, t[0].evidence.start))
        cs.location, cs.location_with = state, other


def _place_by_holder(
    world: World, cs: CharacterState, sentence: int, by_subject: dict[str, list[StateInterval]]
) -> None:
    """A thing whose own place is not told is where the one who holds it is ("the deity, bearing the
    Yellow Diamond, was transported to Benares"): the holder's latest told place, kept with ``location_with``
    naming the holder."""
    held_by = [
        s
        for s in world.timeline.states
        if s.predicate == Predicate.HOLDS and s.value == cs.entity and s.subject and s.modality.factual
    ]
    held_by = [s for s in held_by if s.holds_at(sentence)]
    if not held_by:
        return
    holder = max(held_by, key=lambda s: (s.start, s.evidence.start)).subject
    places = [
        s
        for s in by_subject.get(holder, [])
        if s.predicate == Predicate.LOCATION and s.modality.factual and s.value and s.holds_at(sentence)
    ]
    if places:
        cs.location = max(places, key=lambda s: (s.start, s.evidence.start))
        cs.location_with = holder


def _past_place(timeline: Timeline, s: StateInterval, sentence: int) -> bool:
    """A place told inside a flashback segment ("years before, Hans had lived in the mountains") is
    where the entity was then, not where it is once the story is back in its main narrative."""
    if s.predicate != Predicate.LOCATION:
        return False
    then, now = timeline.story_time.at(s.start), timeline.story_time.at(sentence)
    if then is None or now is None or not then.flashback:
        return False
    return not (now.flashback and now.told_at == then.told_at)


def _place(cs: CharacterState, s: StateInterval) -> None:
    if s.predicate == Predicate.LOCATION:
        cs.location = s
    elif s.predicate == Predicate.HOLDS:
        cs.holds.append(s)
    elif s.predicate == Predicate.ALIVE:
        cs.alive, cs.alive_told = s.value == "true", s
    elif s.predicate == Predicate.TRAIT:
        cs.traits.append(s)
    elif s.predicate == Predicate.RELATION:
        cs.relations.append(s)
    elif s.predicate == Predicate.COUNT:
        cs.counts.append(s)
    elif s.predicate == Predicate.TITLE:
        cs.titles.append(s)
    elif s.predicate == Predicate.NAME:
        cs.names.append(s)
