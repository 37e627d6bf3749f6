"""What WordNet says of a person noun: its sex, its age class, whether it names a relative, and which of
two person nouns may name one person (``data/person_senses.tsv.gz``, built by
``scripts/build_person_senses.py`` from the first two person senses of each noun).

Two nouns are *compatible* when one of them names a sense of the other or of its hypernyms ("the
monarch" / "the king"). They *clash* by sex ("the king" / "the queen"), by age ("the girl" / "the
woman": a noun that may name a child is young, even where another sense is an adult, as "girl" is), or as
two kin roles neither of which is the other ("the sister" / "the mother").
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from worldstate.resources.lexicon import lexicon


@dataclass(frozen=True)
class PersonSense:
    """One noun's person senses: their synsets, their hypernyms below person, and their classes."""

    senses: frozenset[str]
    ancestors: frozenset[str]
    sex: str  # "male", "female" or ""
    age: str  # "young", "adult" or ""
    kin: bool


@lru_cache(maxsize=1)
def _rows() -> dict[str, tuple[str, str, str]]:
    raw = resources.files("worldstate.extract").joinpath("coref/data/person_senses.tsv.gz").read_bytes()
    out = {}
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        if line and not line.startswith("#"):
            lemma, classes, senses, ancestors = line.split("\t")
            out[lemma] = (classes, senses, ancestors)
    return out


@lru_cache(maxsize=4096)
def person_sense(lemma: str) -> PersonSense | None:
    """The person senses of noun ``lemma``; None when WordNet has no person sense among its first three.
    The sex is the lexicon's (``person_nouns``) where it has one, else WordNet's when it names one sex."""
    row = _rows().get(lemma.lower())
    if row is None:
        return None
    classes, senses, ancestors = (set(row[0].split(",")), row[1].split(), row[2].split())
    sexes = classes & {"male", "female"}
    sex = lexicon().person_nouns.get(lemma.lower(), "") or (next(iter(sexes)) if len(sexes) == 1 else "")
    age = "young" if "young" in classes else "adult" if "adult" in classes else ""
    return PersonSense(frozenset(senses), frozenset(ancestors), sex, age, "kin" in classes)


def compatible(a: PersonSense, b: PersonSense) -> bool:
    """One names a sense of the other, or of the other's hypernyms ("monarch" / "king")."""
    return bool(a.senses & (b.senses | b.ancestors)) or bool(b.senses & a.ancestors)


def sex_clash(a: PersonSense, b: PersonSense) -> bool:
    return bool(a.sex and b.sex and a.sex != b.sex)


def age_clash(a: PersonSense, b: PersonSense) -> bool:
    return bool(a.age and b.age and a.age != b.age)


def kin_clash(a: PersonSense, b: PersonSense) -> bool:
    """Two kin nouns, neither a sense of the other ("sister" / "mother")."""
    return a.kin and b.kin and not compatible(a, b)
