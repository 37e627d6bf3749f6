"""The extractor's access model, read per sentence of a ``StoryView``.

``worldstate.query.accessible`` answers, for a character and one of the world state's sentences,
whether the character was present, perceived it, took part, or was told (scenes, presence, speech,
private thoughts). The world state's sentences come from the parser and may split the text
differently from the ``StoryView``'s rule-based sentences, so each view sentence is mapped to the
world-state sentences it covers and scored by the share of them that are inaccessible.
"""

from __future__ import annotations

import bisect

import numpy as np

from worldstate.detect.storyview import StoryView
from worldstate.query import accessibility, find_character
from worldstate.state import WorldState

UNKNOWN = 0.5  # inaccessibility used when the character is not found in the world state


def covered_sentences(ws: WorldState, view: StoryView, index: int) -> list[int]:
    """World-state sentence indices overlapping view sentence ``index`` (both index the same text)."""
    first, last = coverage(ws, view)
    return list(range(int(first[index]), int(last[index]) + 1))


def coverage(ws: WorldState, view: StoryView) -> tuple[np.ndarray, np.ndarray]:
    """Per view sentence, the first and last world-state sentence it overlaps (cached on the view)."""
    cached = view.__dict__.get("_world_coverage")
    if cached is not None and cached[0] is ws and cached[1] == len(ws.story.sentences):
        return cached[2], cached[3]
    starts = [s.span.start for s in ws.story.sentences]
    first = np.array([ws.story.sentence_at(span.start) for span in view.spans], dtype=np.int64)
    last = np.array([bisect.bisect_left(starts, span.end) - 1 for span in view.spans], dtype=np.int64)
    last = np.maximum(first, last)
    view.__dict__["_world_coverage"] = (ws, len(ws.story.sentences), first, last)
    return first, last


def world_inaccessibility(ws: WorldState, view: StoryView, character: str, *, lanes: bool = False) -> list[float]:
    """Per view sentence: the share of its world-state sentences ``character`` could not access.

    1.0 = the extractor finds no way for the character to know it; ``UNKNOWN`` everywhere when the
    character is not found among the world state's entities. With ``lanes``, the sentences the
    timeline's knowledge lanes say the character knows by the end (:func:`lane_known`) count as
    accessible: a retold, overheard or witnessed event is no leak.
    """
    if not ws.story.sentences:
        return [UNKNOWN] * len(view)
    cid = find_character(ws, character)
    if cid is None:
        return [UNKNOWN] * len(view)
    inaccessible = np.array([0.0 if ok else 1.0 for ok in accessibility(ws, cid)])
    if lanes:
        for k in lane_known(view, cid):
            if 0 <= k < len(inaccessible):
                inaccessible[k] = 0.0
    running = np.concatenate([[0.0], np.cumsum(inaccessible)])  # sums of 0/1 values: exact in float64
    first, last = coverage(ws, view)
    return [float(x) for x in (running[last + 1] - running[first]) / (last - first + 1)]


def lane_known(view: StoryView, character_id: str) -> set[int]:
    """World-state sentences ``character_id`` knows by the story's end per the knowledge lanes
    (``worldstate state``'s knows: witnessed, told, overheard, reported; since when, by which channel)."""
    from worldstate.query import knows

    world = view.world
    if not len(world):
        return set()
    cache = view.__dict__.setdefault("_lane_known", {})
    if character_id not in cache:
        facts = knows(world, character_id, len(world) - 1)
        known = {f.sentence for f in facts}
        for f in facts:
            if f.channel == "told":  # a retold event: the earlier sentences the telling repeats
                known |= retold(view, f.sentence)
        cache[character_id] = known
    return cache[character_id]


def retold(view: StoryView, telling: int, min_shared: int = 2) -> set[int]:
    """Earlier sentences that share at least ``min_shared`` content lemmas with sentence ``telling``."""
    if not 0 <= telling < len(view):
        return set()
    told = view.lemmas[telling]
    return {j for j in range(telling) if len(view.lemmas[j] & told) >= min_shared}
