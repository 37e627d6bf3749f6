"""Entity-level second pass of the mention ranker: whole clusters whose names agree are merged.

Greedy mention linking sees an earlier cluster only through its recent mentions and latest name, so a
character met again after a long gap ("Oak" … "Gabriel Oak") can start a second cluster. Here a named
cluster joins the one earlier named cluster its names are compatible with: they share a name word, no
two of their names disagree (another given or family name, a title of the other gender) and their
gendered mentions agree. When several earlier clusters qualify, only one with the very same name wins
("Bennet" with both "Mr. Bennet" and "Mrs. Bennet" stays apart).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldstate.extract.coref.features import NAME, MentionTable


@dataclass
class _Named:
    """What the merge pass knows of one cluster."""

    first: int
    names: list[int] = field(default_factory=list)
    genders: list[int] = field(default_factory=lambda: [0, 0, 0])
    plural: int = 0
    size: int = 0

    def gender(self) -> int:
        """1 male, 2 female, 0 unknown or mixed: the clear majority of its gendered mentions."""
        male, female = self.genders[1], self.genders[2]
        if male > 2 * female:
            return 1
        if female > 2 * male:
            return 2
        return 0


def _clusters(table: MentionTable, cluster_of: list[int]) -> dict[int, _Named]:
    out: dict[int, _Named] = {}
    for i, c in enumerate(cluster_of):
        rec = out.setdefault(c, _Named(first=i))
        rec.size += 1
        rec.genders[int(table.gender[i])] += 1
        rec.plural += 1 if table.plural[i] else -1
        if int(table.mtype[i]) == NAME:
            rec.names.append(i)
    return out


def _names_agree(table: MentionTable, a: list[int], b: list[int]) -> bool:
    """Some name of ``a`` shares a word with one of ``b``, and no two names clash."""
    if not any(table.name_words[i] & table.name_words[j] for i in a for j in b):
        return False
    for i in a:
        for j in b:
            for keys in (table.given_key, table.family_key):
                if keys[i] >= 0 and keys[j] >= 0 and keys[i] != keys[j]:
                    return False
            tg_i, tg_j = int(table.title_gender[i]), int(table.title_gender[j])
            if tg_i and tg_j and tg_i != tg_j:
                return False
    return True


def merge_name_clusters(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each named cluster merged into the one earlier named cluster its names match."""
    info = _clusters(table, cluster_of)
    target: dict[int, int] = {}  # merged cluster → the cluster it joined
    kept: list[int] = []  # named clusters so far, by first mention
    for c in sorted(info, key=lambda c: info[c].first):
        rec = info[c]
        if not rec.names:
            continue
        options = []
        for a in kept:
            other = info[a]
            ga, gb = other.gender(), rec.gender()
            if (ga and gb and ga != gb) or (other.plural > 0) != (rec.plural > 0):
                continue
            if _names_agree(table, other.names, rec.names):
                options.append(a)
        if len(options) > 1:
            keys = {int(table.name_key[i]) for i in rec.names}
            options = [a for a in options if keys & {int(table.name_key[j]) for j in info[a].names}]
        if len(options) == 1:
            a = options[0]
            target[c] = a
            info[a].names += rec.names
            info[a].genders = [x + y for x, y in zip(info[a].genders, rec.genders, strict=True)]
            info[a].plural += rec.plural
        else:
            kept.append(c)
    return [target.get(c, c) for c in cluster_of]
