"""Build ``worldstate/extract/timeline/data/company_verbs.json`` from WordNet 3.0's verb files.

    python scripts/build_company_verbs.py WORDNET_DIR   # the folder with data.verb and index.verb

Three verb classes that tell where one is by whom one is with (:mod:`worldstate.extract.timeline.company_place`
and :mod:`worldstate.extract.timeline.returning`):

- ``follow``: the subject goes where the object is ("the huntsman followed him", "she accompanied the old
  woman", "the dogs chased the hare"): verbs under follow.v.01 "travel behind", accompany.v.02 "go or travel
  along with", escort.v.01 and chase.v.01 "go after with the intent to catch";
- ``speak``: the one spoken to is where the speaker is ("he spoke to the princess", "said to his wife"):
  verbs under the speech senses of say, speak, talk, address, answer, whisper and exclaim;
- ``dwell``: the subject lives at the place ("lived in a little hut"): verbs under live.v.01 "inhabit or live
  in" (dwell, reside, lodge …); such a place is the subject's home.

A verb joins a class when one of its first two senses (WordNet's most frequent first) is a key synset or
descends from one through hypernyms (``@``); single words and two-word particle verbs are kept.
"""

from __future__ import annotations

import sys
from pathlib import Path

from build_verb_classes import class_members, key_offsets
from wordnet_files import key_table, read_data, read_index, write_classes

OUT = Path(__file__).resolve().parents[1] / "worldstate" / "extract" / "timeline" / "data" / "company_verbs.json"

KEYS = key_table("company_verbs")  # class → key synsets (wordnet_keys.yaml)
MAX_SENSES = 2


def company_verbs(folder: Path) -> dict[str, list[str]]:
    """Class → its verbs (a verb in two classes is kept in the first that its senses reach), each key's own
    verb in its class."""
    synsets = read_data(folder / "data.verb")
    senses = read_index(folder / "index.verb")
    keys = key_offsets(synsets, senses, KEYS)
    members = class_members(synsets, senses, keys, list(KEYS), MAX_SENSES)
    for name, picks in KEYS.items():
        for lemma, _, _ in picks:
            if not any(lemma in m for m in members.values()):
                members[name].append(lemma)
    return {name: sorted(lemmas) for name, lemmas in members.items()}


def main(folder: Path) -> None:
    data = {
        "source": "WordNet 3.0 (Princeton University, WordNet 3.0 licence): data.verb, index.verb",
        "command": "python scripts/build_company_verbs.py WORDNET_DIR",
        "keys": {name: [f"{lemma}.v.{n}" for lemma, n, _ in picks] for name, picks in KEYS.items()},
        "classes": company_verbs(folder),
    }
    write_classes(OUT, data)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
