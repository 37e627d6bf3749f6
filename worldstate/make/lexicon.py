"""The curated counterfactual lexicon (``data/lexicon.yaml``): antonyms, places, times, numbers, names."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from worldstate.data import load_json, load_yaml
from worldstate.errors import ConfigError


@dataclass(frozen=True)
class Lexicon:
    attributes: dict[str, str]
    places: dict[str, str]
    times: dict[str, str]
    numbers: dict[str, int]
    countable: frozenset[str]
    person_nouns: frozenset[str]
    death_words: frozenset[str]
    names: dict[str, tuple[str, ...]]

    def number_word(self, value: int) -> str | None:
        for word, n in self.numbers.items():
            if n == value:
                return word
        return None


def wordnet_antonyms() -> dict[str, str]:
    """Single-word adjective antonyms from the reasoner's WordNet lexicon (first word of the other side).

    Empty when the reasoner's ``lexicon_wordnet.json`` is not installed.
    """
    try:
        data = load_json("reason", "packs/lexicon_wordnet.json")
    except (ModuleNotFoundError, FileNotFoundError, OSError, ValueError):
        return {}
    pairs: dict[str, str] = {}
    for item in data.get("oppositions", []):
        a, b = item.get("a") or [], item.get("b") or []
        if a and b and " " not in a[0] + b[0] and "_" not in a[0] + b[0]:
            for word in a:
                pairs.setdefault(word, b[0])
            for word in b:
                pairs.setdefault(word, a[0])
    return pairs


@lru_cache(maxsize=1)
def load_lexicon() -> Lexicon:
    """The packaged lexicon (cached): curated pairs, then the reasoner's WordNet antonyms for other adjectives."""
    try:
        raw = load_yaml("make", "data/lexicon.yaml")
        curated = {str(k): str(v) for k, v in raw["attributes"].items()}
        never = {str(w) for w in raw.get("never_flip", [])}
        attributes = {k: v for k, v in {**wordnet_antonyms(), **curated}.items() if k not in never and v not in never}
        return Lexicon(
            attributes=attributes,
            places={str(k): str(v) for k, v in raw["places"].items()},
            times={str(k): str(v) for k, v in raw["times"].items()},
            numbers={str(k): int(v) for k, v in raw["numbers"].items()},
            countable=frozenset(raw["countable"]),
            person_nouns=frozenset(raw["person_nouns"]),
            death_words=frozenset(raw["death_words"]),
            names={g: tuple(v) for g, v in raw["names"].items()},
        )
    except (OSError, KeyError, TypeError, ValueError, yaml.YAMLError) as exc:
        raise ConfigError(f"broken make-flawed lexicon: {exc}") from None
