"""Shared pieces of the continuity checks: their lexicon and the conflict record they return."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    """The continuity lexicon (``data/knowledge/continuity.yaml``)."""
    text = resources.files("worldstate.detect").joinpath("data/knowledge/continuity.yaml").read_text("utf-8")
    return yaml.safe_load(text)


@dataclass(frozen=True)
class Conflict:
    """A later sentence (``error``) that contradicts an earlier one (``contradicted``)."""

    error: int  # sentence index
    contradicted: int  # sentence index
    subtype: str
    explanation: str
    confidence: float
    character: str = ""
