"""The English word lists (``data/lexicon.yaml``), loaded once.

The file declares the kind of each list (``kinds``: a set of words, a word map, amounts, patterns …);
:class:`Lexicon` reads every list as its kind and gives it by name (``lexicon().speech_verbs``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from worldstate.data import as_type, load_yaml

# A list's kind (as ``kinds`` in lexicon.yaml names it) → the type it is read as.
KIND_TYPES: dict[str, Any] = {
    "words": frozenset[str],
    "word_map": dict[str, str],
    "amounts": dict[str, float],
    "patterns": tuple[re.Pattern[str], ...],
    "pairs": dict[str, tuple[str, str]],
    "phrases": tuple[str, ...],
}


class Lexicon:
    """The word lists by name, each already converted to its kind's type; read-only."""

    def __init__(self, lists: Mapping[str, Any]) -> None:
        self.__dict__["_lists"] = MappingProxyType(dict(lists))

    def __getattr__(self, name: str) -> Any:
        lists = self.__dict__["_lists"]
        if name not in lists:
            raise AttributeError(f"the lexicon has no list {name!r}")
        return lists[name]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the lexicon is read-only")

    def names(self) -> list[str]:
        """Every list's name."""
        return sorted(self.__dict__["_lists"])

    @property
    def third_person(self) -> frozenset[str]:
        return self.male | self.female | self.plural


def read_lexicon(raw: Mapping[str, Any]) -> Lexicon:
    """The :class:`Lexicon` of the parsed lexicon.yaml ``raw``: every list its ``kinds`` entry names, as that
    kind's type (a ValueError for an undeclared kind or a declared list the file lacks)."""
    values = {
        **raw,
        **raw["pronouns"],
        "not_names": raw.get("not_names", []),
        "scene_shift": raw["scene_shift_patterns"],
        "soft_scene_shift": raw["soft_scene_shift_patterns"],
        "animate_prototypes": raw["animacy"]["animate"],
        "inanimate_prototypes": raw["animacy"]["inanimate"],
    }
    lists: dict[str, Any] = {}
    for kind, names in raw["kinds"].items():
        if kind not in KIND_TYPES:
            raise ValueError(f"lexicon.yaml: unknown kind {kind!r} (choose one of {', '.join(KIND_TYPES)})")
        for name in names:
            if name not in values:
                raise ValueError(f"lexicon.yaml: {kind} list {name!r} is declared but missing")
            lists[name] = as_type(KIND_TYPES[kind], values[name])
    return Lexicon(lists)


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The lexicon shipped in ``worldstate/resources/data/lexicon.yaml``."""
    return read_lexicon(load_yaml("resources", "data/lexicon.yaml"))
