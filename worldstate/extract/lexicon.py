"""The English word lists (``data/lexicon.yaml``), loaded once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_yaml, typed


@dataclass(frozen=True)
class Lexicon:
    male: frozenset[str]
    female: frozenset[str]
    plural: frozenset[str]
    first_singular: frozenset[str]
    first_plural: frozenset[str]
    second: frozenset[str]
    possessive: frozenset[str]
    person_nouns: dict[str, str]
    kinship: dict[str, str]
    titles: frozenset[str]
    not_names: frozenset[str]
    place_nouns: frozenset[str]
    speech_verbs: frozenset[str]
    addressee_object_verbs: frozenset[str]
    perception_verbs: frozenset[str]
    mental_verbs: frozenset[str]
    death_verbs: dict[str, str]
    birth_verbs: dict[str, str]
    motion_verbs: frozenset[str]
    departure_verbs: frozenset[str]
    location_preps: frozenset[str]
    scene_shift: tuple[re.Pattern[str], ...]
    soft_scene_shift: tuple[re.Pattern[str], ...]
    time_words: frozenset[str]
    duration_units: dict[str, float]
    number_words: dict[str, float]
    adjective_states: dict[str, tuple[str, str]]
    stop_lemmas: frozenset[str]
    animate_prototypes: tuple[str, ...]
    inanimate_prototypes: tuple[str, ...]

    @property
    def third_person(self) -> frozenset[str]:
        return self.male | self.female | self.plural


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The lexicon shipped in ``worldstate/extract/data/lexicon.yaml`` (each list typed by its field)."""
    raw = load_yaml("extract", "data/lexicon.yaml")
    values = {
        **raw,
        **raw["pronouns"],
        "not_names": raw.get("not_names", []),
        "scene_shift": raw["scene_shift_patterns"],
        "soft_scene_shift": raw["soft_scene_shift_patterns"],
        "animate_prototypes": raw["animacy"]["animate"],
        "inanimate_prototypes": raw["animacy"]["inanimate"],
    }
    return typed(Lexicon, values)
