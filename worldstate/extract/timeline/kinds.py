"""Which nouns name a kind of which: WordNet's hypernyms (``data/noun_kinds.tsv.gz``, built by
``scripts/build_noun_kinds.py``), so a count of "tools" takes in the needle and the knife."""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def noun_kinds() -> dict[str, frozenset[str]]:
    """Noun lemma → the lemmas of its hypernyms (senses 1-3 that name things, creatures, food, people)."""
    raw = resources.files("worldstate.extract.timeline").joinpath("data/noun_kinds.tsv.gz").read_bytes()
    out: dict[str, frozenset[str]] = {}
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        if line and not line.startswith("#"):
            lemma, _, kinds = line.partition("\t")
            out[lemma] = frozenset(kinds.split())
    return out


def is_kind_of(word: str, kind: str) -> bool:
    """True when ``word`` names a kind of ``kind`` ("goat" of "animal", "dress" of "garment"); a plural ending
    is tried off either ("mice" is looked up as given; "goats" as "goat")."""
    kinds = noun_kinds()
    low, want = word.lower(), kind.lower()
    wanted = {want, want.removesuffix("s"), want.removesuffix("es")}
    forms = (low, low.removesuffix("s"), low.removesuffix("es"))
    return any(bool(kinds.get(form, frozenset()) & wanted) for form in forms)
