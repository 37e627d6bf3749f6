"""Performance: analyse and check stories of 1k–100k words, stage by stage (``worldstate bench perf``).

Texts are concatenated Project Gutenberg tales (headers stripped), cut at a sentence end near each
size. Each size runs in a fresh process (so peak memory is per size) after a warm-up that loads the
models; model loading is not counted there. Per size it times, on one analysis:

- ``analyze``: ``worldstate.analyze`` (parse, coreference, events, propositions, knowledge; the
  sentence embeddings start in a background thread, as ``check --task all`` does);
- ``continuity``: the continuity head (reasoner included), what ``check --task continuity`` adds;
- ``all``: every story-only head (continuity, knowledge, ConStory), what ``check --task all`` adds;

and reports words/s past start-up (analysis alone, + continuity, + all heads) and the ratio
(analyze + all) / (analyze + continuity). Separately it times whole ``worldstate check`` processes
on a 100-word story and on a 10,000-word story (start-up included), and their ratio.
"""

from __future__ import annotations

import json
import math
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GUTENBERG_START = re.compile(r"\*\*\*\s*START OF.*?\*\*\*", re.I | re.S)
GUTENBERG_END = re.compile(r"\*\*\*\s*END OF", re.I)
SHORT_STORY = (
    "Anna found a golden key in the garden behind the mill. She hid it under her bed and told nobody. "
    "That evening her father came home from the market with a sack of flour. He asked her what she had found "
    "in the garden. Anna smiled and said nothing at all. The next morning the key was gone, and Anna cried by "
    "the window until noon. Her father said he had thrown it into the river, because keys bring trouble."
)


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


def time_one(text: str) -> dict[str, Any]:
    """Time analysis and the heads on ``text`` in this process (models already warm)."""
    from worldstate.analysis import analyze
    from worldstate.config import Settings
    from worldstate.detect.heads import run_story_heads

    settings = Settings.from_env()
    times: dict[str, float] = {}
    started = time.perf_counter()
    world = analyze(text, settings)  # as `check --task continuity` and `worldstate.analyze` run it: no embeddings
    times["analyze"] = time.perf_counter() - started
    seconds: dict[str, float] = {}
    run_story_heads(world, seconds=seconds)  # the knowledge heads embed every sentence here (MiniLM, on first use)
    times["continuity"] = seconds["continuity"]  # the first head: as `check --task continuity` runs it
    times["all"] = sum(seconds.values())
    words = len(text.split())
    return {
        "words": words,
        "sentences": len(world.sentences),
        "times": times,
        "findings": len(world.findings),
        "words_per_s": words / (times["analyze"] + times["all"]),
        "words_per_s_analyze": words / times["analyze"],
        "words_per_s_continuity": words / (times["analyze"] + times["continuity"]),
        "all_over_continuity": (times["analyze"] + times["all"]) / (times["analyze"] + times["continuity"]),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def child(corpus: Path, size: int) -> dict[str, Any]:
    """One size in this (fresh) process: warm up on 200 words, then time."""
    text = cut_words(corpus_text(corpus), size)
    time_one(cut_words(text, 200))
    return time_one(text)


def check_seconds(task: str, text: str = SHORT_STORY, repeats: int = 2) -> float:
    """Best wall time of a whole ``worldstate check --json`` process on ``text`` (start-up included)."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as fh:
        fh.write(text + "\n")
    best = math.inf
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "worldstate", "check", fh.name, "--task", task, "--json"],
            capture_output=True,
            check=False,
        )
        best = min(best, time.perf_counter() - started)
    Path(fh.name).unlink(missing_ok=True)
    return best


def whole_process(corpus: Path, words: int) -> dict[str, float]:
    """Whole ``check`` processes: ``--task continuity`` and ``--task all`` on a 100-word story and on a
    ``words``-word story, and the all/continuity ratio on the long one."""
    long_story = cut_words(corpus_text(corpus), words)
    out = {f"{task}_100_words_s": check_seconds(task) for task in ("continuity", "all")}
    for task in ("continuity", "all"):
        out[f"{task}_{words}_words_s"] = check_seconds(task, long_story)
    out[f"all_over_continuity_{words}_words"] = out[f"all_{words}_words_s"] / out[f"continuity_{words}_words_s"]
    return out


def run_sizes(corpus: Path, sizes: list[int], echo: Any = print) -> list[dict[str, Any]]:
    """Every size in a fresh process; prints a table row per size through ``echo``."""
    echo(
        f"{'words':>8} {'sent.':>6} {'analyze':>8} {'contin.':>8} {'all':>7} "
        f"{'w/s analyze':>11} {'w/s +cont.':>10} {'w/s +all':>9} {'all/cont':>9} {'peak MB':>8}"
    )
    rows = []
    for size in sizes:
        proc = subprocess.run(
            [sys.executable, "-m", "worldstate.bench.perf", str(corpus), str(size)],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            echo(f"{size}: failed\n{proc.stderr[-2000:]}")
            continue
        row = json.loads(proc.stdout.strip().splitlines()[-1])
        rows.append(row)
        t = row["times"]
        echo(
            f"{row['words']:>8} {row['sentences']:>6} {t['analyze']:>8.2f} {t['continuity']:>8.2f} {t['all']:>7.2f} "
            f"{row['words_per_s_analyze']:>11.0f} {row['words_per_s_continuity']:>10.0f} {row['words_per_s']:>9.0f} "
            f"{row['all_over_continuity']:>9.2f} {row['peak_rss_mb']:>8.0f}"
        )
    if len(rows) >= 2:
        xs = [math.log(r["words"]) for r in rows]
        ys = [math.log(r["times"]["analyze"] + r["times"]["all"]) for r in rows]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
        echo(f"fitted exponent: time ∝ words^{slope:.2f}")
    return rows


if __name__ == "__main__":  # the per-size child process
    print(json.dumps(child(Path(sys.argv[1]), int(sys.argv[2]))))
