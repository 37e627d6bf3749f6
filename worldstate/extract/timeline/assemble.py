"""Turn per-sentence changes into intervals: a factual change ends only the same subject's same
predicate (and, for possession, the same object's earlier holder)."""

from __future__ import annotations

from worldstate.extract.timeline.change import RELEASE, Change
from worldstate.extract.timeline.relations import ended_by
from worldstate.state.timeline import Predicate, StateInterval, Timeline

_SINGLE_RELATIONS = {"married_to", "betrothed_to"}  # a new one ends the old; the others accumulate


def _slot(state: StateInterval) -> tuple[str, str, str]:
    """What a new state of the same slot replaces."""
    if state.predicate == Predicate.RELATION and state.key not in _SINGLE_RELATIONS:
        return (state.subject, state.predicate.value, state.value)
    return (state.subject, state.predicate.value, state.key)


def assemble(changes: list[Change]) -> Timeline:
    """The timeline of ``changes`` (in any order)."""
    changes = sorted(changes, key=lambda c: (c.sentence, c.evidence.start, c.evidence.end))
    states: list[StateInterval] = []
    open_slots: dict[tuple[str, str, str], StateInterval] = {}
    held: dict[str, StateInterval] = {}  # object → its open factual HOLDS state
    held_lemma: dict[tuple[str, str], list[StateInterval]] = {}  # (holder, object noun) → open HOLDS
    seen: set[tuple] = set()
    for ch in changes:
        key = (ch.subject, ch.predicate, ch.value, ch.sentence, ch.modality, ch.holder)
        if key in seen:
            continue
        seen.add(key)
        state = StateInterval(
            ch.subject, ch.predicate, ch.value, ch.sentence, ch.evidence, ch.modality, None, ch.holder, ch.value_text
        )
        state.active, state.inferred = ch.active, ch.inferred
        if not ch.modality.factual:
            if ch.subject != RELEASE and ch.value:  # a wished or imagined leaving says nothing
                states.append(state)
            continue
        if ch.predicate == Predicate.HOLDS:
            _possession(state, ch, states, held, held_lemma)
            continue
        slot = _slot(state)
        current = open_slots.get(slot)
        if current is not None and current.value == state.value:
            continue  # told again: the earlier interval goes on
        if current is not None:
            current.end, current.ended_by = state.start, state.evidence
        if ch.predicate == Predicate.RELATION:  # a wedding ends the betrothal (relations.py)
            _end_relations(state, open_slots)
        if ch.predicate == Predicate.LOCATION and not state.value:
            open_slots.pop(slot, None)  # left: ends the old place, starts no new one
            continue
        open_slots[slot] = state
        states.append(state)
    states.sort(key=lambda s: (s.start, s.evidence.start))
    return Timeline(states)


def _end_relations(state: StateInterval, open_slots: dict[tuple[str, str, str], StateInterval]) -> None:
    """End the subject's open relations that ``state`` (a new relation) ends: betrothed → married."""
    for value in ended_by(state.value):
        for slot in (
            (state.subject, state.predicate.value, value),
            (state.subject, state.predicate.value, value.split("=")[0]),
        ):
            old = open_slots.get(slot)
            if old is not None and old.value == value and old.start < state.start:
                old.end, old.ended_by = state.start, state.evidence
                del open_slots[slot]


def _possession(
    state: StateInterval,
    ch: Change,
    states: list[StateInterval],
    held: dict[str, StateInterval],
    held_lemma: dict[tuple[str, str], list[StateInterval]],
) -> None:
    """A new holder (or RELEASE) ends the object's last holder; a giver's same-noun thing ends too
    (coreference may name the cow given away apart from the cow driven home)."""
    current = held.get(ch.value)
    if current is not None and current.subject == ch.subject:
        return
    if current is not None:
        current.end, current.ended_by = state.start, state.evidence
    for (holder, lemma), open_states in held_lemma.items():
        if lemma != ch.object_lemma or holder == ch.subject:
            continue
        for other in open_states:
            replaced = ch.subject == RELEASE or other.value != ch.value
            if other.end is None and other is not current and replaced:
                other.end, other.ended_by = state.start, state.evidence
    if ch.subject == RELEASE:
        held.pop(ch.value, None)
        return
    held[ch.value] = state
    held_lemma.setdefault((ch.subject, ch.object_lemma), []).append(state)
    states.append(state)
