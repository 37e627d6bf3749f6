"""The ranker's pair scores with few numpy operations per mention (a speed-up of ``ranker.cluster_mentions``).

On a 100,000-word book every named cluster is a candidate of every later mention (its far representative),
so linking scores about 1.7 million pairs, in some 13,000 small batches: the time goes to the number of
numpy operations per batch, not to arithmetic. Two things cut it:

- the net's first layer is linear, so a pair's pre-activation ``row @ w1 + b1`` splits into the mention's
  one-sided part, the candidate's one-sided part (:meth:`~.features.MentionTable.one_sided` times ``w1``,
  once per table) and the pair columns' part;
- the pair columns are read from per-mention key matrices, several columns in one comparison.

The pair columns are those of :func:`~.features.pair_columns` (the reference, which training uses), and
``tests/test_coref_pair_scorer.py`` checks they agree. Scores equal :meth:`RankerModel.score` of
:func:`~.features.pair_features` up to float rounding (about 1e-16). A feature set with a column this
module does not compute (the contextual ones, or one added to ``features.py``) is scored from full rows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np

from worldstate.extract.coref import features

if TYPE_CHECKING:
    from worldstate.extract.coref.features import MentionTable


class RankerModel(Protocol):
    """What this module reads of ``ranker.RankerModel``: the two layers and the full-row scorer."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float

    def score(self, rows: np.ndarray) -> np.ndarray: ...


# column groups, in the order of the pair block this module builds
SAME = ["gender_agree", "exact", "head_match", "name_key_match", "same_quote", "rule_same", "same_rule_kind"]
CLASH = ["gender_clash", "title_gender_clash", "title_clash"]
OTHER = [
    "number_clash",
    "sent_dist_log",
    "sent_dist_0",
    "ment_dist_log",
    "clause_blocked",
    "nested",
    "far_representative",
    "j_is_latest_compatible",
    "name_word_overlap",
]
PAIR_NAMES = SAME + CLASH + OTHER


class PairScorer:
    """Scores one mention's candidates against a fixed :class:`MentionTable` and :class:`RankerModel`."""

    def __init__(self, table: MentionTable, model: RankerModel) -> None:
        self.table, self.model = table, model
        pair_names = {n for n in features.FEATURE_NAMES if n not in features.ONE_SIDED_NAMES}
        self.split = pair_names == set(PAIR_NAMES)  # else: full rows (a column this module does not know)
        if not self.split:
            return
        as_i, as_j = table.one_sided()
        self.part_i = as_i @ model.w1 + model.b1  # per mention: its one-sided columns through the first layer
        self.part_j = as_j @ model.w1  # per candidate
        self.w_pair = model.w1[[features.PAIR_COLUMN[n] for n in PAIR_NAMES]]
        t = table
        # "same": value_i >= 0 and value_j == value_i (gender - 1: a known gender, the same)
        self.same = np.stack(
            [t.gender - 1, t.exact_key, t.head_key, t.name_key, t.quote, t.rule_entity, t.kind], axis=1
        ).astype(np.int64)
        # "clash": both > 0 and different (title key + 1: a title, another title)
        self.clash = np.stack([t.gender, t.title_gender, t.title_key + 1], axis=1).astype(np.int64)
        self.plural = t.plural.astype(bool)

    def score(self, i: int, cands: np.ndarray, far: np.ndarray, rows_of: np.ndarray) -> np.ndarray:
        """Probabilities for mention ``i`` against ``cands[rows_of]`` (as :func:`~.features.pair_features`)."""
        if not self.split:
            return self.model.score(features.pair_features(self.table, i, cands, far, rows_of))
        t = self.table
        gi, pi = t.gender[i], self.plural[i]
        gj = t.gender[cands]
        compatible = ((gj == gi) | (gj == 0) | (gi == 0)) & (self.plural[cands] == pi)
        latest = int(cands[compatible].max()) if compatible.any() else -1  # the latest compatible candidate
        picked = cands[rows_of]
        block = np.empty((len(picked), len(PAIR_NAMES)))
        same_i = self.same[i]
        block[:, : len(SAME)] = (self.same[picked] == same_i) & (same_i >= 0)
        clash_j, clash_i = self.clash[picked], self.clash[i]
        block[:, len(SAME) : len(SAME) + len(CLASH)] = (clash_j != clash_i) & (clash_j > 0) & (clash_i > 0)
        k = len(SAME) + len(CLASH)
        sdist = t.sentence[i] - t.sentence[picked]
        block[:, k] = self.plural[picked] != pi
        block[:, k + 1] = np.log1p(sdist)
        block[:, k + 2] = sdist == 0
        block[:, k + 3] = np.log1p(i - picked)
        if t.role[i] == 1:  # the subject and the object of one verb in one sentence
            block[:, k + 4] = (t.governor[picked] == t.governor[i]) & (t.role[picked] == 0) & (sdist == 0)
        else:
            block[:, k + 4] = 0.0
        block[:, k + 5] = (t.first[picked] <= t.first[i]) & (t.last[picked] >= t.last[i])
        block[:, k + 6] = far[rows_of] != 0
        block[:, k + 7] = picked == latest
        words_i = t.name_words[i]
        if words_i:
            words = t.name_words
            block[:, k + 8] = [bool(words_i & words[j]) for j in picked.tolist()]
        else:
            block[:, k + 8] = 0.0
        hidden = np.maximum(self.part_j[picked] + self.part_i[i] + block @ self.w_pair, 0.0)
        return 1.0 / (1.0 + np.exp(-(hidden @ self.model.w2 + self.model.b2)))
