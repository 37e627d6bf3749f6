"""The small-cluster attachment pass (``extract/coref/attach.py``): a description or name left in a cluster of
its own joins the one larger cluster the learned model prefers, only above its threshold; a small cluster of
the other gender, or with no larger cluster near it, stays apart; the shipped weights load and fit the
feature set."""

from __future__ import annotations

import numpy as np
import pytest

from worldstate.config import Settings
from worldstate.extract.coref import attach
from worldstate.extract.coref.attach import FEATURES, AttachModel, attach_small_clusters, load_attach_model, pair_rows

TEXT = (
    "The old miller walked to the mill. He opened the door, and he looked at the river. "
    "He sat down. He ate his bread. The poor miller sighed. "
    "The queen came in the morning. She smiled."
)


def _table(text: str = TEXT):
    """The mention table of ``text`` after the rule pass, with its quotes marked as ``analyze`` marks them."""
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))
    return mention_table(rule_pass(doc, story.text))


def _index(table, text: str) -> int:
    return next(i for i, info in enumerate(table.infos) if info.mention.text == text)


def _split(table) -> list[int]:
    """The miller's he/his chain as one cluster; "The poor miller" and the queen's mentions each apart."""
    poor, queen = _index(table, "The poor miller"), _index(table, "The queen")
    out = []
    for i, info in enumerate(table.infos):
        low = info.mention.text.lower()
        if i == poor or i >= queen:
            out.append(i if low != "she" else queen)
        elif low in ("the old miller", "he", "his"):
            out.append(0)
        else:
            out.append(i)
    return out


def _model(threshold: float) -> AttachModel:
    weights = np.zeros(len(FEATURES))
    weights[FEATURES.index("bias")] = -2.0
    weights[FEATURES.index("head_match")] = 3.0
    weights[FEATURES.index("gender_clash")] = -5.0
    return AttachModel(weights, threshold)


def test_a_small_description_joins_the_larger_cluster_with_its_head() -> None:
    table = _table()
    cluster_of = _split(table)
    poor = _index(table, "The poor miller")
    assert cluster_of[poor] != cluster_of[0]
    out = attach_small_clusters(table, cluster_of, _model(0.5))
    assert out[poor] == out[0], "the poor miller is the old miller"
    queen = _index(table, "The queen")
    assert out[queen] != out[0], "the queen stays apart from the miller"


def test_nothing_joins_below_the_threshold() -> None:
    table = _table()
    cluster_of = _split(table)
    assert attach_small_clusters(table, cluster_of, _model(0.99)) == cluster_of


def test_a_small_cluster_without_a_larger_one_near_it_stays_apart() -> None:
    table = _table()
    alone = list(range(len(table.infos)))  # every mention its own cluster: no cluster is large
    assert pair_rows(table, alone) == []
    assert attach_small_clusters(table, alone, _model(0.0)) == alone


def test_the_shipped_weights_load_and_the_override_switches_them_off() -> None:
    model = load_attach_model()
    assert model is not None and len(model.weights) == len(FEATURES)
    assert 0.0 < model.threshold < 1.0
    assert model.provenance.get("command", "").startswith("worldstate bench tune litbank-coref-attach")
    table = _table()
    cluster_of = _split(table)
    attach.use_model(None)
    try:
        assert attach_small_clusters(table, cluster_of) == cluster_of
    finally:
        attach.use_default()
    if not attach.ENABLED:  # shipped off (it costs speaker accuracy): the default attaches nothing
        assert attach_small_clusters(table, cluster_of) == cluster_of
    attach.use_model(model)
    try:  # the shipped weights themselves, when applied, keep the miller and the queen apart
        out = attach_small_clusters(table, cluster_of)
        assert out[_index(table, "The queen")] != out[0]
    finally:
        attach.use_default()


@pytest.mark.parametrize("name", FEATURES)
def test_every_feature_is_finite(name: str) -> None:
    table = _table()
    rows = [r for _, _, r in pair_rows(table, _split(table))]
    assert rows, "the poor miller has candidates"
    column = np.vstack(rows)[:, FEATURES.index(name)]
    assert np.isfinite(column).all()


SPOKEN = (
    "The old miller walked to the mill. He opened the door, and he looked at the river. "
    'He sat down. He ate his bread. "I am tired," said the poor miller. '
    "The queen came in the morning. She smiled."
)


def test_the_subject_of_a_verb_of_speaking_beside_a_quote_says_it() -> None:
    table = _table(SPOKEN)
    assert table.speaker is not None
    assert table.speaker[_index(table, "the poor miller")], "said the poor miller"
    assert not table.speaker[_index(table, "The old miller")], "walked, no quote near"
    assert not table.speaker[_index(table, "The queen")]


def test_a_small_cluster_that_says_a_quote_stays_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(SPOKEN)
    poor = _index(table, "the poor miller")
    cluster_of = [
        0 if info.mention.text.lower() in ("the old miller", "he", "his") else i for i, info in enumerate(table.infos)
    ]
    assert cluster_of[poor] != cluster_of[0]
    monkeypatch.setattr(attach, "KEEP_SPEAKERS", True)
    assert attach_small_clusters(table, cluster_of, _model(0.5))[poor] == cluster_of[poor], "its speaker stays"
    monkeypatch.setattr(attach, "KEEP_SPEAKERS", False)
    assert attach_small_clusters(table, cluster_of, _model(0.5))[poor] == cluster_of[0], "else it joins the miller"


def test_a_fold_without_both_labels_fits_a_model_that_attaches_nothing() -> None:
    from worldstate.bench.tune.coref_attach import fit

    rows = [(np.ones((2, len(FEATURES))), np.zeros(2))]
    model = fit(rows, 0.2)
    assert model.threshold == 1.0 and not model.weights.any()
    table = _table()
    cluster_of = _split(table)
    assert attach_small_clusters(table, cluster_of, model) == cluster_of


def test_a_role_the_candidate_never_has_is_never_joined_to_it() -> None:
    """Even a model that would attach anything leaves "The queen" apart from the miller's cluster: the queen is a
    role the miller's cluster never names ("the king" is not "the miller"); "The poor miller" still joins."""
    table = _table()
    cluster_of = _split(table)
    eager = AttachModel(np.zeros(len(FEATURES)), 0.0)
    out = attach_small_clusters(table, cluster_of, eager)
    queen, poor = _index(table, "The queen"), _index(table, "The poor miller")
    assert out[queen] == cluster_of[queen] and out[queen] != out[0]
    assert out[poor] == out[0]
    small = {c: cands for c, cands, _ in pair_rows(table, cluster_of)}
    assert cluster_of[queen] not in small, "no candidate is left for the queen"
