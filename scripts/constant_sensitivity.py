"""Measure how the hand-set constants no ``bench tune`` fits move their numbers (their provenance comments).

Two families:

- ``coref``: ``PRONOUN_WINDOW``, ``EMBED_THRESHOLD`` and ``NAME_MARGIN`` of ``extract/coref/resolver.py``, each
  set in turn to the values below in a fresh process (and a fresh cache), scored with ``worldstate bench run
  litbank-coref`` on the LitBank development half (CoNLL F1, in-sample ranker weights as shipped).
- ``text-checks``: the six perspective and tense thresholds of ``detect/constory/text_checks.py``, counted as
  findings on the clean texts of ``bench timeline-alarms`` (every one a false alarm) and on planted_Q's planted
  and original stories.

    python scripts/constant_sensitivity.py coref --data ../shared/data/litbank --out /tmp/coref-constants
    python scripts/constant_sensitivity.py text-checks --litbank ../shared/data/litbank \
        --gutenberg ../shared/data/corpora/gutenberg --planted ../shared/data/flawedfictions/planted_Q.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

COREF_VALUES = {
    "PRONOUN_WINDOW": [3, 4, 6],
    "EMBED_THRESHOLD": [0.5, 0.55, 0.6],
    "NAME_MARGIN": [-0.12, -0.06, 0.0],
}
TEXT_CHECK_VALUES = {
    "PERSPECTIVE_STORY_MAX": [0.05, 0.1, 0.2],
    "PERSPECTIVE_PARAGRAPH_MIN": [0.5, 0.6, 0.7],
    "PERSPECTIVE_MIN_PRONOUNS": [2, 3, 4],
    "TENSE_STORY_MAX": [0.1, 0.15, 0.25],
    "TENSE_PARAGRAPH_MIN": [0.65, 0.75, 0.85],
    "TENSE_MIN_VERBS": [4, 6, 8],
}
_RUN_ONE = """
import sys
import worldstate.extract.coref.resolver as resolver
from worldstate.cli.main import cli
name, value = sys.argv[1], sys.argv[2]
if name != "-":
    setattr(resolver, name, type(getattr(resolver, name))(value))
sys.argv = ["worldstate", "bench", "run", "litbank-coref", "--data", sys.argv[3], "--out", sys.argv[4], "--no-progress"]
cli()
"""


def coref(data: Path, out: Path) -> None:
    """One ``bench run litbank-coref`` per constant value; prints CoNLL F1 of each."""
    runs = [("-", "0")] + [(name, str(v)) for name, values in COREF_VALUES.items() for v in values]
    for name, value in runs:
        tag = "shipped" if name == "-" else f"{name}={value}"
        run_dir = out / tag
        env = {**os.environ, "WORLDSTATE_CACHE_DIR": str(out / f"cache-{tag}")}  # no analysis shared across values
        subprocess.run(
            [sys.executable, "-c", _RUN_ONE, name, value, str(data), str(run_dir)],
            env=env,
            check=True,
            capture_output=True,
        )
        metrics = json.loads((run_dir / "metrics.json").read_text())["metrics"]
        print(f"{tag:24} CoNLL F1 {metrics['conll_f1']:.4f}", flush=True)


def text_checks(litbank: Path, gutenberg: Path, planted: Path) -> None:
    """Perspective and tense findings per threshold value on clean prose and on planted_Q."""
    import worldstate
    from worldstate.bench.timeline_alarms import clean_texts
    from worldstate.detect.constory import text_checks as tc

    clean = [worldstate.analyze(t.text, layers="parse") for t in clean_texts(litbank, gutenberg)]
    words = sum(len(w.story.text.split()) for w in clean)
    rows = [json.loads(line) for line in planted.read_text().splitlines() if line.strip()]
    story_key = next(k for k in ("story", "text", "original_story") if k in rows[0])
    flawed = [worldstate.analyze(r[story_key], layers="parse") for r in rows]

    def count(worlds: list) -> int:
        return sum(len(tc.perspective_issues(w.story)) + len(tc.tense_issues(w)) for w in worlds)

    print(f"{len(clean)} clean texts, {words} words; {len(flawed)} planted_Q stories", flush=True)
    for name, values in TEXT_CHECK_VALUES.items():
        shipped = getattr(tc, name)
        for value in values:
            setattr(tc, name, value)
            print(f"{name}={value}: clean {count(clean)}, planted_Q {count(flawed)}", flush=True)
        setattr(tc, name, shipped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="family", required=True)
    c = sub.add_parser("coref")
    c.add_argument("--data", type=Path, required=True)
    c.add_argument("--out", type=Path, required=True)
    t = sub.add_parser("text-checks")
    t.add_argument("--litbank", type=Path, required=True)
    t.add_argument("--gutenberg", type=Path, required=True)
    t.add_argument("--planted", type=Path, required=True)
    args = parser.parse_args()
    if args.family == "coref":
        coref(args.data, args.out)
    else:
        text_checks(args.litbank, args.gutenberg, args.planted)


if __name__ == "__main__":
    main()
