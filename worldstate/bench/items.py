"""The unit of a benchmark run: an item with its inputs (what a predictor sees) and gold (only for scoring)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Item:
    """One benchmark item. Predictors receive ``inputs`` only; ``gold`` is read by the scorers alone."""

    id: str
    inputs: dict[str, Any]
    gold: dict[str, Any] = field(default_factory=dict)
    words: int = 0
    split: str = ""  # the dataset's own part ("tune", "check"), for ``bench run --split``; "" when it has none


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def count_words(text: str) -> int:
    """Whitespace words, plus one per CJK character (so Chinese text counts characters)."""
    cjk = len(_CJK.findall(text))
    return len(_CJK.sub(" ", text).split()) + cjk


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key that orders embedded numbers numerically (story_2 before story_10)."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))
