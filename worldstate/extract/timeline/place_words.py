"""The words and names of the inferred-place readings (:mod:`.inferred`): the reading names each inferred
place carries, and WordNet's place verb classes and worn nouns (``data/place_verbs.json``, built by
``scripts/build_place_verbs.py``)."""

from __future__ import annotations

from functools import lru_cache

from worldstate.data import load_json

ALONG, ATTACHED, PUT_ON, REST, POSITION, SCENE = "along", "attached", "put", "rest", "position", "scene"
JOINED = "joined"  # "went to his mother": where she is (resolved by :func:`settle`)
JOIN = "@joins:"  # value prefix of a JOINED change before it is resolved: the entity gone to


@lru_cache(maxsize=1)
def place_verbs() -> dict[str, frozenset[str]]:
    """Class name (``attach``, ``rest``) → its verbs (lemmas, or ``lemma_particle``)."""
    data = load_json("extract.timeline", "data/place_verbs.json")
    return {name: frozenset(lemmas) for name, lemmas in data["classes"].items()}


@lru_cache(maxsize=1)
def worn_nouns() -> frozenset[str]:
    """Nouns of what one wears (WordNet's clothing): "in white garments" is dress, not a place."""
    return frozenset(load_json("extract.timeline", "data/place_verbs.json")["nouns"]["worn"])
