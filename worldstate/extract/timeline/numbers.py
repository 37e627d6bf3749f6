"""Number phrases: "forty", "40", "a hundred", "thirty-seven", "seven million, two hundred thousand".

Ordinals ("the second thief") are no count: they name one member, and :mod:`.tally` reads them as such.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.timeline.clause import Token
from worldstate.resources.lexicon import lexicon

_NUMERAL = re.compile(r"^\d{1,3}(?:,\d{3})+$|^\d+$")


@dataclass(frozen=True)
class NumberWords:
    units: dict[str, float]  # one … ninety, dozen (the lexicon's number words)
    scales: dict[str, int]  # hundred, thousand, million
    joiners: frozenset[str]
    scale_only: frozenset[str]  # "a", "an": a unit only before a scale


@lru_cache(maxsize=1)
def number_words() -> NumberWords:
    """The number words of the lexicon and of ``data/tally.yaml``."""
    raw = load_yaml("extract.timeline", "data/tally.yaml")["numbers"]
    scales = {str(k): int(v) for k, v in raw["scales"].items()}
    units = {k: v for k, v in lexicon().number_words.items() if k not in scales and float(v).is_integer()}
    return NumberWords(units, scales, frozenset(raw["joiners"]), frozenset(raw["scale_only_units"]))


def is_number_word(word: str) -> bool:
    """True for a cardinal, a numeral or a part of one ("thirty-seven", "7,200", "hundred")."""
    nw = number_words()
    low = word.lower()
    return bool(_NUMERAL.match(low)) or low in nw.units or low in nw.scales or _hyphenated(low) is not None


def number_value(words: list[str]) -> int | None:
    """The value of a number phrase's words, or None when they are not one ("a" alone, "second")."""
    nw = number_words()
    total = current = 0
    seen = False
    for i, word in enumerate(w.lower() for w in words):
        if word in nw.joiners:
            continue
        nxt = words[i + 1].lower() if i + 1 < len(words) else ""
        if word in nw.scale_only and nxt not in nw.scales:
            return None
        unit = _unit(word)
        if unit is not None:
            current += unit
        elif word in nw.scales:
            scale = nw.scales[word]
            if scale < 1000:  # "two hundred", "a dozen": the units so far times the scale
                current = (current or 1) * scale
            else:
                total += (current or 1) * scale
                current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def _unit(word: str) -> int | None:
    nw = number_words()
    if _NUMERAL.match(word):
        return int(word.replace(",", ""))
    if word in nw.units:
        return int(nw.units[word])
    return _hyphenated(word)


def _hyphenated(word: str) -> int | None:
    """'thirty-seven' → 37."""
    parts = word.split("-")
    if len(parts) != 2:
        return None
    units = number_words().units
    if parts[0] in units and parts[1] in units and units[parts[0]] % 10 == 0 and units[parts[1]] < 10:
        return int(units[parts[0]] + units[parts[1]])
    return None


def number_before(noun: Token, skip: frozenset[str] = frozenset()) -> tuple[int, list[Token]] | None:
    """The number that counts ``noun`` and its tokens: the run of number words just before the noun, past
    its adjectives and the words of ``skip`` ("four other little Mice", "seven million, two hundred
    thousand pieces", "a hundred pieces"); None when there is none."""
    doc = noun.doc  # type: ignore[attr-defined]
    i = noun.i - 1  # type: ignore[attr-defined]
    while i >= 0 and (doc[i].pos_ == "ADJ" or doc[i].lower_ in skip) and not is_number_word(doc[i].text):
        i -= 1
    end = i
    nw = number_words()
    while i >= 0 and (is_number_word(doc[i].text) or doc[i].lower_ in nw.joiners or doc[i].lower_ in nw.scale_only):
        i -= 1
        if doc[i + 1].lower_ in nw.scale_only:
            break  # "a" opens the phrase: "a hundred pieces"
    toks = [t for t in doc[i + 1 : end + 1]]
    while toks and toks[0].lower_ in nw.joiners:
        toks = toks[1:]
    if not toks:
        return None
    value = number_value([t.text for t in toks])
    return (value, toks) if value is not None else None
