"""The ranker's fast pair scores (``extract/coref/pair_scorer.py``) equal the net's scores of the full
feature rows (``features.pair_features``), and fall back to full rows for a column they do not know."""

from __future__ import annotations

import numpy as np

from worldstate.config import Settings
from worldstate.extract.coref import features
from worldstate.extract.coref.pair_scorer import PAIR_NAMES, PairScorer
from worldstate.extract.coref.ranker import RankerModel, load_ranker

STORY = (
    'Mr. Hall met Mrs. Hall at the mill. "I am tired," said Mr. Hall to her. She laughed at him. '
    "The old miller came out of the mill and looked at them. He gave Mrs. Hall a loaf of bread, and she "
    "thanked the miller. Jane Bennet and Elizabeth Bennet walked by. Elizabeth saw the miller and waved to him. "
    '"Where is my father?" asked Jane. The miller said he did not know. The two sisters went home, and they '
    "told Mr. Hall about the miller. He shook his head. Elizabeth took the loaf and gave it to her sister."
)


def _table():  # type: ignore[no-untyped-def]
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(STORY)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))
    return mention_table(rule_pass(doc, story.text))


def _random_model(width: int, seed: int = 0) -> RankerModel:
    rng = np.random.default_rng(seed)
    return RankerModel(rng.normal(size=(width, 8)), rng.normal(size=8), rng.normal(size=8), 0.1, 0.5, {})


def _compare(table, model: RankerModel, scorer: PairScorer) -> int:  # type: ignore[no-untyped-def]
    """Every mention against every earlier one (some marked far), all rows and every other row."""
    rng = np.random.default_rng(1)
    compared = 0
    for i in range(1, len(table.infos)):
        cands = np.arange(i, dtype=np.int64)
        far = (rng.random(i) < 0.3).astype(float)
        for rows_of in (np.arange(i), np.arange(0, i, 2)):
            expected = model.score(features.pair_features(table, i, cands, far, rows_of))
            assert np.allclose(scorer.score(i, cands, far, rows_of), expected, rtol=0, atol=1e-12)
            compared += len(rows_of)
    return compared


def test_fast_scores_equal_the_scores_of_full_rows() -> None:
    table = _table()
    assert len(table.infos) > 30
    assert set(PAIR_NAMES) | features.ONE_SIDED_NAMES == set(features.FEATURE_NAMES)
    shipped = load_ranker()
    assert shipped is not None
    for model in (shipped, _random_model(len(features.FEATURE_NAMES))):
        scorer = PairScorer(table, model)
        assert scorer.split
        assert _compare(table, model, scorer) > 500


def test_the_pair_columns_it_computes_are_the_reference_pair_columns() -> None:
    table = _table()
    i = len(table.infos) - 1
    cands, far, latest = features.pair_inputs(table, i, np.arange(i), np.zeros(i))
    assert set(features.pair_columns(table, i, cands, far, latest)) == set(PAIR_NAMES)


def test_an_unknown_column_is_scored_from_full_rows(monkeypatch) -> None:
    names = features.FEATURE_NAMES + features.CONTEXT_NAMES
    monkeypatch.setattr(features, "FEATURE_NAMES", names)
    monkeypatch.setattr(features, "PAIR_COLUMN", {name: k for k, name in enumerate(names)})
    table = _table()
    model = _random_model(len(names))
    scorer = PairScorer(table, model)
    assert not scorer.split
    assert _compare(table, model, scorer) > 500
