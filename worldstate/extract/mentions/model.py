"""The mention classifier: a multinomial logistic regression over hashed features, scored in numpy.

Weights live in an ``.npz`` (``weights``: columns × categories, float16; ``bias``; ``categories``;
``threshold``), fitted by ``worldstate bench tune litbank-entities``; the shipped file is
``worldstate/extract/mentions/data/mention_model.npz`` with ``mention_model.provenance.json`` beside it.
"""

from __future__ import annotations

import io
import itertools
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from worldstate.config import Settings
from worldstate.extract.mentions.features import COLUMNS

SHIPPED = "mention_model.npz"
TASK = "litbank-entities"  # the bench task whose ``bench tune`` fits the model
NONE = "none"
CATEGORIES = ("PER", "FAC", "GPE", "LOC", "VEH", "ORG")
LABELS = (NONE, *CATEGORIES)
DEFAULT_THRESHOLD = 0.5


@dataclass
class MentionModel:
    """Weights (columns × labels), bias per label, the label names and the decision threshold."""

    weights: np.ndarray
    bias: np.ndarray
    labels: tuple[str, ...] = LABELS
    threshold: float = DEFAULT_THRESHOLD

    def probabilities(self, rows: list[list[int]]) -> np.ndarray:
        """Softmax probabilities (candidates × labels) of candidates given as lists of feature columns."""
        if not rows:
            return np.zeros((0, len(self.labels)), dtype=np.float32)
        lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
        cols = np.fromiter(itertools.chain.from_iterable(rows), dtype=np.int64, count=int(lengths.sum()))
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        logits = np.add.reduceat(self.weights[cols].astype(np.float32), starts, axis=0) + self.bias
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=1, keepdims=True)

    def save(self, path: Path, **meta: str) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer,
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float32),
            labels=np.array(self.labels),
            threshold=np.array(self.threshold),
            columns=np.array(COLUMNS),
            **{k: np.array(v) for k, v in meta.items()},
        )
        path.write_bytes(buffer.getvalue())
        return path

    @classmethod
    def load(cls, source: Path | bytes) -> MentionModel:
        raw = np.load(io.BytesIO(source) if isinstance(source, bytes) else source)
        if int(raw["columns"]) != COLUMNS:
            raise ValueError(f"mention model hashed into {int(raw['columns'])} columns, features use {COLUMNS}")
        return cls(
            raw["weights"].astype(np.float32),
            raw["bias"].astype(np.float32),
            tuple(str(x) for x in raw["labels"]),
            float(raw["threshold"]),
        )


def shipped_path() -> Path:
    """The model file inside the package."""
    return Path(str(resources.files("worldstate.extract.mentions").joinpath("data", SHIPPED)))


def model_for(settings: Settings | None) -> MentionModel | None:
    """The model ``bench tune litbank-entities`` wrote to the cache dir of ``settings``, else the shipped one."""
    from worldstate.detect.tuned import tuned_file

    tuned = tuned_file(settings, TASK, SHIPPED)
    return load_model(str(tuned) if tuned else "")


@lru_cache(maxsize=4)
def load_model(path: str = "") -> MentionModel | None:
    """The model at ``path`` (default: the shipped one); None when the file is missing."""
    file = Path(path) if path else shipped_path()
    return MentionModel.load(file) if file.is_file() else None
