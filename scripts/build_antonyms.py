"""Build ``worldstate/extract/coref/data/antonyms.tsv`` from WordNet 3.0's adjective files.

    python scripts/build_antonyms.py WORDNET_DIR   # the folder with data.adj and index.adj

Two adjectives contrast when WordNet makes them antonyms ("young" / "old", "first" / "last") directly, or
through the head synsets their satellites hang on ("elder" is a satellite of "senior", "younger" of
"junior", and "senior" / "junior" are antonyms). Only a word's first ``SENSES`` senses count (WordNet orders
them by frequency), so that a rare sense does not set two common words apart. Ordinal words (``ORDINALS``)
contrast with each other ("the first bride" / "the second bride").

Output: one line per adjective, ``word<TAB>group,group,...`` where a group is ``+N`` (the word is on one side
of antonym pair N) or ``-N`` (the other side); two words contrast when one holds ``+N`` and the other ``-N``.
"""

from __future__ import annotations

import sys
from pathlib import Path

SENSES = 2
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth"]  # fmt: skip
OUT = Path(__file__).resolve().parent.parent / "worldstate" / "extract" / "coref" / "data" / "antonyms.tsv"


def _synsets(path: Path) -> dict[str, tuple[str, list[str], list[str], list[tuple[str, int, int]]]]:
    """offset → (type, words, satellite-of heads, antonym pointers (target, source word, target word))."""
    out = {}
    for line in path.read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.partition(" | ")[0].split()
        n = int(f[3], 16)
        words = [f[4 + 2 * i].lower().split("(")[0] for i in range(n)]
        rest = f[4 + 2 * n :]
        heads, antonyms = [], []
        for k in range(int(rest[0])):
            symbol, target, _pos, st = rest[1 + 4 * k : 5 + 4 * k]
            if symbol == "&":
                heads.append(target)
            elif symbol == "!":
                antonyms.append((target, int(st[:2], 16), int(st[2:], 16)))
        out[f[0]] = (f[2], words, heads, antonyms)
    return out


def _first_senses(path: Path) -> dict[str, set[str]]:
    """offset → the words for which it is one of their first SENSES senses."""
    out: dict[str, set[str]] = {}
    for line in path.read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split()
        for offset in f[-int(f[2]) :][:SENSES]:
            out.setdefault(offset, set()).add(f[0])
    return out


def main(wordnet: Path) -> None:
    synsets = _synsets(wordnet / "data.adj")
    common = _first_senses(wordnet / "index.adj")
    satellites: dict[str, list[str]] = {}
    for offset, (kind, _w, heads, _a) in synsets.items():
        if kind == "s":
            for h in heads:
                satellites.setdefault(h, []).append(offset)
    groups: dict[str, set[str]] = {}
    pairs: dict[frozenset[str], int] = {}
    for offset, (_kind, words, _h, antonyms) in synsets.items():
        for target, source_word, target_word in antonyms:
            key = frozenset((offset, target))
            number = pairs.setdefault(key, len(pairs) + 1)
            sign = "+" if offset == min(key) else "-"
            own = [words[source_word - 1]] if source_word else list(words)
            members = [(offset, w) for w in own]
            members += [(s, w) for s in satellites.get(offset, []) for w in synsets[s][1]]
            del target_word  # the satellites of the target are reached from its own antonym pointer
            for synset, word in members:
                if "_" not in word and word in common.get(synset, ()):
                    groups.setdefault(word, set()).add(f"{sign}{number}")
    base = len(pairs) + 1
    for k, word in enumerate(ORDINALS):  # each ordinal against every other: one pair per two ordinals
        for m, other in enumerate(ORDINALS[k + 1 :], start=k + 1):
            number = base + k * len(ORDINALS) + m
            groups.setdefault(word, set()).add(f"+{number}")
            groups.setdefault(other, set()).add(f"-{number}")
    lines = [f"{w}\t{','.join(sorted(g))}" for w, g in sorted(groups.items())]
    OUT.write_text("# Adjectives that contrast (scripts/build_antonyms.py, WordNet 3.0)\n" + "\n".join(lines) + "\n")
    print(f"{len(lines)} adjectives, {len(pairs)} antonym pairs")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
