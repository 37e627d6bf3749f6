"""How far a coreference output is from issue 15's character targets: the measures after a random share of
its wrong mentions is put right.

A ``bench run litbank-coref`` output is read with LitBank's gold (the gold is the point here: this is an
analysis of a finished run, never a prediction). Each gold entity gets a *home*: the predicted cluster
holding most of its mentions when the entity is that cluster's majority, else a new cluster. With share ``p``
each predicted gold mention that sits outside its home moves home with probability ``p``. At ``p = 0`` the
run's own scores come back; at ``p = 1`` every mention the run found sits with its whole entity, so the rest
of the error is mention detection. ``scope="characters"`` moves only mentions of the gold characters
(entities with five or more mentions), the ones the two character measures read.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from worldstate.bench.items import Item
from worldstate.errors import InputError

Span = tuple[int, int]
MEASURES = ("conll_f1", "clusters_per_character", "merged_documents")
SHARES = (0.0, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 1.0)


def _majority(cluster: set[Span], owner: dict[Span, int]) -> int | None:
    votes = Counter(owner[m] for m in cluster if m in owner)
    return min(votes, key=lambda g: (-votes[g], g)) if votes else None


def repair(
    gold: Sequence[set[Span]], clusters: Sequence[set[Span]], share: float, rng: random.Random, movable: set[int]
) -> list[set[Span]]:
    """``clusters`` with each mention of a gold entity in ``movable`` that sits away from the entity's home
    moved home with probability ``share`` (the inputs are not changed)."""
    owner = {m: i for i, entity in enumerate(gold) for m in entity}
    out = [set(c) for c in clusters]
    where = {m: i for i, c in enumerate(out) for m in c}
    majority = [_majority(c, owner) for c in out]
    home: dict[int, int] = {}
    for i, entity in enumerate(gold):
        votes = Counter(where[m] for m in entity if m in where)
        if not votes:
            continue
        best = min(votes, key=lambda c: (-votes[c], c))
        if majority[best] == i:
            home[i] = best
        else:
            out.append(set())
            home[i] = len(out) - 1
    for mention in sorted(where):
        entity = owner.get(mention)
        if entity is None or entity not in movable or where[mention] == home[entity]:
            continue
        if rng.random() < share:
            out[where[mention]].discard(mention)
            out[home[entity]].add(mention)
            where[mention] = home[entity]
    return [c for c in out if c]


def _as_sets(rows: Iterable[Iterable[Iterable[int]]]) -> list[set[Span]]:
    return [{(int(s[0]), int(s[1])) for s in cluster} for cluster in rows]  # type: ignore[index]


def read_predictions(run: Path) -> dict[str, dict[str, Any]]:
    """The predictions of a ``bench run litbank-coref`` output folder (or its predictions.jsonl), by item id."""
    path = run / "predictions.jsonl" if run.is_dir() else run
    if not path.is_file():
        raise InputError(str(run), "no predictions.jsonl here (made by `worldstate bench run litbank-coref`)")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {str(r["id"]): r.get("prediction") or {"clusters": []} for r in rows}


def headroom(
    items: list[Item],
    predictions: dict[str, dict[str, Any]],
    shares: Sequence[float] = SHARES,
    seeds: int = 3,
    scope: str = "all",
) -> list[dict[str, float]]:
    """Per share: the coreference measures (``MEASURES``) averaged over ``seeds`` random repairs."""
    from worldstate.bench.litbank import score_coref

    missing = [i.id for i in items if i.id not in predictions]
    if missing:
        raise InputError(missing[0], f"{len(missing)} LitBank documents have no prediction in this run")
    rows = []
    for share in shares:
        totals = dict.fromkeys(MEASURES, 0.0)
        for seed in range(seeds):
            rng = random.Random(seed)
            repaired = []
            for item in items:
                gold = _as_sets(item.gold["clusters"])
                characters = [set(map(tuple, c)) for c in item.gold.get("characters", [])]
                movable = (
                    {i for i, g in enumerate(gold) if g in characters}
                    if scope == "characters"
                    else set(range(len(gold)))
                )
                fixed = repair(gold, _as_sets(predictions[item.id].get("clusters", [])), share, rng, movable)
                repaired.append({"clusters": [sorted(map(list, c)) for c in fixed]})
            scores = score_coref(items, repaired)
            for name in MEASURES:
                totals[name] += scores[name] / seeds
        rows.append({"share": share, **{k: round(v, 4) for k, v in totals.items()}})
    return rows
