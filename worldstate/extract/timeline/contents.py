"""What is in a container goes with it: a thing put into a box, a basket or a purse is held by whoever later
takes or is given the container, and by nobody when the container is dropped, until the thing itself is told
to move again ("the queen put the ring in a box. The thief stole the box.": the thief has the ring)."""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.timeline.change import Change
from worldstate.state.timeline import Predicate

CONTENTS = "contents"  # the ``inferred`` name of a holding read through the container


def contents_follow(changes: list[Change], things: set[str]) -> list[Change]:
    """A HOLDS change of each thing (an entity of ``things``) told to be in another thing, whenever that
    container changes hands after the thing was put in it and before the thing itself is held or placed
    again (a later sentence)."""
    inside: dict[str, dict[str, tuple[int, int]]] = {}  # container → thing → (sentence, offset) put in
    held_as: dict[str, tuple[str, str]] = {}  # thing → (value_text, object_lemma) of its latest holding
    found: list[Change] = []
    for c in sorted(changes, key=lambda c: (c.sentence, c.evidence.start)):
        if not c.modality.factual or c.predicate not in (Predicate.LOCATION, Predicate.HOLDS):
            continue
        thing = c.subject if c.predicate == Predicate.LOCATION else c.value
        if thing in things:
            _take_out(inside, thing, c.sentence)
        if c.predicate == Predicate.LOCATION:
            if thing in things and c.value in things and c.value != thing:
                inside.setdefault(c.value, {})[thing] = (c.sentence, c.evidence.start)
            continue
        if thing in things:
            held_as[thing] = (c.value_text, c.object_lemma)
        for content, put in sorted(inside.get(thing, {}).items()):
            if put < (c.sentence, c.evidence.start):  # put in before the container changed hands
                text, lemma = held_as.get(content, ("", ""))
                found.append(
                    replace(c, value=content, value_text=text, object_lemma=lemma, active=False, inferred=CONTENTS)
                )
    return found


def _take_out(inside: dict[str, dict[str, tuple[int, int]]], thing: str, sentence: int) -> None:
    """Forget ``thing`` in any container it was put in before ``sentence`` (a change of its own moves it)."""
    for contents in inside.values():
        put = contents.get(thing)
        if put is not None and put[0] < sentence:
            del contents[thing]
