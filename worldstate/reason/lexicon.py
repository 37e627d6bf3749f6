"""The opposition lexicon: which adjectives cannot describe one subject at the same time.

Built from the ``opposition`` rules of the loaded packs: WordNet antonym poles (the generated
``lexicon_wordnet.json``), curated pairs and exclusive groups. An *opposition* is a list of sides;
two words on different sides of one opposition exclude each other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from worldstate.errors import ConfigError
from worldstate.identity_cache import IdentityCache
from worldstate.reason.packs import Rule, RulePacks


@dataclass(frozen=True)
class Opposition:
    rule: str  # id of the rule that defines it
    attribute: str  # what it measures ("temperature"), may be ""
    sides: tuple[frozenset[str], ...]


@dataclass
class Lexicon:
    oppositions: list[Opposition] = field(default_factory=list)
    # word → [(opposition index, side index)]
    index: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def add(self, opposition: Opposition) -> None:
        k = len(self.oppositions)
        self.oppositions.append(opposition)
        for side_no, side in enumerate(opposition.sides):
            for word in side:
                self.index.setdefault(word, []).append((k, side_no))

    def opposed(self, a: str, b: str) -> Opposition | None:
        """The first opposition that puts ``a`` and ``b`` on different sides, or None."""
        if a == b:
            return None
        sides_b = dict(self.index.get(b, ()))
        for k, side in self.index.get(a, ()):
            if k in sides_b and sides_b[k] != side:
                return self.oppositions[k]
        return None

    def knows(self, word: str) -> bool:
        return word in self.index


def _sides(raw: list[list[str]]) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(w.lower().strip() for w in side) for side in raw)


def _from_rule(rule: Rule, packs: RulePacks, lexicon: Lexicon) -> None:
    for sides in rule.param("pairs", []):
        lexicon.add(Opposition(rule.id, "", _sides(sides)))
    for name, sides in sorted(rule.param("groups", {}).items()):
        lexicon.add(Opposition(rule.id, name, _sides(sides)))
    file = rule.param("lexicon")
    if file:
        path = packs.pack_dir(rule) / file
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            entries = data["oppositions"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError(
                f"{path}: rule {rule.id}: field parameters.lexicon: cannot read lexicon ({exc})"
            ) from None
        for entry in entries:
            lexicon.add(Opposition(rule.id, entry.get("attribute", ""), _sides([entry["a"], entry["b"]])))


_CACHE: IdentityCache[Lexicon] = IdentityCache()


def build_lexicon(packs: RulePacks) -> Lexicon:
    """The lexicon of all ``opposition`` rules in ``packs`` (cached per live RulePacks object and its rule
    count: a RulePacks built later at a reused address is read afresh)."""

    def build() -> Lexicon:
        lexicon = Lexicon()
        for rule in packs.of_kind("opposition"):
            _from_rule(rule, packs, lexicon)
        return lexicon

    return _CACHE.get(packs, len(packs.rules), build)
