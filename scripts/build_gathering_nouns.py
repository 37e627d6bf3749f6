"""Build ``worldstate/extract/timeline/data/gathering_nouns.json`` from WordNet 3.0's noun files.

    python scripts/build_gathering_nouns.py WORDNET_DIR   # the folder with index.noun and data.noun

A gathering noun names people together in one place or a thing a group does there: one of its first two
senses descends from ``gathering.n.01`` ("an assemblage of persons together for a common purpose": crowd,
congregation, audience) or ``group_action.n.01`` (procession, ceremony, battle). "In the midst of the
procession" places a character as "in the kitchen" does (``timeline/patterns.py: place_of``).
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

ROOTS = {"gathering": 14, "group_action": 4}  # lemma → lexicographer file of the sense meant


def main(folder: Path, out: Path) -> None:
    hypernyms: dict[str, list[str]] = {}
    lexfile: dict[str, int] = {}
    for line in (folder / "data.noun").read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split(" ")
        rest = f[4 + 2 * int(f[3], 16) :]
        hypernyms[f[0]] = [rest[2 + 4 * k] for k in range(int(rest[0])) if rest[1 + 4 * k] in ("@", "@i")]
        lexfile[f[0]] = int(f[1])
    senses: dict[str, list[str]] = {}
    for line in (folder / "index.noun").read_text("latin-1").splitlines():
        if not line.startswith(" "):
            f = line.split()
            senses[f[0]] = f[-int(f[2]) :]
    roots = {next(o for o in senses[lemma] if lexfile[o] == lex) for lemma, lex in ROOTS.items()}

    @cache
    def under_root(offset: str) -> bool:
        return offset in roots or any(under_root(h) for h in hypernyms[offset])

    sys.setrecursionlimit(10000)
    nouns = sorted(
        lemma
        for lemma, offsets in senses.items()
        if "_" not in lemma and lemma.replace("-", "").isalpha() and any(under_root(o) for o in offsets[:2])
    )
    data = {
        "provenance": "WordNet 3.0 (WordNet 3.0 licence, Princeton University); scripts/build_gathering_nouns.py: "
        "nouns with one of the first two senses under gathering.n.01 or group_action.n.01",
        "nouns": nouns,
    }
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(nouns)} nouns → {out}")


if __name__ == "__main__":
    main(
        Path(sys.argv[1]), Path(__file__).resolve().parents[1] / "worldstate/extract/timeline/data/gathering_nouns.json"
    )
