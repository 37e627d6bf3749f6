"""The ranker's entity-level pair features: each candidate is seen through the cluster it belongs to so
far (its size, how recently it was mentioned compared with the other compatible clusters, whether it
was a subject in this or the previous sentence)."""

from __future__ import annotations

import numpy as np

from worldstate.config import Settings
from worldstate.extract.coref.features import PAIR_COLUMN, ClusterHistory, pair_features


def _table(text: str):  # noqa: ANN202 - a MentionTable
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.state import Story

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    return mention_table(rule_pass(doc, story.text))


def test_cluster_columns_describe_the_candidates_cluster() -> None:
    table = _table("Bill saw Tom. Bill waved. He smiled.")
    texts = [info.mention.text for info in table.infos]
    assert texts == ["Bill", "Tom", "Bill", "He"], texts
    history = ClusterHistory.empty(len(texts))
    for i, cluster in enumerate([0, 1, 0]):  # Bill, Tom, Bill
        history.add(table, i, cluster)
    cands = np.arange(3)
    rows = pair_features(table, 3, cands, np.zeros(3), history)
    column = PAIR_COLUMN
    assert list(rows[:, column["cluster_most_recent"]]) == [1.0, 0.0, 1.0]  # Bill was mentioned last
    assert list(rows[:, column["cluster_recency_log"]]) == [0.0, np.log1p(1), 0.0]
    assert list(rows[:, column["cluster_size_log"]]) == [np.log1p(2), np.log1p(1), np.log1p(2)]
    assert list(rows[:, column["cluster_subject_recent"]]) == [1.0, 0.0, 1.0]  # "Bill waved" is one sentence back
    assert list(rows[:, column["cluster_parallel_role"]]) == [1.0, 0.0, 1.0]  # "Bill waved" / "He smiled": subjects


def test_without_history_the_cluster_columns_stay_zero() -> None:
    table = _table("Tom saw Bill. Bill waved. He smiled.")
    rows = pair_features(table, 3, np.arange(3), np.zeros(3))
    names = ("cluster_size_log", "cluster_recency_log", "cluster_most_recent", "cluster_subject_recent")
    assert not rows[:, [PAIR_COLUMN[n] for n in names]].any()


def test_training_rows_see_the_gold_clusters() -> None:
    from worldstate.extract.coref.ranker import training_pairs

    table = _table("Bill saw Tom. Bill waved. He smiled.")
    rows, labels = training_pairs(table, [0, 1, 0, 0])
    last = rows[-3:]  # the rows of "He" against Bill, Tom, Bill
    assert list(labels[-3:]) == [1.0, 0.0, 1.0]
    assert list(last[:, PAIR_COLUMN["cluster_size_log"]]) == [np.log1p(2), np.log1p(1), np.log1p(2)]
