"""LOT generation tasks offline: non-neural baselines (clearly labelled as such) and user generations files.

- OutGen baseline ("outline-concat"): the outline phrases in their given order, joined into one text.
- PlotCom baseline ("retrieve-context"): the sentence of the story's own context (outside the masked slot's
  neighbours) most similar, by character-bigram F1, to the two sentences around ``<MASK>``.
A user's generations (``--predictions FILE``: JSON lines with ``id`` and ``text``) are scored the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from worldstate.bench.derive import PLOTCOM_MASK
from worldstate.bench.items import Item
from worldstate.bench.metrics.lot import squash
from worldstate.bench.readers import read_jsonl
from worldstate.config import Settings
from worldstate.errors import InputError
from worldstate.state.text import split_text


def _bigrams(text: str) -> list[str]:
    t = squash(text)
    return [t[i : i + 2] for i in range(len(t) - 1)]


def bigram_f1(a: str, b: str) -> float:
    """F1 of the character-bigram multisets of two texts."""
    from collections import Counter

    ca, cb = Counter(_bigrams(a)), Counter(_bigrams(b))
    overlap = sum((ca & cb).values())
    if not overlap:
        return 0.0
    p, r = overlap / sum(ca.values()), overlap / sum(cb.values())
    return 2 * p * r / (p + r)


def predict_outgen_baseline(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """Outline phrases in the given order, joined with Chinese commas (an honest non-neural floor)."""
    phrases = [p.strip() for p in item.inputs["outline"] if p.strip()]
    return {"text": "，".join(phrases) + "。" if phrases else "", "method": "outline-concat baseline"}


def predict_plotcom_baseline(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """The context sentence most similar to the masked slot's neighbours (not a neighbour itself)."""
    before, _, after = item.inputs["story"].partition(PLOTCOM_MASK)
    left, right = split_text(before), split_text(after)
    neighbours = ([left[-1]] if left else []) + ([right[0]] if right else [])
    query = "".join(neighbours)
    pool = [s for s in left[:-1] + right[1:] if s]
    best = max(pool, key=lambda s: (bigram_f1(s, query), -len(s)), default="")
    return {"text": best, "method": "retrieve-context baseline"}


def load_generations(path: Path) -> dict[str, str]:
    """A user's generations file: JSON lines with ``id`` and ``text`` (or ``generation``/``story``)."""
    out = {}
    for number, row in enumerate(read_jsonl(path), start=1):
        text = next((row[k] for k in ("text", "generation", "story", "plot") if k in row), None)
        if "id" not in row or text is None:
            raise InputError(str(path), "each line needs an id and a text field", number)
        out[str(row["id"])] = str(text)
    return out


def predict_from_file(item: Item, settings: Settings, context: Any = None) -> dict[str, Any]:
    """The generation for this item from the user's file (context = {"generated": {id: text}})."""
    generated = (context or {}).get("generated", {})
    if item.id not in generated:
        raise KeyError(f"no generation for item {item.id} in the predictions file")
    return {"text": generated[item.id], "method": "user generations file"}
