"""Write the stories of the second state-questions set (dev/state_qa_more) from the shared corpora.

The question file is committed; the story texts are not (they are read from ``../shared/data/corpora``
with the same loaders the tests use). The output folder gets ``stories.jsonl`` (``story_id``, ``source``,
``text``, ``split``) and a copy of ``questions.jsonl``, so that it is a state_qa folder for
``worldstate bench run state-questions --data OUT``.

    python scripts/build_state_qa_more.py --out /tmp/state_qa_more [--data ../shared/data]

(``--data`` defaults to $WORLDSTATE_SHARED_DATA, else ``../shared/data`` beside the checkout.)

The split was drawn once, before any question was written: the 20 story ids, sorted, shuffled by
``random.Random(SPLIT_SEED)``; the first ten are ``tune``, the other ten ``check``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from pathlib import Path

from worldstate.make.corpus import read_fairytaleqa_csv, read_text_file

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "dev" / "state_qa_more" / "questions.jsonl"
SPLIT_SEED = 35
GRIMM = "corpora/gutenberg/2591.txt"
FTQA = "corpora/fairytaleqa/stories"

# story id -> source under the shared data folder (``path#TITLE`` for a tale of a Gutenberg collection)
STORIES: dict[str, str] = {
    "K:golden-bird": f"{GRIMM}#THE GOLDEN BIRD",
    "K:goose-girl": f"{GRIMM}#THE GOOSE-GIRL",
    "K:twelve-dancing-princesses": f"{GRIMM}#THE TWELVE DANCING PRINCESSES",
    "K:robber-bridegroom": f"{GRIMM}#THE ROBBER BRIDEGROOM",
    "K:sweetheart-roland": f"{GRIMM}#SWEETHEART ROLAND",
    "K:ashputtel": f"{GRIMM}#ASHPUTTEL",
    "K:white-snake": f"{GRIMM}#THE WHITE SNAKE",
    "K:juniper-tree": f"{GRIMM}#THE JUNIPER-TREE",
    "K:water-of-life": f"{GRIMM}#THE WATER OF LIFE",
    "K:blue-light": f"{GRIMM}#THE BLUE LIGHT",
    "K:snow-white-and-rose-red": f"{GRIMM}#SNOW-WHITE AND ROSE-RED",
    "K:cat-skin": f"{GRIMM}#CAT-SKIN",
    "K:seven-ravens": f"{GRIMM}#THE SEVEN RAVENS",
    "K:king-of-the-golden-mountain": f"{GRIMM}#THE KING OF THE GOLDEN MOUNTAIN",
    "K:fundevogel": f"{GRIMM}#FUNDEVOGEL",
    "K:twelve-huntsmen": f"{GRIMM}#THE TWELVE HUNTSMEN",
    "Q:troll-wife": f"{FTQA}/troll-wife-story.csv",
    "Q:the-well-o-the-worlds-end": f"{FTQA}/the-well-o-the-worlds-end-story.csv",
    "Q:the-tale-of-benjamin-bunny": f"{FTQA}/the-tale-of-benjamin-bunny-story.csv",
    "Q:tale-of-ginger-and-pickles": f"{FTQA}/tale-of-ginger-and-pickles-story.csv",
}


def splits() -> dict[str, str]:
    """Each story id's split: the sorted ids shuffled with SPLIT_SEED, first half ``tune``."""
    ids = sorted(STORIES)
    random.Random(SPLIT_SEED).shuffle(ids)
    half = len(ids) // 2
    return {sid: ("tune" if n < half else "check") for n, sid in enumerate(ids)}


def story_text(data: Path, source: str) -> str:
    """The text of one story, read the way the tests read it."""
    path, _, title = source.partition("#")
    if title:
        tales = read_text_file(data / path)
        found = next((t for t in tales if t.title.upper() == title), None)
        if found is None:
            raise SystemExit(f"no tale {title!r} in {data / path}")
        return found.text
    return read_fairytaleqa_csv(data / path).text


def build(data: Path, out: Path) -> int:
    """Write OUT/stories.jsonl and OUT/questions.jsonl; the number of stories written."""
    split = splits()
    out.mkdir(parents=True, exist_ok=True)
    with (out / "stories.jsonl").open("w", encoding="utf-8") as fh:
        for sid, source in STORIES.items():
            row = {"story_id": sid, "source": source, "text": story_text(data, source), "split": split[sid]}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    if QUESTIONS.is_file():
        shutil.copyfile(QUESTIONS, out / "questions.jsonl")
    return len(STORIES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="folder to write stories.jsonl into")
    default_data = Path(os.environ.get("WORLDSTATE_SHARED_DATA", ROOT.parent / "shared" / "data"))
    parser.add_argument("--data", type=Path, default=default_data, help="the shared data folder")
    args = parser.parse_args(argv)
    if not (args.data / "corpora").is_dir():
        print(f"no corpora under {args.data}", file=sys.stderr)
        return 2
    n = build(args.data, args.out)
    print(f"{n} stories -> {args.out / 'stories.jsonl'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
