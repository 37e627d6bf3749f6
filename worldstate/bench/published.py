"""Published anchors (``data/published.yaml``): numbers from the papers to print beside ours."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from worldstate.data import load_yaml


@lru_cache(maxsize=1)
def published_table() -> dict[str, Any]:
    """The whole table, keyed by benchmark name."""
    return load_yaml("bench", "data/published.yaml") or {}


def anchor_list(benchmark: str) -> list[dict[str, Any]]:
    """The anchors of one benchmark (metric, system, value, table)."""
    return list(published_table().get(benchmark, {}).get("anchors") or [])


def anchor_source(benchmark: str) -> str:
    return str(published_table().get(benchmark, {}).get("source", ""))


def anchors_for(benchmark: str) -> dict[str, float]:
    """Flat anchor name (``metric: system``) → value, as written into metrics.json."""
    return {f"{a['metric']}: {a['system']}": float(a["value"]) for a in anchor_list(benchmark)}
