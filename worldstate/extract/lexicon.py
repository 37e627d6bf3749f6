"""The English word lists (``data/lexicon.yaml``), loaded once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_yaml


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
    """The lexicon shipped in ``worldstate/extract/data/lexicon.yaml``."""
    raw = load_yaml("extract", "data/lexicon.yaml")
    pr = raw["pronouns"]
    fs = frozenset
    return Lexicon(
        male=fs(pr["male"]),
        female=fs(pr["female"]),
        plural=fs(pr["plural"]),
        first_singular=fs(pr["first_singular"]),
        first_plural=fs(pr["first_plural"]),
        second=fs(pr["second"]),
        possessive=fs(pr["possessive"]),
        person_nouns=dict(raw["person_nouns"]),
        kinship=dict(raw["kinship"]),
        titles=fs(raw["titles"]),
        not_names=fs(raw.get("not_names", [])),
        place_nouns=fs(raw["place_nouns"]),
        speech_verbs=fs(raw["speech_verbs"]),
        addressee_object_verbs=fs(raw["addressee_object_verbs"]),
        perception_verbs=fs(raw["perception_verbs"]),
        mental_verbs=fs(raw["mental_verbs"]),
        death_verbs=dict(raw["death_verbs"]),
        birth_verbs=dict(raw["birth_verbs"]),
        motion_verbs=fs(raw["motion_verbs"]),
        departure_verbs=fs(raw["departure_verbs"]),
        location_preps=fs(raw["location_preps"]),
        scene_shift=tuple(re.compile(p, re.I) for p in raw["scene_shift_patterns"]),
        soft_scene_shift=tuple(re.compile(p, re.I) for p in raw["soft_scene_shift_patterns"]),
        time_words=fs(raw["time_words"]),
        duration_units={k: float(v) for k, v in raw["duration_units"].items()},
        number_words={k: float(v) for k, v in raw["number_words"].items()},
        adjective_states={k: (v[0], str(v[1])) for k, v in raw["adjective_states"].items()},
        stop_lemmas=fs(raw["stop_lemmas"]),
        animate_prototypes=tuple(raw["animacy"]["animate"]),
        inanimate_prototypes=tuple(raw["animacy"]["inanimate"]),
    )
