"""Entity-level second pass of the mention ranker: whole clusters whose names agree are merged.

Greedy mention linking sees an earlier cluster only through its recent mentions and latest name, so a
character met again after a long gap ("Oak" … "Gabriel Oak") can start a second cluster. Here a named
cluster joins the one earlier named cluster its names are compatible with: they share a name word, no
two of their names disagree (another given or family name, a title of the other gender) and their
gendered mentions agree. A name is read without its titles and the ranks, callings and epithets before
it ("Sergeant Bibot" and "Citoyen Bibot" are one Bibot; "Farmer Oak" does not clash with "Gabriel Oak").
When several earlier clusters qualify, only one with the very same name wins ("Bennet" with both
"Mr. Bennet" and "Mrs. Bennet" stays apart), or else the one whose most frequent name it is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.coref.features import NAME, MentionTable, title_genders
from worldstate.resources.lexicon import lexicon

MIN_GENDERED = 2  # a cluster has a gender only with at least this many gendered mentions
BY_MAIN_NAME = True  # several options: the one whose most frequent name it is
PARTICLES = frozenset({"st", "st.", "de", "van", "von", "du", "le", "la", "del", "della", "di", "da", "ten", "ter"})


@lru_cache(maxsize=1)
def not_name_words() -> frozenset[str]:
    """Lower-case words that stand before a name without being part of it: titles and name prefixes."""
    prefixes = {str(w) for w in load_yaml("extract", "coref/data/name_prefixes.yaml")}
    titles = set(title_genders()) | {t.rstrip(".") for t in lexicon().titles}
    return frozenset(prefixes | titles)


@lru_cache(maxsize=1)
def nicknames() -> dict[str, frozenset[str]]:
    """Given name (lower case) → the names it may be a diminutive or full form of ("beth" ↔ "elizabeth")."""
    out: dict[str, set[str]] = {}
    for short, full in load_yaml("extract", "coref/data/nicknames.yaml").items():
        for name in full:
            out.setdefault(str(short), set()).add(str(name))
            out.setdefault(str(name), set()).add(str(short))
    return {k: frozenset(v) for k, v in out.items()}


def _with_nicknames(words: frozenset[str]) -> frozenset[str]:
    table = nicknames()
    return words.union(*(table.get(w, frozenset()) for w in words))


def _same_given(a: str, b: str) -> bool:
    return a == b or b in nicknames().get(a, frozenset())


@dataclass(frozen=True)
class NameParts:
    """A name without its titles and prefixes: given and family name when it has two or more words (a
    middle name is left out: "Amory" is not "Beatrice Amory Blaine"), else its one word."""

    words: frozenset[str]
    given: str = ""
    family: str = ""


def name_parts(text: str) -> NameParts:
    """The personal name in a name mention: after its last title or prefix word, before a possessive
    ("BIDDY Mrs Gildea" → "gildea"; "Mrs Gildea 's London" → "gildea"); all its words when nothing is left."""
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'’.-]*|['’]s\b", text)]
    if "'s" in words or "’s" in words:
        words = words[: next(k for k, w in enumerate(words) if w in ("'s", "’s"))]
    skip = not_name_words()
    last = max((k for k, w in enumerate(words) if w.rstrip(".") in skip), default=-1)
    rest = [w.rstrip(".") if w.rstrip(".") in skip else w for w in words[last + 1 :]]
    if not rest:
        return NameParts(frozenset(w.rstrip(".") for w in words))
    if len(rest) == 1:
        return NameParts(frozenset(rest))
    given = "" if rest[0] in PARTICLES else rest[0]
    return NameParts(frozenset(w for w in (given, rest[-1]) if w), given, rest[-1])


@dataclass
class ClusterSummary:
    """What the merge pass knows of one cluster."""

    first: int
    names: list[int] = field(default_factory=list)
    genders: list[int] = field(default_factory=lambda: [0, 0, 0])
    plural: int = 0
    size: int = 0

    def gender(self) -> int:
        """1 male, 2 female, 0 unknown or mixed: the clear majority of its gendered mentions (of two or more)."""
        male, female = self.genders[1], self.genders[2]
        if male + female < MIN_GENDERED:
            return 0
        if male > 2 * female:
            return 1
        if female > 2 * male:
            return 2
        return 0

    def absorb(self, other: ClusterSummary) -> None:
        """Add ``other``'s mentions, as if the two clusters had been summarized as one."""
        self.first = min(self.first, other.first)
        self.names = sorted(self.names + other.names)
        self.genders = [a + b for a, b in zip(self.genders, other.genders, strict=True)]
        self.plural += other.plural
        self.size += other.size


def clusters_agree(table: MentionTable, a: ClusterSummary, b: ClusterSummary) -> bool:
    """Two clusters of one gender and number whose names, if both have any, share one."""
    ga, gb = a.gender(), b.gender()
    if (ga and gb and ga != gb) or (a.plural > 0) != (b.plural > 0):
        return False
    if a.names and b.names:
        return bool({int(table.name_key[i]) for i in a.names} & {int(table.name_key[i]) for i in b.names})
    return True


