"""Counting what the adjudicator did in a run: calls, cache hits, failures, tokens, cost, quotes."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from worldstate.data import load_yaml


@lru_cache(maxsize=1)
def price_table() -> dict[str, dict[str, float]]:
    """USD per million tokens by model-name prefix, from ``prices.yaml``."""
    raw = load_yaml("detect.llm", "prices.yaml")
    return {
        str(k): {"prompt": float(v["prompt"]), "completion": float(v["completion"])}
        for k, v in raw["usd_per_million_tokens"].items()
    }


def price_for(provider: str, model: str) -> dict[str, float] | None:
    """The price of ``model`` (longest matching name prefix); zero for local models; None when unknown."""
    if provider == "transformers":
        return {"prompt": 0.0, "completion": 0.0}
    name = model.rsplit("/", 1)[-1].lower()
    matches = [k for k in price_table() if name.startswith(k.lower())]
    return price_table()[max(matches, key=len)] if matches else None


@dataclass
class Usage:
    """Thread-safe counters for one adjudicator (one run)."""

    provider: str
    model: str
    budget_calls: int
    calls: int = 0
    attempts: int = 0
    cached_hits: int = 0
    failures: int = 0
    failure_kinds: Counter = field(default_factory=Counter)
    unusable_outputs: int = 0
    budget_refusals: int = 0
    skipped_after_failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls_without_token_counts: int = 0
    kept_quotes: int = 0
    dropped_quotes: int = 0
    injection_warnings: int = 0
    last_note: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def reserve_call(self) -> bool:
        """Take one call from the budget; False when it is spent."""
        with self._lock:
            if self.calls >= self.budget_calls:
                self.budget_refusals += 1
                return False
            self.calls += 1
            return True

    def add(self, **counts: int) -> None:
        with self._lock:
            for name, value in counts.items():
                setattr(self, name, getattr(self, name) + value)

    def fail(self, kind: str, note: str) -> None:
        with self._lock:
            self.failures += 1
            self.failure_kinds[kind] += 1
            self.last_note = note

    def note(self, text: str) -> None:
        with self._lock:
            self.last_note = text

    def cost_usd(self) -> float | None:
        price = price_for(self.provider, self.model)
        if price is None:
            return None
        return round((self.prompt_tokens * price["prompt"] + self.completion_tokens * price["completion"]) / 1e6, 6)

    def as_dict(self) -> dict[str, Any]:
        with self._lock:
            out = {
                "provider": self.provider,
                "model": self.model,
                "budget_calls": self.budget_calls,
                "calls": self.calls,
                "attempts": self.attempts,
                "cached_hits": self.cached_hits,
                "failures": self.failures,
                "failure_kinds": dict(self.failure_kinds),
                "unusable_outputs": self.unusable_outputs,
                "budget_refusals": self.budget_refusals,
                "skipped_after_failures": self.skipped_after_failures,
                "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens,
                "calls_without_token_counts": self.calls_without_token_counts,
                "kept_quotes": self.kept_quotes,
                "dropped_quotes": self.dropped_quotes,
                "injection_warnings": self.injection_warnings,
                "last_note": self.last_note,
            }
        out["estimated_cost_usd"] = self.cost_usd()
        return out
