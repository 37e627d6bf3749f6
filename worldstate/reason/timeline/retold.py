"""A place told again in the past perfect: the story put someone in one place ("the cock perched upon a beam on
the top of the house") and a few sentences later says where they had been meanwhile ("the cock, who had been
asleep in the hen-house"), a place the story never put them in, with no move of theirs told between.

Read on the timeline's location states of one entity (coreference decides who): the later state is told in the
past perfect (modality ``flashback``) with a verb of staying (``retold.yaml``), the earlier one is the last
place told of that entity before it, as happening (``asserted``); the two places differ, the later place was
never the entity's place before, is not named between the two and lies within ``max_gap`` sentences.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.state.timeline import Modality, Predicate, StateInterval

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from worldstate.analysis import World


@dataclass(frozen=True)
class RetoldPlace:
    """``subject`` was put in ``earlier`` (a told place) and is said in ``later`` to have been elsewhere."""

    subject: str
    earlier: StateInterval
    later: StateInterval


def staying_verbs() -> frozenset[str]:
    """Lemmas of the verbs that tell where someone stayed, not where they went (``retold.yaml``)."""
    from worldstate.data import word_set

    return word_set("reason.timeline", "retold.yaml", "staying_verbs")


def retold_places(world: World, max_gap: int) -> Iterator[RetoldPlace]:
    """Every past-perfect place of staying that contradicts the place last told of the same entity."""
    docs = world.sentence_docs
    by_subject: dict[str, list[StateInterval]] = defaultdict(list)
    for s in world.timeline.states:
        if s.predicate == Predicate.LOCATION and s.subject and s.modality != Modality.NEGATED:
            by_subject[s.subject].append(s)
    for subject, states in by_subject.items():
        states.sort(key=lambda s: (s.start, s.evidence.start))
        for n, later in enumerate(states):
            if later.modality != Modality.FLASHBACK or later.inferred or not _stays(world, later):
                continue
            before = [s for s in states[:n] if s.start < later.start]
            if not before:
                continue
            earlier = before[-1]
            if earlier.modality != Modality.ASSERTED or earlier.inferred or later.start - earlier.start > max_gap:
                continue
            if any(s.value == later.value for s in before) or _same_place(earlier, later):
                continue  # the story had put them there before: a return, not a contradiction
            if _named_between(docs, earlier.start, later.start, _head(later)):
                continue  # the place comes up in between: they may have gone there untold
            yield RetoldPlace(subject, earlier, later)


def _head(state: StateInterval) -> str:
    """The place's head word as the text words it ("hen" of "the hen-house" is "house")."""
    words = (state.value_text or state.value).lower().replace("-", " ").split()
    return words[-1] if words else ""


def _same_place(a: StateInterval, b: StateInterval) -> bool:
    """The two places share their head word or one names the other ("the house", "the top of the house")."""
    x, y = (a.value_text or a.value).lower(), (b.value_text or b.value).lower()
    return _head(a) == _head(b) or x in y or y in x


def _stays(world: World, state: StateInterval) -> bool:
    """The state's clause is told with a verb of staying ("had been asleep in", "had lain all night")."""
    doc = world.sentence_docs[state.start]
    if doc is None:
        return False
    offset = world.state.story.sentences[state.start].span.start
    inside = [t for t in doc if state.evidence.start <= offset + t.idx < state.evidence.end]
    verbs = [t for t in inside if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass")] or [
        a for t in inside[:1] for a in t.ancestors if a.pos_ in ("VERB", "AUX")
    ][:1]
    return bool(verbs) and all(v.lemma_.lower() in staying_verbs() for v in verbs)


def _named_between(docs: list[Doc | None], start: int, end: int, head: str) -> bool:
    """True when a sentence strictly between ``start`` and ``end`` names the place's head word."""
    for doc in docs[start + 1 : end]:
        if doc is not None and any(t.lower_ == head or t.lemma_.lower() == head for t in doc):
            return True
    return False
