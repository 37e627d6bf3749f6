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
