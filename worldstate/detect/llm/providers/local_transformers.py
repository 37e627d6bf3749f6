"""A local causal language model (``transformers``) loaded from a directory, decoded greedily.

The tokenizer's chat template is used when it has one; otherwise the messages are joined into a
plain ``System:/User:/Assistant:`` prompt. The model loads on the first call (so building an
adjudicator stays cheap) and runs on CUDA when available. A prompt longer than the model's context
is a ``ProviderError`` (the adjudicator then degrades), never a silent truncation of the story.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from worldstate.detect.llm.providers.base import Completion, ProviderError
from worldstate.errors import ConfigError


class TransformersProvider:
    """Greedy generation from ``AutoModelForCausalLM`` + ``AutoTokenizer`` at a local path."""

    name = "transformers"

    def __init__(self, model_path: str, *, device: str | None = None) -> None:
        path = Path(model_path).expanduser()
        if not path.is_dir():
            raise ConfigError(
                f"LLM model path {model_path!r} is not a directory (the transformers provider loads local models only)"
            )
        if not (path / "config.json").is_file():
            raise ConfigError(f"LLM model path {model_path!r} has no config.json (expected a saved transformers model)")
        self.path = path
        self.model = str(model_path)
        self._device = device
        self._lock = threading.Lock()
        self._generate_lock = threading.Lock()  # one generation at a time on the shared model
        self._loaded: tuple[Any, Any] | None = None

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._loaded is None:
                import torch
                from transformers import AutoModelForCausalLM, AutoTokenizer

                try:
                    tokenizer = AutoTokenizer.from_pretrained(self.path, local_files_only=True)
                    model = AutoModelForCausalLM.from_pretrained(self.path, local_files_only=True)
                except (OSError, ValueError, KeyError, RuntimeError, ImportError) as exc:
                    raise ConfigError(f"cannot load a causal LM from {str(self.path)!r}: {exc}") from None
                device = self._device or ("cuda" if torch.cuda.is_available() else "cpu")
                model.to(device).eval()
                self._loaded = (tokenizer, model)
            return self._loaded

    def _prompt_ids(self, tokenizer: Any, messages: list[dict[str, str]]) -> list[int]:
        if getattr(tokenizer, "chat_template", None):
            ids = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True)
            if isinstance(ids, dict) or hasattr(ids, "keys"):
                ids = ids["input_ids"]
            return list(ids)
        text = "\n\n".join(f"{m['role'].capitalize()}: {m['content']}" for m in messages) + "\n\nAssistant:"
        return list(tokenizer(text)["input_ids"])

    def complete(self, messages: list[dict[str, str]], *, max_tokens: int, temperature: float) -> Completion:
        """Greedy continuation of the chat (``temperature`` is ignored: decoding is deterministic)."""
        import torch

        tokenizer, model = self._load()
        ids = self._prompt_ids(tokenizer, messages)
        limit = getattr(model.config, "max_position_embeddings", None) or getattr(model.config, "n_positions", None)
        if limit and len(ids) + max_tokens > limit:
            if len(ids) >= limit:
                raise ProviderError(
                    f"prompt has {len(ids)} tokens, more than the model's context of {limit}", "too_long"
                )
            max_tokens = limit - len(ids)
        input_ids = torch.tensor([ids], device=model.device)
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
        try:
            with self._generate_lock, torch.no_grad():
                output = model.generate(
                    input_ids,
                    attention_mask=torch.ones_like(input_ids),
                    max_new_tokens=max_tokens,
                    do_sample=False,
                    pad_token_id=pad,
                )
        except (RuntimeError, ValueError) as exc:
            raise ProviderError(f"local generation failed: {exc}", "generation") from None
        new = output[0, input_ids.shape[1] :].tolist()
        text = tokenizer.decode(new, skip_special_tokens=True)
        return Completion(text=text, prompt_tokens=len(ids), completion_tokens=len(new))
