"""Contextual token vectors for the coreference pair scorer (``extract/coref/context.py``): one unit row per
parsed token taken from spaCy's ``Doc.tensor``, zeros where the parse has none."""

from __future__ import annotations

import numpy as np

from worldstate.config import Settings
from worldstate.extract.builder import parse
from worldstate.extract.coref.context import WIDTH, mention_vectors, token_vectors
from worldstate.extract.coref.mentions import MentionInfo
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.state import Mention, MentionKind, Span, Story

STORY = (
    "The miller had a daughter.  He was poor,\nbut he was proud.\n\n"
    'The king said to her: "Spin this straw into gold."\n\nShe sat down and wept.'
)


def _parsed() -> ParsedDoc:
    doc, _ = parse(Story.from_text(STORY), Settings())
    return doc


def test_one_unit_vector_per_parsed_token_from_the_spacy_tensor() -> None:
    doc = _parsed()
    vectors = token_vectors(doc)
    assert vectors.shape == (len(doc.tokens), WIDTH)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # the rows line up with the tokens: each is its chunk's tensor row for the same (non-space) token
    offset, sdoc = doc.chunks[0]
    first = next(tok for tok in sdoc if not tok.is_space)
    assert doc.tokens[0].text == first.text and doc.tokens[0].start == offset + first.idx
    expected = sdoc.tensor[first.i] / np.linalg.norm(sdoc.tensor[first.i])
    assert np.allclose(vectors[0], expected, atol=1e-6)
    # contextual: the same word in two places gets two different vectors
    he = [t.i for t in doc.tokens if t.low == "he"]
    assert len(he) == 2 and float(vectors[he[0]] @ vectors[he[1]]) < 0.999


def test_no_vectors_without_a_spacy_tensor() -> None:
    doc = ParsedDoc(tokens=[Token(0, "Anna", 0, 4, "anna", "PROPN", "ROOT", 0)])
    assert not token_vectors(doc).any()  # e.g. the Stanza backend keeps no spaCy Docs
    changed = _parsed()
    changed.tokens.pop()  # tokens no longer those of the chunks: no vectors rather than misaligned ones
    assert not token_vectors(changed).any()


def test_mention_vectors_are_the_head_row_and_the_unit_span_mean() -> None:
    doc = _parsed()
    vectors = token_vectors(doc)
    first = next(t.i for t in doc.tokens if t.low == "miller")
    info = MentionInfo(
        Mention("m0", Span(0, 10), "The miller", 0, MentionKind.NOMINAL), first, first - 1, first + 1, "miller"
    )
    heads, spans = mention_vectors(vectors, [info])
    assert np.allclose(heads[0], vectors[first])
    mean = vectors[first - 1 : first + 1].mean(axis=0)
    assert np.allclose(spans[0], mean / np.linalg.norm(mean), atol=1e-6)


def test_context_columns_when_the_feature_set_lists_them(monkeypatch) -> None:
    from worldstate.extract.coref import features
    from worldstate.extract.coref.resolver import mention_table, rule_pass

    names = features.FEATURE_NAMES + features.CONTEXT_NAMES + features.PRODUCT_NAMES
    monkeypatch.setattr(features, "FEATURE_NAMES", names)
    monkeypatch.setattr(features, "PAIR_COLUMN", {name: k for k, name in enumerate(names)})
    doc = _parsed()
    table = mention_table(rule_pass(doc, STORY))
    i = len(table.infos) - 1
    cands = np.arange(i)
    rows = features.pair_features(table, i, cands, np.zeros(i))
    assert rows.shape == (i, len(names))
    column = features.PAIR_COLUMN
    assert np.allclose(rows[:, column["ctx_head_cos"]], table.head_vec[cands] @ table.head_vec[i], atol=1e-6)
    assert np.allclose(rows[:, column["ctx_span_cos"]], table.span_vec[cands] @ table.span_vec[i], atol=1e-6)
    product = table.head_vec[cands, 2] * table.head_vec[i, 2] * features.PRODUCT_SCALE
    assert np.allclose(rows[:, column["ctx_prod_2"]], product, atol=1e-5)
    assert np.abs(rows[:, column["ctx_head_cos"]]).max() > 0


def test_an_ensemble_of_nets_is_one_net_averaging_their_logits(monkeypatch) -> None:
    from worldstate.bench.tune import coref as tune

    rng = np.random.default_rng(1)
    x = rng.random((400, 5))
    y = (x[:, 0] + 0.2 * rng.random(400) > 0.6).astype(float)
    monkeypatch.setattr(tune, "ENSEMBLE", 2)
    model = tune.fit([(x, y)])
    assert model.w1.shape == (5, 2 * tune.HIDDEN)
    logits = []
    for seed in (tune.SEED, tune.SEED + 1):
        w1, b1, w2, b2 = tune._fit_one(x, y, seed)
        logits.append(np.maximum(x @ w1 + b1, 0.0) @ w2 + b2)
    expected = 1.0 / (1.0 + np.exp(-(np.mean(logits, axis=0) + np.log(tune.NEGATIVE_SHARE))))
    assert np.allclose(model.score(x), expected, atol=1e-9)
