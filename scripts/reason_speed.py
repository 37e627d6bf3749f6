"""Measure the reasoner's speed on 1k, 10k and 100k words of concatenated Gutenberg tales.

World states come from the extractor (``--source extract``, the default) or, with
``--source synthetic``, from a generator that writes propositions, events and speeches at the
density the extractor produces (about one proposition and one event per sentence). Reasoning time
(``worldstate.reason.check``) is reported separately from extraction time.

    nice -n 10 python scripts/reason_speed.py --corpus ../shared/data/corpora/gutenberg/2591.txt
    python scripts/reason_speed.py --source synthetic --sizes 1000 10000 100000
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path

from worldstate.reason import check, load_packs
from worldstate.state import Entity, EntityKind, Event, Proposition, Source, Span, Speech, Story, WorldState

GUTENBERG_START = re.compile(r"\*\*\* ?START OF (THE|THIS) PROJECT GUTENBERG[^\n]*\n")
GUTENBERG_END = re.compile(r"\*\*\* ?END OF (THE|THIS) PROJECT GUTENBERG")


def corpus_words(paths: list[str]) -> list[str]:
    words: list[str] = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        start, end = GUTENBERG_START.search(text), GUTENBERG_END.search(text)
        text = text[start.end() if start else 0 : end.start() if end else len(text)]
        words += text.split()
    return words


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


def measure(text: str, source: str, repeats: int) -> dict[str, float]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = Path(__file__).resolve().parents[2] / "shared" / "data" / "corpora" / "gutenberg"
    parser.add_argument("--corpus", nargs="*", default=[str(here / "2591.txt"), str(here / "1597.txt")])
    parser.add_argument("--sizes", nargs="*", type=int, default=[1000, 10000, 100000])
    parser.add_argument("--source", choices=["extract", "synthetic"], default="extract")
    parser.add_argument("--repeats", type=int, default=3, help="reasoning runs per size (best is reported)")
    args = parser.parse_args()
    missing = [p for p in args.corpus if not Path(p).is_file()]
    if missing:
        sys.exit(f"error: corpus file not found: {', '.join(missing)}")
    words = corpus_words(args.corpus)
    for n in args.sizes:
        row = measure(text_of(words, n), args.source, args.repeats)
        print(json.dumps({"source": args.source, **row}), flush=True)


if __name__ == "__main__":
    main()
