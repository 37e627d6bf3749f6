"""Seeded generators of LOT-style items from any story set (Chinese or English). Items made here are
*derived*, not the official LOT test data, and reports say so.

- SenPos: one sentence (never the first) is removed; ``[MASK]`` marks every candidate slot, one after each
  remaining sentence; label = the 1-based slot where the sentence was.
- PlotCom: one inner sentence (never the first or last) is replaced by ``<MASK>``; the removed sentence is the
  reference plot.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from worldstate.state.text import split_text

SENPOS_MASK = "[MASK]"
PLOTCOM_MASK = "<MASK>"
MIN_SENTENCES = 4
_CJK = re.compile(r"[\u3400-\u9fff]")


def _joiner(text: str) -> str:
    return "" if _CJK.search(text) else " "


def _picks(stories: list[str], task: str, seed: int, end: int) -> Iterator[tuple[int, str, list[str], int]]:
    """(index, story, its sentences, k) for each story of at least MIN_SENTENCES sentences: k a seeded
    random sentence after the first and before the last ``end`` ones; short stories are skipped."""
    for index, story in enumerate(stories):
        sentences = split_text(story)
        if len(sentences) >= MIN_SENTENCES:
            k = random.Random(f"{task}:{seed}:{index}").randrange(1, len(sentences) - end)
            yield index, story, sentences, k


def derive_senpos(stories: list[str], seed: int = 0) -> list[dict[str, Any]]:
    """SenPos-style items ({id, story, sentence, label, derived}) from plain stories; short stories are skipped."""
    items = []
    for index, story, sentences, k in _picks(stories, "senpos", seed, 0):
        rest = sentences[:k] + sentences[k + 1 :]
        glue = _joiner(story)
        text = glue.join(f"{s}{glue}{SENPOS_MASK}" for s in rest)
        items.append(
            {"id": f"senpos_{index:05d}", "story": text, "sentence": sentences[k], "label": k, "derived": True}
        )
    return items


def derive_plotcom(stories: list[str], seed: int = 0) -> list[dict[str, Any]]:
    """PlotCom-style items ({id, story, plot, derived}) from plain stories; short stories are skipped."""
    items = []
    for index, story, sentences, k in _picks(stories, "plotcom", seed, 1):
        masked = [*sentences[:k], PLOTCOM_MASK, *sentences[k + 1 :]]
        items.append(
            {"id": f"plotcom_{index:05d}", "story": _joiner(story).join(masked), "plot": sentences[k], "derived": True}
        )
    return items
