"""Optional transformers models named by the user, loaded from a local path (absent by default).

``NLIModel`` wraps an ``AutoModelForSequenceClassification`` cross-encoder (premise, hypothesis) →
label probabilities, e.g. for summary ↔ story entailment. ``load_nli(settings)`` returns ``None``
when ``settings.nli_model`` (``WORLDSTATE_NLI_MODEL``) is unset.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

import numpy as np

from worldstate.config import Settings, offline_model_hub
from worldstate.errors import ConfigError

_lock = threading.Lock()


class NLIModel:
    """A local sequence-pair classifier; ``predict`` gives one {label: probability} per pair."""

    def __init__(self, path: str, batch_size: int = 16, max_length: int = 512) -> None:
        offline_model_hub()
        if not Path(path).exists():
            raise ConfigError(f"NLI model path {path!r} does not exist (WORLDSTATE_NLI_MODEL must be a local folder)")
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        try:
            self.tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
            self.model = AutoModelForSequenceClassification.from_pretrained(path, local_files_only=True)
        except (OSError, ValueError, KeyError) as exc:
            raise ConfigError(f"cannot load NLI model from {path!r}: {exc}") from None
        self.model.eval()
        self._torch = torch
        self.path = path
        self.batch_size = batch_size
        self.max_length = max_length
        config = self.model.config
        self.labels = [str(config.id2label[i]).lower() for i in range(config.num_labels)]

    def predict(self, premises: list[str], hypotheses: list[str]) -> list[dict[str, float]]:
        if len(premises) != len(hypotheses):
            raise ValueError("premises and hypotheses must have the same length")
        out: list[dict[str, float]] = []
        for k in range(0, len(premises), self.batch_size):
            batch = self.tokenizer(
                premises[k : k + self.batch_size],
                hypotheses[k : k + self.batch_size],
                padding=True,
                truncation=True,
                max_length=self.max_length,
                return_tensors="pt",
            )
            with self._torch.no_grad():
                logits = self.model(**batch).logits.float().numpy()
            probs = np.exp(logits - logits.max(axis=1, keepdims=True))
            probs /= probs.sum(axis=1, keepdims=True)
            out.extend({label: float(p) for label, p in zip(self.labels, row, strict=True)} for row in probs)
        return out

    def entailment(self, premise: str, hypothesis: str) -> float:
        """Probability of the label named 'entailment' (or the last label when none is)."""
        probs = self.predict([premise], [hypothesis])[0]
        key = next((k for k in probs if k.startswith("entail")), self.labels[-1])
        return probs[key]


@lru_cache(maxsize=2)
def _load(path: str) -> NLIModel:
    return NLIModel(path)


def load_nli(settings: Settings) -> NLIModel | None:
    """The user's NLI model (cached), or None when none is configured."""
    if not settings.nli_model:
        return None
    with _lock:
        return _load(settings.nli_model)
