"""The extractor's access model, read per sentence of a ``StoryView``.

``worldstate.extract.accessible`` answers, for a character and one of the world state's sentences,
whether the character was present, perceived it, took part, or was told (scenes, presence, speech,
private thoughts). The world state's sentences come from the parser and may split the text
differently from the ``StoryView``'s rule-based sentences, so each view sentence is mapped to the
world-state sentences it covers and scored by the share of them that are inaccessible.
"""

from __future__ import annotations

from worldstate.detect.kn_text import StoryView
from worldstate.extract.knowledge import accessibility, find_character
from worldstate.state import WorldState

UNKNOWN = 0.5  # inaccessibility used when the character is not found in the world state


def covered_sentences(ws: WorldState, view: StoryView, index: int) -> list[int]:
    """World-state sentence indices overlapping view sentence ``index`` (both index the same text)."""
    span = view.spans[index]
    starts = ws.story.sentence_at(span.start)
    covered = [starts]
    for k in range(starts + 1, len(ws.story.sentences)):
        if ws.story.sentences[k].span.start >= span.end:
            break
        covered.append(k)
    return covered


def world_inaccessibility(ws: WorldState, view: StoryView, character: str) -> list[float]:
    """Per view sentence: the share of its world-state sentences ``character`` could not access.

    1.0 = the extractor finds no way for the character to know it; ``UNKNOWN`` everywhere when the
    character is not found among the world state's entities.
    """
    if not ws.story.sentences:
        return [UNKNOWN] * len(view)
    cid = find_character(ws, character)
    if cid is None:
        return [UNKNOWN] * len(view)
    access = accessibility(ws, cid)
    out = []
    for i in range(len(view)):
        covered = covered_sentences(ws, view, i)
        out.append(sum(0.0 if access[k] else 1.0 for k in covered) / len(covered))
    return out
