"""Build ``worldstate/extract/timeline/data/handling.json`` from WordNet 3.0's verb and noun files.

    python scripts/build_handling_verbs.py WORDNET_DIR   # the folder with data.verb, index.verb, data.noun, index.noun

(the same WordNet 3.0 files as ``scripts/build_verb_classes.py``; its readers are reused.)

Verbs of manual handling that the possession classes of ``verb_classes.json`` leave out:

- ``remove``: taking a thing off or out of something ("tore the star off the tree", "pulled the nail out of
  the board", "removed the ring from his finger", "tore off the golden star"): with a source phrase or an
  off/out particle, the subject holds the thing afterwards;
- ``rub``: working on a thing with the hands ("wiped the dirt off the soldier", "polished the lamp",
  "brushed the coat"): the subject holds what is rubbed (the object, or the source of "wiped X off Y");
- ``open``: opening a thing ("opened the envelope", "uncorked the bottle", "unlocked the casket"): the subject
  holds what is opened when it is a portable thing (not a door, a window, a gate: ``fixed``);
- ``vanish``: going out of sight ("vanished with the ring", "disappeared with it"): like a motion verb, a
  "with" phrase of a thing is taken along.

A verb joins a class as in ``build_verb_classes.py``: one of its first ``--senses`` senses is a key synset
or descends from one through hypernyms; the class of its most frequent such sense wins.

Nouns: ``material`` are the nouns whose first sense is a substance (noun.substance: "pewter", "tin", "wax",
"wood"): a person noun compounded with one names a figure one can handle ("the pewter soldier").
``fixed`` are the things no one picks up in a story ("the table", "the floor", "the wall", "the
cart", "the tree"): the first sense of the noun in a thing lexicographer file descends from a structure,
furniture, a conveyance, a surface, a tree, a geological formation or a body of water. ``young`` are the
nouns of a child one carries ("the child", "the baby", "the foundling"): the first sense descends from child.n.01
"a young person" or infant.n.01.
"""

from __future__ import annotations

import sys
from pathlib import Path

from build_verb_classes import THING_LEXFILES, class_members, key_offsets
from wordnet_files import key_table, picked, reached, read_data, read_index, write_classes

OUT = Path(__file__).resolve().parents[1] / "worldstate" / "extract" / "timeline" / "data" / "handling.json"

KEYS = key_table("handling_verbs")  # class → key synsets (wordnet_keys.yaml)
ORDER = ("remove", "rub", "open", "vanish")
YOUNG_KEYS = key_table("handling_nouns")["young"]
SUBSTANCE = 27  # lexicographer file noun.substance

FIXED_KEYS = key_table("handling_nouns")["fixed"]


def handling_verbs(folder: Path, n_senses: int) -> dict[str, list[str]]:
    synsets = read_data(folder / "data.verb")
    senses = read_index(folder / "index.verb")
    return class_members(synsets, senses, key_offsets(synsets, senses, KEYS), ORDER, n_senses)


def fixed_nouns(folder: Path) -> list[str]:
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    below = reached(synsets, {picked(synsets, senses, *pick): "fixed" for pick in FIXED_KEYS})
    fixed = []
    for lemma, offsets in sorted(senses.items()):
        if not lemma.isalpha():
            continue
        first = next((o for o in offsets if synsets[o][0] in THING_LEXFILES), None)
        if first is not None and below(first):
            fixed.append(lemma)
    return fixed


def young_nouns(folder: Path) -> list[str]:
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    below = reached(synsets, {picked(synsets, senses, *pick): "young" for pick in YOUNG_KEYS})
    return [lemma for lemma, offsets in sorted(senses.items()) if lemma.isalpha() and below(offsets[0])]


def material_nouns(folder: Path) -> list[str]:
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    return [
        lemma for lemma, offsets in sorted(senses.items()) if lemma.isalpha() and synsets[offsets[0]][0] == SUBSTANCE
    ]


def main(folder: Path, n_senses: int = 2) -> None:
    members = handling_verbs(folder, n_senses)
    fixed = fixed_nouns(folder)
    material = material_nouns(folder)
    data = {
        "source": "WordNet 3.0 (Princeton University, WordNet 3.0 licence): data.verb, index.verb, data.noun, index.noun",
        "command": f"python scripts/build_handling_verbs.py WORDNET_DIR  (senses={n_senses})",
        "keys": {name: [f"{lemma}.v.{n}" for lemma, n, _ in picks] for name, picks in KEYS.items()},
        "fixed_keys": [f"{lemma}.n.{n}" for lemma, n, _ in FIXED_KEYS],
        "young_keys": [f"{lemma}.n.{n}" for lemma, n, _ in YOUNG_KEYS],
        "classes": members,
        "nouns": {"fixed": fixed, "material": material, "young": young_nouns(folder)},
    }
    write_classes(OUT, data)
    print(f"nouns: {len(fixed)} fixed, {len(material)} material → {OUT}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2)