def summarize_clusters(table: MentionTable, cluster_of: list[int]) -> dict[int, ClusterSummary]:
    out: dict[int, ClusterSummary] = {}
    for i, c in enumerate(cluster_of):
        _count(table, out.setdefault(c, ClusterSummary(first=i)), i)
    return out


def summarize_mentions(table: MentionTable, mentions: list[int]) -> ClusterSummary:
    """The summary :func:`summarize_clusters` makes of the one cluster of ``mentions`` (in text order), read
    from those mentions only."""
    rec = ClusterSummary(first=mentions[0])
    for i in mentions:
        _count(table, rec, i)
    return rec


def _count(table: MentionTable, rec: ClusterSummary, i: int) -> None:
    rec.size += 1
    rec.genders[int(table.gender[i])] += 1
    rec.plural += 1 if table.plural[i] else -1
    if int(table.mtype[i]) == NAME:
        rec.names.append(i)


@dataclass
class ClusterNames:
    """The names of one cluster as the merge pass compares them: their words, those words with their
    diminutives and full forms, and the distinct (given, family, title gender) of its names."""

    words: set[str] = field(default_factory=set)
    with_nicknames: set[str] = field(default_factory=set)
    keys: set[tuple[str, str, int]] = field(default_factory=set)

    def add(self, parts: NameParts, title_gender: int) -> None:
        """One more name mention."""
        self.words |= parts.words
        self.with_nicknames |= _with_nicknames(parts.words)
        self.keys.add((parts.given, parts.family, title_gender))

    def absorb(self, other: ClusterNames) -> None:
        """Add ``other``'s names (a cluster merged into this one)."""
        self.words |= other.words
        self.with_nicknames |= other.with_nicknames
        self.keys |= other.keys


def _names_agree(a: ClusterNames, b: ClusterNames) -> bool:
    """Some name of ``a`` shares a word with one of ``b`` (or a diminutive: "Beth" and "Elizabeth"), and no
    two names clash."""
    if not a.with_nicknames & b.words:
        return False
    for given_a, family_a, tg_a in a.keys:
        for given_b, family_b, tg_b in b.keys:
            if (given_a and given_b and not _same_given(given_a, given_b)) or (
                family_a and family_b and family_a != family_b
            ):
                return False
            if tg_a and tg_b and tg_a != tg_b:
                return False
    return True


def _by_main_name(
    table: MentionTable, info: dict[int, ClusterSummary], options: list[int], keys: set[int]
) -> list[int]:
    """The options whose most frequent name is one of ``keys``."""
    out = []
    for a in options:
        counts = Counter(int(table.name_key[j]) for j in info[a].names)
        top = max(counts.values())
        if {k for k, n in counts.items() if n == top} & keys:
            out.append(a)
    return out


def merge_name_clusters(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each named cluster merged into the one earlier named cluster its names match."""
    info = summarize_clusters(table, cluster_of)
    names: dict[int, ClusterNames] = {}
    for c, rec in info.items():
        for i in rec.names:
            names.setdefault(c, ClusterNames()).add(name_parts(table.infos[i].mention.text), int(table.title_gender[i]))
    target: dict[int, int] = {}  # merged cluster → the cluster it joined
    kept: dict[int, int] = {}  # named clusters so far → their rank by first mention
    by_word: dict[str, set[int]] = {}  # word → the kept clusters whose names (or their nicknames) hold it
    for c in sorted(info, key=lambda c: info[c].first):
        rec = info[c]
        if not rec.names:
            continue
        sharing = set().union(*(by_word.get(w, ()) for w in names[c].words))
        options = []
        for a in sorted(sharing, key=kept.__getitem__):
            other = info[a]
            ga, gb = other.gender(), rec.gender()
            if (ga and gb and ga != gb) or (other.plural > 0) != (rec.plural > 0):
                continue
            if _names_agree(names[a], names[c]):
                options.append(a)
        if len(options) > 1:
            keys = {int(table.name_key[i]) for i in rec.names}
            options = [a for a in options if keys & {int(table.name_key[j]) for j in info[a].names}]
            if len(options) > 1:
                options = _by_main_name(table, info, options, keys) if BY_MAIN_NAME else options
        if len(options) == 1:
            a = options[0]
            target[c] = a
            info[a].names += rec.names
            info[a].genders = [x + y for x, y in zip(info[a].genders, rec.genders, strict=True)]
            info[a].plural += rec.plural
            new_words = names[c].with_nicknames - names[a].with_nicknames
            names[a].absorb(names[c])
        else:
            a = c
            kept[c] = len(kept)
            new_words = names[c].with_nicknames
        for w in new_words:
            by_word.setdefault(w, set()).add(a)
    return [target.get(c, c) for c in cluster_of]


def chains_of_type(table: MentionTable, cluster_of: list[int], mtype: int) -> list[tuple[int, list[int]]]:
    """Each cluster made only of mentions of type ``mtype`` (a pronoun chain), with its mention indexes."""
    members: dict[int, list[int]] = {}
    for i, c in enumerate(cluster_of):
        members.setdefault(c, []).append(i)
    return [(c, idxs) for c, idxs in members.items() if all(int(table.mtype[i]) == mtype for i in idxs)]
