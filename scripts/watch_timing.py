"""Time ``check --watch`` against a full ``check``: a full run of ``worldstate check STORY --task all`` (a new
process: models loaded, story analysed), then the time from a one-sentence edit to the printed report under
``--watch`` (the watching process keeps its models), for a few edits.

    python scripts/watch_timing.py STORY [--edits 3] [--task all]

Each edit changes one word of a different sentence in the middle of a copy of STORY; the watch prints one JSON
line a run (``--json``), and the time is taken from just before the save to that line. Ctrl-C (SIGINT) ends
the watch, which must exit 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = [sys.executable, "-m", "worldstate", "check"]


def full_check(story: Path, task: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + sys) of one full ``check`` in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([*COMMAND, str(story), "--task", task], capture_output=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def edited(text: str, n: int) -> str:
    """``text`` with one word of its n-th middle sentence changed ("the" -> "that", else a word added)."""
    sentences = re.split(r"(?<=[.!?])\s+", text)
    sentence = sentences[len(sentences) // 2 + n]
    changed = re.sub(r"\bthe\b", "that", sentence, count=1)
    changed = changed if changed != sentence else sentence.rstrip(".!?") + " again."
    return text.replace(sentence, changed, 1)


def next_run(watch: subprocess.Popen[str]) -> dict[str, object]:
    """The next JSON line the watch prints for a run."""
    assert watch.stdout is not None
    for line in watch.stdout:
        payload = json.loads(line)
        if "time" in payload:
            return payload
    raise RuntimeError("the watch ended before reporting")


def watched_edits(story: Path, task: str, edits: int) -> list[tuple[float, float, int]]:
    """Per edit: seconds from the save to the printed report, the run's own seconds, and how many stories it
    analysed (1: the edit was seen as a change, not taken from the cache)."""
    folder = Path(tempfile.mkdtemp(prefix="watch-timing-"))
    copy = folder / story.name
    shutil.copy(story, copy)
    text = copy.read_text(encoding="utf-8")
    watch = subprocess.Popen(
        [*COMMAND, str(copy), "--task", task, "--watch", "--json"], stdout=subprocess.PIPE, text=True
    )
    timings = []
    try:
        next_run(watch)  # the first check: models loaded, story analysed
        for n in range(edits):
            text = edited(text, n)  # one sentence more than the last save
            saved = time.perf_counter()
            copy.write_text(text, encoding="utf-8")
            report = next_run(watch)
            seen = time.perf_counter() - saved
            timings.append((seen, float(report["seconds"]), int(report["analysed"])))  # type: ignore[arg-type]
    finally:
        watch.send_signal(signal.SIGINT)
        code = watch.wait(timeout=60)
        shutil.rmtree(folder)
    if code != 0:
        raise SystemExit(f"the watch exited {code} on Ctrl-C")
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("story", type=Path)
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--task", default="all")
    args = parser.parse_args()
    wall, cpu = full_check(args.story, args.task)
    print(f"full check: {wall:.1f} s wall, {cpu:.1f} s CPU")
    for n, (seen, run, analysed) in enumerate(watched_edits(args.story, args.task, args.edits), 1):
        print(f"--watch edit {n}: report {seen:.2f} s after the save (the run {run:.2f} s, {analysed} analysed)")
    print(f"({os.cpu_count()} CPUs; wall-clock times vary with the load on the machine)")


if __name__ == "__main__":
    main()
