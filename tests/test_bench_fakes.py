"""Fast fake predictors for the harness tests (importable by worker processes and subprocesses).

They look only at an item's id and inputs, like real predictors, and are deterministic.
"""

from __future__ import annotations

import hashlib
import os
import time
from typing import Any


def _bit(text: str) -> int:
    return hashlib.sha1(text.encode("utf-8")).digest()[0] % 2


def fake_choice(item: Any, settings: Any, context: Any = None) -> dict[str, Any]:
    """Pick option 0 or 1 from a hash of the item id; sleeps WORLDSTATE_FAKE_SLEEP seconds (default 0)."""
    delay = float(os.environ.get("WORLDSTATE_FAKE_SLEEP", "0"))
    if delay:
        time.sleep(delay)
    return {"choice": _bit(item.id), "scores": [0.25, 0.75]}


def fake_failing(item: Any, settings: Any, context: Any = None) -> dict[str, Any]:
    """Fails on every third item (by hash), otherwise like :func:`fake_choice`."""
    if int(hashlib.sha1(item.id.encode()).hexdigest(), 16) % 3 == 0:
        raise ValueError(f"cannot handle {item.id}")
    return fake_choice(item, settings, context)


def fake_peek_gold(item: Any, settings: Any, context: Any = None) -> dict[str, Any]:
    """Reports whether any gold reached the predictor (it must not)."""
    return {"choice": 0, "saw_gold": bool(item.gold)}


def test_fakes_are_deterministic() -> None:
    class It:
        id = "qa_1"

    assert fake_choice(It(), None) == fake_choice(It(), None)


def fake_with_findings(item: Any, settings: Any, context: Any = None) -> dict[str, Any]:
    """Like :func:`fake_choice`, with one finding whose id depends on the item's hash bit (two ids in all)."""
    return {**fake_choice(item, settings, context), "findings": [{"id": f"fake-{_bit(item.id)}", "category": "x"}]}
