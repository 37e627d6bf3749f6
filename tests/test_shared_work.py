"""Work shared across stages gives the same answers as doing it again: the whole-story accessibility
vector, the World's parse and embeddings layers that the task heads read, and the cached sentence lookup."""

from __future__ import annotations

import pytest
from test_extract import HOUSE_STORY, KING_STORY

from worldstate.analysis import World, analyze
from worldstate.config import Settings
from worldstate.query import accessibility, accessible
from worldstate.state import Story


@pytest.mark.parametrize("text", [KING_STORY, HOUSE_STORY])
def test_accessibility_vector_equals_per_sentence_answers(text):
    ws = analyze(text, Settings()).state
    n = len(ws.story.sentences)
    assert ws.characters()
    for entity in ws.entities:
        for by in (None, 0, n // 2, n - 1):
            expected = [accessible(ws, entity.id, k, by) for k in range(n)]
            assert accessibility(ws, entity.id, by) == expected, (entity.id, by)


def test_heads_slice_the_extractors_parse():
    world = analyze(KING_STORY, Settings())
    assert world.parsed is not None and world.parsed.chunks, "the parse layer keeps the backend's documents"
    docs = world.sentence_docs
    assert len(docs) == len(world.sentences) == len(world.story.sentences)
    for doc, sentence in zip(docs, world.sentences, strict=True):
        assert doc.text.strip() == sentence.strip()
        assert all(tok.lemma_ and tok.pos_ for tok in doc if not tok.is_space)
    assert world.sentence_docs is docs  # computed once
    # a world read back from JSON keeps no parse: the same Docs are parsed afresh
    fresh = World.of_state(world.state, Settings())
    assert [d.text.strip() for d in fresh.sentence_docs] == [d.text.strip() for d in docs]


def test_embeddings_are_one_vector_per_sentence_computed_once():
    world = analyze(HOUSE_STORY, Settings(), embed_early=True)
    vectors = world.embeddings
    assert vectors.shape[0] == len(world.sentences)
    assert world.embeddings is vectors


def test_a_parse_only_world_has_no_extraction():
    world = analyze("Anna met Tom. They walked home.", Settings(), layers="parse")
    assert world.layers == "parse" and world.parsed is not None
    assert world.state.entities == [] and len(world.sentences) == 2


def test_sentence_lookup_follows_a_resegmentation():
    story = Story.from_text("One. Two three. Four five six.")
    assert [story.sentence_at(s.span.start) for s in story.sentences] == [0, 1, 2]
    story.resegment([(0, 15), (16, 30)])
    assert story.sentence_at(20) == 1
    assert story.sentence_at(3) == 0
