"""The realis event tagger: a linear model over hashed features of verbs, nouns and adjectives.

``bench tune litbank-events`` fits it (logistic regression) on LitBank's development half and writes
``realis.npz`` (weights, bias, threshold) with its provenance; the shipped copy lives in
``worldstate/extract/data/realis.npz``, a tuned one in ``<cache>/tuned/litbank-events/``. Scoring is numpy only.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from worldstate.extract.hashing import crc32_of
from worldstate.extract.parsed import ParsedDoc
from worldstate.extract.realis_features import doc_features

TASK = "litbank-events"
PARAMS_FILE = "realis.npz"
HASH_BITS = 18
DEFAULT_THRESHOLD = 0.5


def indices(features: list[str]) -> list[int]:
    """The distinct weight slots of ``features`` (a feature, or a hash collision, counts once)."""
    mask = (1 << HASH_BITS) - 1
    return sorted({value & mask for value in crc32_of(features)})


@dataclass(frozen=True)
class RealisModel:
    """Hashed-feature logistic regression: ``P(realis) = sigmoid(bias + sum(weights[features]))``."""

    weights: np.ndarray
    bias: float
    threshold: float = DEFAULT_THRESHOLD
    provenance: dict[str, Any] | None = None

    def probabilities(self, doc: ParsedDoc) -> dict[int, float]:
        """Token index → probability that it is a realis event trigger, for every candidate of ``doc``."""
        out = {}
        for i, feats in doc_features(doc):
            z = self.bias + float(self.weights[indices(feats)].sum())
            out[i] = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
        return out

    def realis(self, doc: ParsedDoc) -> dict[int, bool]:
        """Token index → whether that candidate is a realis event trigger."""
        return {i: bool(p >= self.threshold) for i, p in self.probabilities(doc).items()}

    def save(self, path: Path, provenance: dict[str, Any]) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            np.savez_compressed(
                fh,
                weights=self.weights.astype(np.float32),
                bias=np.float64(self.bias),
                threshold=np.float64(self.threshold),
                provenance=np.array(json.dumps(provenance)),
            )
        return path


def load_model(path: Path | Any) -> RealisModel:
    """A model saved by :meth:`RealisModel.save` (no pickle: arrays and a JSON string)."""
    with path.open("rb") as fh, np.load(fh, allow_pickle=False) as data:
        weights = np.asarray(data["weights"], dtype=np.float64)
        if weights.shape != (1 << HASH_BITS,):
            raise ValueError(f"{path}: expected {1 << HASH_BITS} weights, found {weights.shape}")
        return RealisModel(weights, float(data["bias"]), float(data["threshold"]), json.loads(str(data["provenance"])))


def shipped_path() -> Any:
    """The packaged parameters (a Traversable inside ``worldstate.extract``)."""
    return resources.files("worldstate.extract").joinpath("data", PARAMS_FILE)


def model_path(settings: Any | None) -> Any:
    """The tuned parameters when ``bench tune litbank-events`` has written them, else the shipped ones."""
    from worldstate.detect.tuned import tuned_file

    return tuned_file(settings, TASK, PARAMS_FILE) or shipped_path()


@lru_cache(maxsize=4)
def _load_cached(key: str) -> RealisModel | None:
    path = shipped_path() if key == "" else Path(key)
    if not path.is_file():
        return None
    return load_model(path)


def realis_model(settings: Any | None = None) -> RealisModel | None:
    """The model in use (tuned, else shipped), read once per process; None when neither exists."""
    path = model_path(settings)
    return _load_cached("" if path == shipped_path() else str(path))
