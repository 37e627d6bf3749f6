"""Work shared across stages gives the same answers as doing it again: the whole-story accessibility
vector, the remembered spaCy parse the task heads slice, and the cached sentence lookup."""

from __future__ import annotations

import pytest
from test_extract import HOUSE_STORY, KING_STORY

from worldstate.config import Settings
from worldstate.detect.kn_text import StoryView
from worldstate.extract.knowledge import accessibility, accessible
from worldstate.extract.models import load_spacy
from worldstate.extract.parse_memory import forget, sentence_docs
from worldstate.pipeline import analyze_text
from worldstate.state import Story


@pytest.mark.parametrize("text", [KING_STORY, HOUSE_STORY])
def test_accessibility_vector_equals_per_sentence_answers(text):
    ws = analyze_text(text, settings=Settings())
    n = len(ws.story.sentences)
    assert ws.characters()
    for entity in ws.entities:
        for by in (None, 0, n // 2, n - 1):
            expected = [accessible(ws, entity.id, k, by) for k in range(n)]
            assert accessibility(ws, entity.id, by) == expected, (entity.id, by)


def test_heads_slice_the_extractors_parse():
    settings = Settings()
    forget()
    analyze_text(KING_STORY, settings=settings)
    view = StoryView.from_text(KING_STORY, settings)
    sliced = sentence_docs(load_spacy(settings), view.story.text, view.spans)
    assert all(doc is not None for doc in sliced), "every rule-based sentence lies inside one parsed chunk"
    for doc, sentence in zip(view.docs, view.sentences, strict=True):
        assert doc.text.strip() == sentence.strip()
        assert all(tok.lemma_ and tok.pos_ for tok in doc if not tok.is_space)
    forget()
    fresh = StoryView.from_text(KING_STORY, settings)
    assert [d.text.strip() for d in fresh.docs] == [
        d.text.strip() for d in view.docs
    ]  # parsed afresh when nothing is remembered


def test_sentence_lookup_follows_a_resegmentation():
    story = Story.from_text("One. Two three. Four five six.")
    assert [story.sentence_at(s.span.start) for s in story.sentences] == [0, 1, 2]
    story.resegment([(0, 15), (16, 30)])
    assert story.sentence_at(20) == 1
    assert story.sentence_at(3) == 0
