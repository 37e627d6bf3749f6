"""Derived SenPos-style items from plain Chinese stories (official SenPos data is not offline).

From each story one sentence (not the first) is removed; candidate ``[MASK]`` slots are placed at
the sentence boundaries of a window of at most ``max_slots`` consecutive boundaries that contains the
true position. Everything is drawn from a seeded generator, so the same stories give the same items.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from worldstate.detect.cloze.chinese import MASK_SLOT, zh_sentences


@dataclass(frozen=True)
class SenPosItem:
    story: str  # with [MASK] at every candidate slot
    sentence: str
    answer: int  # 0-based slot index


def derive_senpos(story: str, rng: random.Random, max_slots: int = 8) -> SenPosItem | None:
    """One item from ``story``, or None when it has fewer than four sentences."""
    sents = zh_sentences(story)
    if len(sents) < 4:
        return None
    removed = rng.randrange(1, len(sents))
    sentence = sents[removed]
    rest = sents[:removed] + sents[removed + 1 :]
    # boundary b sits before rest[b]; b ranges over 1..len(rest) (after the first sentence .. the end)
    true_boundary = removed
    lo_min = max(1, true_boundary - max_slots + 1)
    lo_max = min(true_boundary, len(rest) - max_slots + 1)
    lo = rng.randint(lo_min, max(lo_min, lo_max))
    boundaries = [b for b in range(lo, lo + max_slots) if 1 <= b <= len(rest)]
    pieces: list[str] = []
    for i, sent in enumerate(rest):
        if i in boundaries:
            pieces.append(MASK_SLOT)
        pieces.append(sent)
    if len(rest) in boundaries:
        pieces.append(MASK_SLOT)
    return SenPosItem("".join(pieces), sentence, boundaries.index(true_boundary))
