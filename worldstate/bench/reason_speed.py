"""The reasoner's speed on growing stories (``worldstate bench perf --reasoner``).

World states come from the extractor (``source="extract"``) or from a generator that writes propositions,
events and speeches at the density the extractor produces (``source="synthetic"``: about one proposition and
one event per sentence). Reasoning time (``worldstate.reason.check``, best of ``repeats``) is reported
separately from the time to build the world state.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

from worldstate.bench.perf import corpus_text
from worldstate.reason import check, load_packs
from worldstate.state import Entity, EntityKind, Event, Proposition, Source, Span, Speech, Story, WorldState

SOURCES = ("extract", "synthetic")


def text_of(words: list[str], n: int) -> str:
    """The first ``n`` words, repeating the corpus when it is shorter."""
    out = [words[i % len(words)] for i in range(n)]
    return " ".join(out)


def synthetic_world(story: Story, seed: int = 0) -> WorldState:
    """One proposition and one event per sentence over 40 characters and typical predicates."""
    rng = random.Random(seed)
    ws = WorldState(story=story)
    chars = [f"c{i}" for i in range(40)]
    ws.entities = [Entity(c, c.upper(), EntityKind.CHARACTER) for c in chars]
    adjectives = ["hot", "cold", "old", "young", "rich", "poor", "red", "black", "happy", "sad", "tall", "kind"]
    for s in story.sentences:
        subject = rng.choice(chars)
        span = s.span
        kind = rng.random()
        if kind < 0.5:
            pred, value = "is", rng.choice(adjectives)
        elif kind < 0.8:
            pred, value = "location", rng.choice(["mill", "forest", "castle", "village", "river"])
        elif kind < 0.9:
            pred, value = "alive", "false" if rng.random() < 0.05 else "true"
        else:
            pred, value = "age", str(rng.randint(5, 80))
        ws.propositions.append(
            Proposition(f"p{s.index}", subject, pred, value, span, s.index, True, s.index, None, Source.NARRATION)
        )
        verb = rng.choice(["go", "say", "walk", "see", "take", "cool", "sit", "come", "die"])
        ws.events.append(Event(f"e{s.index}", verb, s.index, s.index, span, agent=subject, present=[subject]))
        if rng.random() < 0.2:
            ws.speeches.append(Speech(f"s{s.index}", subject, [], span, Span(span.start, span.end), s.index, s.index))
    return ws


def measure(text: str, source: str, repeats: int = 3) -> dict[str, float]:
    """Build the world state of ``text`` and time the reasoner on it."""
    started = time.perf_counter()
    if source == "extract":
        from worldstate.analysis import analyze

        ws = analyze(text).state
    else:
        ws = synthetic_world(Story.from_text(text))
    extract_s = time.perf_counter() - started
    packs = load_packs()
    best = float("inf")
    result = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = check(ws, packs)
        best = min(best, time.perf_counter() - t0)
    assert result is not None
    return {
        "words": float(ws.story.word_count),
        "sentences": float(len(ws.story.sentences)),
        "propositions": float(len(ws.propositions)),
        "events": float(len(ws.events)),
        "build_s": round(extract_s, 3),
        "reason_s": round(best, 4),
        **{k: v for k, v in result.stats.items() if k in ("partitions", "solved_partitions", "conflicts", "timeouts")},
    }


def reasoner_rows(
    corpus: Path, sizes: list[int], source: str = "extract", repeats: int = 3
) -> Iterator[dict[str, float]]:
    """One row per size: the first ``size`` words of the corpus folder's books (repeated when shorter)."""
    words = corpus_text(corpus).split()
    for size in sizes:
        yield {"size": float(size), **measure(text_of(words, size), source, repeats)}
