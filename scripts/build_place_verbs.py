"""Build ``worldstate/extract/timeline/data/place_verbs.json`` from WordNet 3.0's verb and noun files.

    python scripts/build_place_verbs.py WORDNET_DIR   # the folder with data.verb, index.verb, data.noun, index.noun

Two verb classes that put someone in a place a reader infers (:mod:`worldstate.extract.timeline.inferred`):

- ``attach``: the object is where it is tied or fastened ("tied her to the manger", "chained the dog to the
  fence"): verbs under attach.v.01 "cause to be attached", fasten.v.01 and bind.v.03 "make fast";
- ``rest``: the subject is where it rests, hides or stays ("hid under a bush", "crouched behind the stove",
  "knelt by the well", "stayed there three weeks"): verbs under the posture, rest, stay, hiding, waiting and
  dwelling senses of ``KEYS['rest']``.

- ``move``: verbs with a sense of motion (the verb.motion lexicographer file) among their first ``MOVE_SENSES``
  senses ("retire": its third sense, "move back or away") and none of change (verb.change: "turn" into a frog):
  without an object and with "into" a place, the subject goes there (:mod:`worldstate.extract.timeline.entering`);
  with a person as object, that one goes there (:mod:`worldstate.extract.timeline.drawn_into`).

And the nouns of what one wears (``worn``: the first sense under clothing.n.01), never a place one is at
("stood in white garments", "arrayed him in his new suit").

A verb joins a class when one of its first two senses (WordNet's most frequent first) is a key synset or
descends from one through hypernyms (``@``), and a key's own verb is in its class; single words and two-word particle verbs are kept. The readers
of ``scripts/wordnet_files.py`` parse the files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from build_verb_classes import class_members, key_offsets, usable
from wordnet_files import key_table, picked, reached, read_data, read_index, write_classes

OUT = Path(__file__).resolve().parents[1] / "worldstate" / "extract" / "timeline" / "data" / "place_verbs.json"

KEYS = key_table("place_verbs")  # class → key synsets (wordnet_keys.yaml)
MAX_SENSES = 2
MOVE_SENSES = 3  # "retire" moves someone in its third sense
MOTION_LEXFILE, CHANGE_LEXFILE = 38, 30  # verb.motion, verb.change
WORN = ("clothing", 1, "a covering designed to be worn")  # "stood in white garments": dress, not a place


def place_verbs(folder: Path) -> dict[str, list[str]]:
    """Class → its verbs (a verb in both classes is kept in the first that its senses reach)."""
    synsets = read_data(folder / "data.verb")
    senses = read_index(folder / "index.verb")
    keys = key_offsets(synsets, senses, KEYS)
    members = class_members(synsets, senses, keys, list(KEYS), MAX_SENSES)
    for name, picks in KEYS.items():  # a key's own verb belongs to its class ("bind" of bind.v.3)
        for lemma, _, _ in picks:
            if not any(lemma in m for m in members.values()):
                members[name].append(lemma)
    return {name: sorted(lemmas) for name, lemmas in members.items()}


def moving_verbs(folder: Path) -> list[str]:
    """Single words and particle verbs with a verb.motion sense and no verb.change sense among their first
    ``MOVE_SENSES``."""
    synsets = read_data(folder / "data.verb")
    senses = read_index(folder / "index.verb")
    moving = []
    for lemma, offsets in sorted(senses.items()):
        files = {synsets[o].lexfile for o in offsets[:MOVE_SENSES]}
        if usable(lemma) and MOTION_LEXFILE in files and CHANGE_LEXFILE not in files:
            moving.append(lemma)
    return moving


def worn_nouns(folder: Path) -> list[str]:
    """Single-word nouns whose first sense is clothing (``WORN``) or a kind of it: what one is dressed in."""
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    worn = reached(synsets, {picked(synsets, senses, *WORN): "worn"})
    return sorted(w for w, offsets in senses.items() if w.isalpha() and worn(offsets[0]))


def main(folder: Path) -> None:
    members = place_verbs(folder)
    members["move"] = moving_verbs(folder)
    data = {
        "source": "WordNet 3.0 (Princeton University, WordNet 3.0 licence): data.verb, index.verb, data.noun, index.noun",
        "command": "python scripts/build_place_verbs.py WORDNET_DIR",
        "keys": {name: [f"{lemma}.v.{n}" for lemma, n, _ in picks] for name, picks in KEYS.items()},
        "move": f"a sense in verb.motion (lexicographer file {MOTION_LEXFILE}) and none in verb.change "
        f"({CHANGE_LEXFILE}) among the first {MOVE_SENSES}",
        "classes": members,
        "nouns": {"worn": worn_nouns(folder)},
    }
    write_classes(OUT, data)
    print(f"worn: {len(data['nouns']['worn'])} nouns")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
