"""The ranker's view of what a description says against a candidate's cluster: the person nouns of the
cluster's descriptions so far (WordNet, ``person_senses.py``) and the gender of its mentions.

For a description ``i`` ("the woman") and each candidate antecedent, the columns of ``NOUN_FEATURES``
(``features.py``) say whether the candidate's cluster holds a description of the same head or a compatible
noun ("the old woman", "the hag"), one of the other sex, of the other age class ("the girl"), another kin
role ("the sister"), only other person nouns ("the witch"), and whether its gendered mentions are mostly of
the noun's other sex ("she", "Gretel" against "the man"). The learned weights decide what each is worth.
"""

from __future__ import annotations

import numpy as np

from worldstate.extract.coref.features import NOMINAL, NOUN_FEATURES, MentionTable
from worldstate.extract.coref.person_senses import (
    PersonSense,
    age_clash,
    compatible,
    kin_clash,
    person_sense,
    sex_clash,
)

SEX_CODE = {"male": 1, "female": 2}


class ClusterNouns:
    """Per cluster (the ranker's clusters while linking, the gold ones while training): its descriptions'
    person senses and head words, and how many of its mentions are male and female."""

    def __init__(self, table: MentionTable) -> None:
        self.table = table
        self.sense: list[PersonSense | None] = [
            person_sense(info.lemma) if int(table.mtype[k]) == NOMINAL and info.lemma else None
            for k, info in enumerate(table.infos)
        ]
        self.cluster_of: list[int] = []
        self.nouns: dict[int, list[int]] = {}  # cluster → its descriptions with a person sense
        self.genders: dict[int, list[int]] = {}  # cluster → mentions of [unknown, male, female] gender

    def add(self, i: int, cluster: int) -> None:
        """Mention ``i`` joined ``cluster``."""
        self.cluster_of.append(cluster)
        if self.sense[i] is not None:
            self.nouns.setdefault(cluster, []).append(i)
        self.genders.setdefault(cluster, [0, 0, 0])[int(self.table.gender[i])] += 1

    def columns(self, i: int, cands: np.ndarray) -> np.ndarray:
        """The NOUN_FEATURES columns of mention ``i`` against each candidate (earlier mentions)."""
        out = np.zeros((len(cands), len(NOUN_FEATURES)))
        mine = self.sense[i]
        if mine is None:
            return out
        by_cluster: dict[int, np.ndarray] = {}
        for row, j in enumerate(cands):
            c = self.cluster_of[int(j)]
            if c not in by_cluster:
                by_cluster[c] = self._against(i, mine, c)
            out[row] = by_cluster[c]
        return out

    def _against(self, i: int, mine: PersonSense, cluster: int) -> np.ndarray:
        head = self.table.infos[i].lemma
        compat = sex = age = kin = False
        for k in self.nouns.get(cluster, ()):
            other = self.sense[k]
            assert other is not None
            if self.table.infos[k].lemma == head:
                compat = True
                continue
            clash = (sex_clash(mine, other), age_clash(mine, other), kin_clash(mine, other))
            compat |= not any(clash) and compatible(mine, other)  # "girl" is a hyponym of "woman", but young
            sex, age, kin = sex or clash[0], age or clash[1], kin or clash[2]
        others = bool(self.nouns.get(cluster)) and not (compat or sex or age or kin)
        code = SEX_CODE.get(mine.sex, 0)
        counts = self.genders.get(cluster, [0, 0, 0])
        gender = code > 0 and counts[3 - code] > counts[code]
        return np.array([compat, sex, age, kin, others, gender], dtype=float)
