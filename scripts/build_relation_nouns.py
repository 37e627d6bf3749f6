"""Build ``worldstate/resources/data/relation_nouns.yaml`` from WordNet 3.0's noun files.

    python scripts/build_relation_nouns.py WORDNET_DIR   # the folder with index.noun and data.noun

A relation noun names one party of a relation to another ("the miller's daughter", "his servant"). A
single-word noun maps to a relation kind when its FIRST WordNet sense lies under one of the ANCHORS
below (through hypernyms), the nearest anchor deciding, and not under a CUT synset. The first-sense
rule keeps nouns whose usual sense is another ("man": an adult male, not a valet; "boy": a male
child, not a son; "master": an artist). "X-in-law" takes the kind of X with ``_in_law``. The hand map
of ``patterns.yaml`` (relations: nouns) stays on top as seeds and overrides ("bride": betrothed).

A second table, ``possessed``, holds the nouns of a person whose kin sense is a later one that a possessor
picks ("his queen": his wife; "the miller's boy": his son; "her girl": her daughter), read only with one
(``extract/timeline/possessed_kin.py``). A noun joins it when its first sense is no relation, and a later
sense is a kin one: under a kin ANCHOR (not service, mastery or friendship, which
a possessive says of anyone's man), or defined as a spouse ("the wife or widow of a king": the gloss's first
word a spouse noun, before "of"). That sense must be SemCor-tagged (``index.noun``'s tagged-sense count) or
the word's only one, so rare senses stay out ("groom": a stableman first, a bridegroom only untagged).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from wordnet_files import read_data, read_index

# anchor synset (lemma, sense number in WordNet 3.0's index.noun) → relation kind of the noun's bearer
ANCHORS = {
    ("parent", 1): "parent_of",
    ("child", 2): "child_of",  # a human offspring (son or daughter)
    ("offspring", 1): "child_of",
    ("sibling", 1): "sibling_of",
    ("male_sibling", 1): "sibling_of",
    ("female_sibling", 1): "sibling_of",
    ("spouse", 1): "married_to",
    ("betrothed", 1): "betrothed_to",
    ("grandparent", 1): "grandparent_of",
    ("grandchild", 1): "grandchild_of",
    ("cousin", 1): "cousin_of",
    ("second_cousin", 1): "cousin_of",
    ("uncle", 1): "aunt_or_uncle_of",
    ("aunt", 1): "aunt_or_uncle_of",
    ("nephew", 1): "niece_or_nephew_of",
    ("niece", 1): "niece_or_nephew_of",
    ("ancestor", 1): "ancestor_of",
    ("descendant", 1): "descendant_of",
    ("relative", 1): "relative_of",
    ("servant", 1): "servant_of",
    ("attendant", 1): "servant_of",
    ("employee", 1): "servant_of",  # "His gardener", "the king's huntsman": employed by the other
    ("slave", 1): "servant_of",
    ("vassal", 1): "servant_of",
    ("employer", 1): "master_of",
    ("overlord", 1): "master_of",
    ("friend", 1): "friend_of",
}
# subtrees that are no relation to the owner (a wedding's attendants, an heir of an office)
CUTS = {("bridesmaid", 1), ("groomsman", 1), ("matron_of_honor", 1), ("second", 1), ("successor", 1),
        ("public_servant", 1), ("lifeguard", 1), ("steward", 1), ("date", 1), ("light", 1), ("laborer", 1),
        ("godchild", 1), ("foundling", 1)}  # fmt: skip
IN_LAW = "-in-law"
NOT_KIN = {"servant_of", "master_of", "friend_of", "relative_of"}  # a possessor says these of anyone's man
PERSON_LEXFILE = 18  # noun.person
SPOUSE_GLOSS = re.compile(r"^(?:the |a |an )?(\w+)(?: or \w+)? of\b")  # "the wife or widow of a king"


def kind_of(offset: str, hypernyms: dict[str, list[str]], anchors: dict[str, str], cuts: set[str]) -> str | None:
    """The kind of the nearest anchor above ``offset`` (breadth first), None under a cut or no anchor."""
    frontier, seen = [offset], {offset}
    while frontier:
        found = [anchors[o] for o in frontier if o in anchors]
        if any(o in cuts for o in frontier):
            return None
        if found:
            return found[0]
        frontier = [h for o in frontier for h in hypernyms.get(o, []) if h not in seen]
        seen.update(frontier)
    return None


def tagged_senses(path: Path) -> dict[str, int]:
    """lemma → how many of its senses SemCor tags (``index.noun``: they come first)."""
    out: dict[str, int] = {}
    for line in path.read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split()
        out[f[0]] = int(f[5 + int(f[3])])
    return out


def possessed_kind(lemma: str, offsets: list[str], synsets: dict, kind: dict, tagged: int) -> str | None:
    """The kin kind of a later attested sense of a noun whose first sense is no relation, else None
    (``kind``: offset → the kind of the anchors above it, None)."""
    first = synsets[offsets[0]]
    if first.instance or kind.get(offsets[0]) or not any(synsets[o].lexfile == PERSON_LEXFILE for o in offsets):
        return None
    for n, offset in enumerate(offsets, 1):
        if n > max(tagged, 1):
            return None
        found = kind.get(offset) if n > 1 else None
        if found is None and synsets[offset].lexfile == PERSON_LEXFILE:
            genus = SPOUSE_GLOSS.match(synsets[offset].gloss)
            found = "married_to" if genus and kind.get(f"spouse:{genus.group(1)}") else None
        if found and found not in NOT_KIN:
            return found
    return None


def main(folder: Path, out: Path) -> None:
    synsets = read_data(folder / "data.noun")
    senses = read_index(folder / "index.noun")
    hypernyms = {offset: synset.hypernyms for offset, synset in synsets.items()}
    instances = {offset for offset, synset in synsets.items() if synset.instance}  # named people such as Abraham
    anchors = {senses[lemma][n - 1]: kind for (lemma, n), kind in ANCHORS.items()}
    cuts = {senses[lemma][n - 1] for lemma, n in CUTS}
    nouns: dict[str, str] = {}
    for lemma, offsets in sorted(senses.items()):
        if "_" in lemma or not lemma.replace("-", "").isalpha() or offsets[0] in instances:
            continue
        kind = kind_of(offsets[0], hypernyms, anchors, cuts)
        if lemma.endswith(IN_LAW):
            base = senses.get(lemma.removesuffix(IN_LAW))
            base_kind = kind_of(base[0], hypernyms, anchors, cuts) if base else None
            kind = base_kind.replace("_of", "_in_law_of").replace("_to", "_in_law_of") if base_kind else None
        if kind:
            nouns[lemma] = kind
    tagged = tagged_senses(folder / "index.noun")
    kinds: dict[str, str | None] = {o: kind_of(o, hypernyms, anchors, cuts) for offs in senses.values() for o in offs}
    kinds.update({f"spouse:{lemma}": "married_to" for lemma, k in nouns.items() if k == "married_to"})
    possessed = {}
    for lemma, offsets in sorted(senses.items()):
        if lemma in nouns or "_" in lemma or not lemma.replace("-", "").isalpha():
            continue
        found = possessed_kind(lemma, offsets, synsets, kinds, tagged.get(lemma, 0))
        if found:
            possessed[lemma] = found
    lines = [
        "# Relation nouns: the relation kind of a noun's bearer to its owner (\"the miller's daughter\": child_of).",
        "# Generated by scripts/build_relation_nouns.py from WordNet 3.0 (WordNet 3.0 licence, Princeton",
        "# University): a noun's first sense under an anchor synset of the script. Do not edit by hand; the hand",
        "# seeds and overrides are patterns.yaml's relations: nouns.",
        "nouns:",
        *(f"  {lemma}: {kind}" for lemma, kind in nouns.items()),
        '# Person nouns whose kin sense is a later attested one, read only with a possessor ("his queen").',
        "possessed:",
        *(f"  {lemma}: {kind}" for lemma, kind in possessed.items()),
    ]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(nouns)} relation nouns, {len(possessed)} possessed ones → {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(__file__).resolve().parents[1] / "worldstate/resources/data/relation_nouns.yaml")
