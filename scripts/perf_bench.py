"""Performance benchmark: analyse and check stories of 1k–100k words, stage by stage.

Usage::

    python scripts/perf_bench.py [--sizes 1000,3000,10000,30000,100000] [--corpus ../shared/data/corpora/gutenberg]
                                 [--json OUT.json]

Texts are concatenated Project Gutenberg tales (headers stripped), cut at a sentence boundary near
the target size. Each size runs in a fresh subprocess (so peak memory is per size) after a warm-up
that loads the models; model loading is not counted. Stages: extract (parse, entities, events,
propositions, knowledge), state (JSON + graph views), reason (Z3 rule packs and epistemic
checks), detect (the continuity and knowledge heads on the built world state).

The naive baseline is the shape of FlawedFictions' "Entailment" baseline: a cross-encoder over
all sentence pairs. Its cost is measured per pair on a sample of 256 pairs (MiniLM over the
concatenated pair, a cheaper model than the paper's DeBERTa-v3-large) and multiplied by
n(n-1)/2; the printed ratio is naive time / our end-to-end time.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "corpora" / "gutenberg"
GUTENBERG_START = re.compile(r"\*\*\*\s*START OF.*?\*\*\*", re.I | re.S)
GUTENBERG_END = re.compile(r"\*\*\*\s*END OF", re.I)


def corpus_text(corpus: Path) -> str:
    """All Gutenberg books in the folder, headers and footers removed, concatenated."""
    parts = []
    for path in sorted(corpus.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        start = GUTENBERG_START.search(text)
        end = GUTENBERG_END.search(text)
        parts.append(text[start.end() if start else 0 : end.start() if end else len(text)])
    return "\n\n".join(parts)


def cut_words(text: str, words: int) -> str:
    """The first ``words`` words of ``text``, extended to the next sentence end."""
    matches = list(re.finditer(r"\S+", text))
    if words >= len(matches):
        return text
    cut = matches[words - 1].end()
    end = re.search(r"[.!?][\"'”’]?\s", text[cut:])
    return text[: cut + (end.end() if end else 0)]


def run_one(text: str) -> dict:
    """Time each stage on ``text`` in this process (models already warm)."""
    from worldstate.analysis import analyze
    from worldstate.config import Settings
    from worldstate.state import to_json
    from worldstate.state.graphs import build_view

    settings = Settings.from_env()
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    world = analyze(text, settings, embed_early=True)  # the knowledge head's embeddings, alongside extraction
    ws = world.state
    times["extract"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    to_json(ws)
    for view in ("events", "entities", "knowledge"):
        build_view(ws, view)
    times["state"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    from worldstate.reason import check

    result = check(ws)
    times["reason"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    findings = detect_on_world(world)
    times["detect"] = time.perf_counter() - t0
    return {
        "words": len(text.split()),
        "sentences": len(ws.story.sentences),
        "times": times,
        "total": sum(times.values()),
        "conflicts": len(result.conflicts),
        "findings": findings,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def detect_on_world(world) -> int:
    """Run every story-only task head on the analysed story; returns the number of findings."""
    from worldstate.detect.heads import story_only_heads

    return sum(len(head.load()(world).findings) for head in story_only_heads())


def naive_pairs_seconds(text: str, sample: int = 256) -> tuple[float, int]:
    """Estimated seconds for a cross-encoder over all sentence pairs (measured per pair on a sample)."""
    import random

    from worldstate.extract.models import get_embedder
    from worldstate.state import Story

    story = Story.from_text(text)
    sentences = [story.sentence_text(i) for i in range(len(story.sentences))]
    n = len(sentences)
    pairs = n * (n - 1) // 2
    rng = random.Random(0)
    batch = [f"{rng.choice(sentences)} [SEP] {rng.choice(sentences)}" for _ in range(sample)]
    embedder = get_embedder()
    t0 = time.perf_counter()
    embedder.encode(batch)
    per_pair = (time.perf_counter() - t0) / sample
    return per_pair * pairs, pairs


def child(args: argparse.Namespace) -> None:
    """Subprocess body: warm up, run one size, print JSON."""
    text = cut_words(corpus_text(Path(args.corpus)), args.child)
    run_one(cut_words(text, 200))  # warm-up: load models
    result = run_one(text)
    naive, pairs = naive_pairs_seconds(text)
    result["naive_seconds"] = naive
    result["naive_pairs"] = pairs
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    parser.add_argument("--json", default=None, help="Also write the results to this JSON file.")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args)
        return
    if not Path(args.corpus).is_dir():
        sys.exit(f"error: corpus folder not found: {args.corpus}")
    rows = []
    header = f"{'words':>8} {'sent.':>6} {'extract':>8} {'state':>7} {'reason':>7} {'detect':>7} {'total s':>8} {'words/s':>8} {'peak MB':>8} {'naive/ours':>11}"
    print(header)
    for size in [int(s) for s in args.sizes.split(",")]:
        proc = subprocess.run(
            [sys.executable, __file__, "--child", str(size), "--corpus", args.corpus],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            print(f"{size}: failed\n{proc.stderr[-2000:]}", file=sys.stderr)
            continue
        row = json.loads(proc.stdout.strip().splitlines()[-1])
        rows.append(row)
        t = row["times"]
        print(
            f"{row['words']:>8} {row['sentences']:>6} {t['extract']:>8.2f} {t['state']:>7.2f} {t['reason']:>7.2f} {t['detect']:>7.2f} "
            f"{row['total']:>8.2f} {row['words'] / row['total']:>8.0f} {row['peak_rss_mb']:>8.0f} {row['naive_seconds'] / row['total']:>11.0f}",
            flush=True,
        )
    if len(rows) >= 2:
        xs = [math.log(r["words"]) for r in rows]
        ys = [math.log(r["total"]) for r in rows]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
        print(f"fitted exponent: time ∝ words^{slope:.2f} (target ≤ 1.15)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
