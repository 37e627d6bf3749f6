"""Verbs of commitment: what "threatened to kill the miller", "vowed to slay the dragon", "promised to come back"
govern is still to come, not told as done.

The class is WordNet 3.0's (``commissive_verbs`` of ``data/life_classes.yaml``: threaten, promise and vow with
their hyponyms, first-sense filtered, built by ``scripts/build_life_classes.py``); :meth:`.SentenceView.
narrated_modality` reads it over an ``xcomp`` (to-infinitive) only.
"""

from __future__ import annotations

from functools import lru_cache

from worldstate.data import load_yaml


@lru_cache(maxsize=1)
def commissive_verbs() -> frozenset[str]:
    """The lemmas of WordNet's verbs of threatening, promising and vowing."""
    raw = load_yaml("extract.timeline", "data/life_classes.yaml")
    return frozenset(raw["commissive_verbs"])
