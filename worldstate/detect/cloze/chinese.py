"""Coherence scores for Chinese LOT choice tasks (ClozeT, SenPos), without training data.

A candidate is scored by how well it joins the sentences around its slot:
- lexical continuity: jieba content tokens shared with the neighbouring sentences (names and nouns
  carry the story's entities from sentence to sentence);
- semantic continuity: cosine of sentence embeddings. The configured embedder (all-MiniLM-L6-v2) is
  English-centric: on Chinese it sees mostly character pieces, so its weight is kept below the
  lexical signal.
For SenPos a slot is not penalised for how well the two sentences already there join each other: on the
derived OutGen items that term did not help (weight 0.5: 0.239 accuracy, weight 0: 0.261), so it was removed.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache

import numpy as np

from worldstate.detect.words import word_list
from worldstate.resources.models import Embedder
from worldstate.state.text import split_text

MASK_PLOT = "<mask>"
MASK_SLOT = "[MASK]"
EMBED_WEIGHT = 0.5
LEXICAL_WEIGHT = 1.0

_PUNCT = re.compile(r"^[\W_]+$")


@lru_cache(maxsize=1)
def _jieba():
    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def zh_tokens(text: str) -> set[str]:
    """jieba content tokens (punctuation and function words removed)."""
    stop = word_list("stopwords_zh.txt")
    return {t for t in _jieba().lcut(text) if t.strip() and not _PUNCT.match(t) and t not in stop}


def lexical(a: str, b: str) -> float:
    """Overlap of jieba content tokens, normalised by the smaller set (0 when either is empty)."""
    ta, tb = zh_tokens(a), zh_tokens(b)
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / min(len(ta), len(tb))


class _Similarity:
    """Pairwise similarity of short texts: weighted embedding cosine plus jieba token overlap."""

    def __init__(self, embedder: Embedder, texts: list[str]) -> None:
        unique = list(dict.fromkeys(t for t in texts if t))
        vectors = embedder.encode(unique) if unique else np.zeros((0, 1), dtype=np.float32)
        self._vec = {t: vectors[i] for i, t in enumerate(unique)}

    def __call__(self, a: str, b: str) -> float:
        if not a or not b:
            return 0.0
        return EMBED_WEIGHT * float(self._vec[a] @ self._vec[b]) + LEXICAL_WEIGHT * lexical(a, b)


def _neighbours(before: str, after: str, n: int) -> tuple[str, str]:
    """The last ``n`` sentences of ``before`` and the first ``n`` of ``after`` (joined)."""
    return "".join(split_text(before)[-n:]), "".join(split_text(after)[:n])


def plot_scores(story_with_mask: str, candidates: list[str], embedder: Embedder) -> list[float]:
    """ClozeT: coherence of each candidate with the sentences on both sides of ``<mask>``."""
    before, _, after = story_with_mask.partition(MASK_PLOT)
    left, right = _neighbours(before, after, 2)
    whole = zh_tokens(before + after)
    sim = _Similarity(embedder, [left, right, *candidates])
    scores = []
    for cand in candidates:
        local = (sim(left, cand) + sim(cand, right)) / (int(bool(left)) + int(bool(right)) or 1)
        cand_tokens = zh_tokens(cand)
        story_support = len(cand_tokens & whole) / max(1, len(cand_tokens))
        scores.append(local + 0.5 * story_support)
    return scores


def slot_scores(story_with_slots: str, sentence: str, embedder: Embedder) -> list[float]:
    """SenPos: for each ``[MASK]`` slot, how well ``sentence`` bridges the sentences beside it."""
    parts = story_with_slots.split(MASK_SLOT)
    pairs = [_neighbours(parts[i], parts[i + 1], 1) for i in range(len(parts) - 1)]
    sim = _Similarity(embedder, [sentence, *(t for pair in pairs for t in pair)])
    scores = []
    for prev, nxt in pairs:
        sides = [sim(prev, sentence)] if prev else []
        sides += [sim(sentence, nxt)] if nxt else []
        scores.append(float(np.mean(sides)) if sides else 0.0)
    return scores
