"""Which nouns name a place one can be in, at or on, read from WordNet's noun classes.

``data/noun_classes.tsv`` of :mod:`worldstate.extract.mentions` (WordNet 3.0, built by
``scripts/build_noun_classes.py``) gives each noun the lexicographer file and the key ancestors of its
first sense. A noun names a place when that first sense is a building, structure, room or road ("the loft",
"Death's greenhouse", "the workhouse"), or a region, tract, body of water or land (noun.location and kin).
Plants ("under a bush") are places only where one stays: with a static verb.
"""

from __future__ import annotations

from functools import lru_cache

from worldstate.data import load_json
from worldstate.extract.mentions.features import noun_classes

PLACE_CLASSES = frozenset({"building", "structure", "room", "road", "geo", "water", "land", "region", "tract"})
PLACE_CLASSES |= frozenset({"district", "country", "city"})
BOARD = frozenset({"board", "aboard"})  # "went on board a ship", "was taken aboard the boat"


def _cells(word: str, lemma: str) -> list[str] | None:
    """The WordNet row of the written form when WordNet has it ("drawers", "woods"), else of the lemma."""
    table = noun_classes()
    return table.get(word) or table.get(lemma)


def is_place_noun(lemma: str, word: str = "") -> bool:
    """A noun whose first WordNet sense is a building, structure, room, road, region or water."""
    cells = _cells(word, lemma)
    if not cells:
        return False
    lexfile, classes = cells[0], set(filter(None, cells[1].split(","))) if len(cells) > 1 else set()
    return lexfile == "location" or bool(classes & PLACE_CLASSES)


def is_plant_noun(lemma: str, word: str = "") -> bool:
    """A noun whose first WordNet sense is a plant ("bush", "hedge"): a place to hide or wait under."""
    cells = _cells(word, lemma)
    return bool(cells) and cells[0] == "plant"


def is_artifact_noun(lemma: str, word: str = "") -> bool:
    """A noun whose first WordNet sense is a made thing or a plant ("the manger", "the bench", "a bush"):
    a spot one can be at, tied to or hidden under."""
    cells = _cells(word, lemma)
    return bool(cells) and cells[0] in ("artifact", "plant")


def vessel_boarded(noun: object) -> object | None:
    """The ship of "on board a ship" / "on board of the ship": the noun after "board", else None."""
    if noun.lower_ not in BOARD:  # type: ignore[attr-defined]
        return None
    after = [c for c in noun.children if c.dep_ in ("dobj", "pobj", "compound", "appos")]  # type: ignore[attr-defined]
    for prep in noun.children:  # type: ignore[attr-defined]
        if prep.dep_ == "prep" and prep.lower_ == "of":
            after += [c for c in prep.children if c.dep_ == "pobj"]
    if not after and noun.dep_ == "pobj":  # the parser hangs "a ship" on the verb: "went on board a ship"
        verb = noun.head.head  # type: ignore[attr-defined]
        after = [c for c in verb.children if c.dep_ in ("dobj", "npadvmod") and c.i > noun.i]  # type: ignore[attr-defined]
    return after[0] if after else None


@lru_cache(maxsize=1)
def gathering_nouns() -> frozenset[str]:
    """Nouns of people together or of what a group does (``data/gathering_nouns.json``, from WordNet)."""
    return frozenset(load_json("extract.timeline", "data/gathering_nouns.json")["nouns"])


def is_gathering_noun(lemma: str) -> bool:
    """A crowd, procession, feast or battle: "in the midst of the procession" is a place."""
    return lemma in gathering_nouns()
