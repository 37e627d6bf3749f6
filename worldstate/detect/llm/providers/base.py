"""What every model provider offers: ``complete(messages, max_tokens, temperature) -> Completion``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Completion:
    """A model's reply and its token counts (None when the provider does not report them)."""

    text: str
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    attempts: int = 1


class ProviderError(RuntimeError):
    """The provider gave no usable reply (after its retries). ``kind`` names the failure for usage counts."""

    def __init__(self, message: str, kind: str = "error", attempts: int = 1) -> None:
        super().__init__(message)
        self.kind = kind
        self.attempts = attempts


class Provider(Protocol):
    name: str
    model: str

    def complete(self, messages: list[dict[str, str]], *, max_tokens: int, temperature: float) -> Completion: ...
