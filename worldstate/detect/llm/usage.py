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


# what a run counts, in the order reports list them (failure kinds follow "failures")
COUNTERS = (
    "calls",
    "attempts",
    "cached_hits",
    "failures",
    "unusable_outputs",
    "budget_refusals",
    "skipped_after_failures",
    "prompt_tokens",
    "completion_tokens",
    "calls_without_token_counts",
    "kept_quotes",
    "dropped_quotes",
    "injection_warnings",
)


@dataclass
class Usage:
    """Thread-safe counters for one adjudicator (one run): ``counts`` holds one number per name in
    :data:`COUNTERS`, also readable as attributes (``usage.calls``)."""

    provider: str
    model: str
    budget_calls: int
    counts: Counter = field(default_factory=Counter)
    failure_kinds: Counter = field(default_factory=Counter)
    last_note: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __getattr__(self, name: str) -> int:
        if name in COUNTERS:
            return self.counts[name]
        raise AttributeError(name)

    def reserve_call(self) -> bool:
        """Take one call from the budget; False when it is spent."""
        with self._lock:
            if self.counts["calls"] >= self.budget_calls:
                self.counts["budget_refusals"] += 1
                return False
            self.counts["calls"] += 1
            return True

    def add(self, **counts: int) -> None:
        unknown = set(counts) - set(COUNTERS)
        if unknown:
            raise AttributeError(f"no usage counter {', '.join(sorted(unknown))}")
        with self._lock:
            self.counts.update(counts)

    def fail(self, kind: str, note: str) -> None:
        with self._lock:
            self.counts["failures"] += 1
            self.failure_kinds[kind] += 1
            self.last_note = note

    def note(self, text: str) -> None:
        with self._lock:
            self.last_note = text

    def cost_usd(self) -> float | None:
        price = price_for(self.provider, self.model)
        if price is None:
            return None
        tokens = self.counts["prompt_tokens"] * price["prompt"] + self.counts["completion_tokens"] * price["completion"]
        return round(tokens / 1e6, 6)

    def as_dict(self) -> dict[str, Any]:
        with self._lock:
            out: dict[str, Any] = {"provider": self.provider, "model": self.model, "budget_calls": self.budget_calls}
            for name in COUNTERS:
                out[name] = self.counts[name]
                if name == "failures":
                    out["failure_kinds"] = dict(self.failure_kinds)
            out["last_note"] = self.last_note
        out["estimated_cost_usd"] = self.cost_usd()
        return out
