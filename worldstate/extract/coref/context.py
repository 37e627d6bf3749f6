"""Contextual token vectors for the coreference pair scorer.

spaCy's ``tok2vec`` computes a contextual vector for every token while it parses (``Doc.tensor``: 96
numbers for ``en_core_web_sm``, each token seen with a few words either side). The parse keeps its spaCy
Docs (``ParsedDoc.chunks``), so these vectors cost nothing more than gathering them: one row per token of
the :class:`ParsedDoc` (its tokens are the chunks' non-space tokens, in order). Backends without a tensor
(Stanza, Chinese) get zero rows, which the scorer reads as "no context".
"""

from __future__ import annotations

from typing import Any

import numpy as np

from worldstate.extract.parsed import ParsedDoc

WIDTH = 96  # en_core_web_sm's tok2vec width; another pipeline's vectors are cut or padded to it


def token_vectors(doc: ParsedDoc) -> np.ndarray:
    """Unit-length contextual vectors, one row per token of ``doc`` (zeros where the parse has none)."""
    n = len(doc.tokens)
    out = np.zeros((n, WIDTH), dtype=np.float32)
    rows: list[np.ndarray] = []
    for _offset, sdoc in doc.chunks:
        tensor = getattr(sdoc, "tensor", None)
        if tensor is None or len(tensor) != len(sdoc):
            return out
        keep = [tok.i for tok in sdoc if not tok.is_space]
        rows.append(np.asarray(tensor)[keep])
    if not rows or sum(len(r) for r in rows) != n:  # the tokens were changed after parsing: no vectors
        return out
    vectors = np.concatenate(rows).astype(np.float32, copy=False)
    width = min(WIDTH, vectors.shape[1])
    out[:, :width] = vectors[:, :width]
    return _unit(out)


def mention_vectors(vectors: np.ndarray, infos: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Per mention, the unit vector of its head token and of the mean over its tokens ``[first, last)``."""
    n = len(infos)
    heads = np.zeros((n, WIDTH), dtype=np.float32)
    spans = np.zeros((n, WIDTH), dtype=np.float32)
    if not len(vectors):
        return heads, spans
    for k, info in enumerate(infos):
        heads[k] = vectors[info.head]
        first, last = max(0, info.first), min(len(vectors), max(info.last, info.first + 1))
        spans[k] = vectors[first:last].mean(axis=0) if last > first else vectors[info.head]
    return heads, _unit(spans)


def _unit(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return np.divide(rows, norms, out=np.zeros_like(rows), where=norms > 0)
