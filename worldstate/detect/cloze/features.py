"""Features of one candidate ending against its story context (English Story Cloze).

Each ending gets a vector made of
- its sentence embedding (MiniLM), its elementwise products with the last context sentence and
  with the whole context (semantic fit), and the embedding of the whole five-sentence story,
- scalar consistency signals: cosine similarities, sentiment agreement (VADER) with the context,
  negation, content-word overlap, names that the context never mentioned, pronoun continuity.
The classifier in :mod:`worldstate.detect.cloze.model` compares the two endings' vectors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from worldstate.detect.words import WORD, content_words, has_negation, words
from worldstate.resources.models import Embedder

_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")
_PRONOUNS = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f", "hers": "f", "they": "p", "them": "p"}


@lru_cache(maxsize=1)
def _vader():
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

    return SentimentIntensityAnalyzer()


def sentiment(text: str) -> float:
    """VADER compound sentiment in [-1, 1]."""
    return float(_vader().polarity_scores(text)["compound"])


def new_names(context: str, ending: str) -> float:
    """Count of capitalised (non-sentence-initial) words in the ending absent from the context."""
    known = set(WORD.findall(context))
    return float(sum(1 for name in _CAPITALISED.findall(ending) if name not in known))


def pronoun_mismatch(context: str, ending: str) -> float:
    """1 when the ending uses a gendered pronoun that never occurs in the context."""
    ctx = {_PRONOUNS[w] for w in words(context) if w in _PRONOUNS}
    end = {_PRONOUNS[w] for w in words(ending) if w in _PRONOUNS}
    return float(bool(end - ctx) and bool(ctx))


@dataclass(frozen=True)
class ClozeItem:
    """One Story Cloze item: context sentences, candidate endings and (for training) the gold index."""

    context: list[str]
    endings: list[str]
    answer: int = -1


SCALAR_NAMES = (
    "cos_last",
    "cos_context",
    "cos_first",
    "sent_ending",
    "sent_agree_context",
    "sent_agree_last",
    "negation",
    "overlap",
    "overlap_last",
    "new_names",
    "pronoun_mismatch",
    "length",
)


def scalar_features(context: list[str], ending: str, cos_vals: tuple[float, float, float]) -> list[float]:
    """The hand-made consistency signals for one ending (order: :data:`SCALAR_NAMES`)."""
    ctx_text = " ".join(context)
    last = context[-1] if context else ""
    s_end = sentiment(ending)
    s_ctx = sentiment(ctx_text)
    s_last = sentiment(last)
    end_words = content_words(ending)
    ctx_words = content_words(ctx_text)
    overlap = len(end_words & ctx_words) / max(1, len(end_words))
    overlap_last = len(end_words & content_words(last)) / max(1, len(end_words))
    return [
        *cos_vals,
        s_end,
        s_end * s_ctx,
        s_end * s_last,
        has_negation(ending),
        overlap,
        overlap_last,
        new_names(ctx_text, ending),
        pronoun_mismatch(ctx_text, ending),
        len(words(ending)) / 10.0,
    ]


def _story(item: ClozeItem, ending: str) -> str:
    return " ".join([*item.context, ending])


def item_features(items: list[ClozeItem], embedder: Embedder) -> np.ndarray:
    """Feature tensor of shape (items, endings, dim); all items must have the same number of endings.

    Per ending: [e, e*last, e*context, story, cos(story, e), scalars] where e is the ending's
    embedding, story the embedding of context + ending, scalars as in :data:`SCALAR_NAMES`.
    """
    if not items:
        return np.zeros((0, 0, 0), dtype=np.float32)
    n_end = len(items[0].endings)
    texts: list[str] = []
    for item in items:
        texts.extend(item.context)
        texts.append(" ".join(item.context))
        texts.extend(item.endings)
        texts.extend(_story(item, ending) for ending in item.endings)
    vectors = embedder.encode(texts)
    index = {t: i for i, t in enumerate(texts)}
    rows = []
    for item in items:
        first = vectors[index[item.context[0]]]
        last = vectors[index[item.context[-1]]]
        whole = vectors[index[" ".join(item.context)]]
        per_ending = []
        for ending in item.endings:
            e = vectors[index[ending]]
            story = vectors[index[_story(item, ending)]]
            cos_vals = (float(e @ last), float(e @ whole), float(e @ first))
            scalars = np.asarray(scalar_features(item.context, ending, cos_vals), dtype=np.float32)
            per_ending.append(np.concatenate([e, e * last, e * whole, story, [float(story @ e)], scalars]))
        rows.append(per_ending)
    out = np.asarray(rows, dtype=np.float32)
    assert out.shape[1] == n_end
    return out
