"""Property tests: anchoring finds any real passage exactly; parsing never raises on any text."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from worldstate.detect.llm import anchor_quote
from worldstate.detect.llm.anchor import MIN_QUOTE_CHARS
from worldstate.detect.llm.parsing import parse_output
from worldstate.detect.llm.schema import SchemaError, validate

WORDS = st.sampled_from(["the", "miller", "key", "river", "Anna", "said", "“no”", "—", "bread", "night", "."])
STORIES = st.lists(WORDS, min_size=6, max_size=60).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(STORIES, st.data())
def test_any_passage_of_the_story_anchors_to_itself(story: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(story) - 1))
    end = data.draw(st.integers(start, len(story)))
    passage = story[start:end]
    span = anchor_quote(story, passage)
    cleaned = passage.strip().strip("\"'“”‘’«»「」『』 \t\n").strip()
    if len(cleaned.replace(" ", "")) < MIN_QUOTE_CHARS:
        assert span is None
    else:
        assert span is not None
        assert story[span.start : span.end].lower().split() == cleaned.lower().split()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_parsing_never_raises(text: str) -> None:
    data, how = parse_output(text, ["has_error", "answer"], "has_error")
    assert how in {"json", "repaired", "lines", "keyword", "none"}
    assert (data is None) == (how == "none")
    if data is not None:
        with contextlib.suppress(SchemaError):
            validate(data, {"has_error": {"type": "bool"}})


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_garbage_quotes_are_refused_or_point_at_real_text(quote: str) -> None:
    story = "Anna gave the silver key to the miller before the river froze that night."
    span = anchor_quote(story, quote)
    assert span is None or 0 <= span.start < span.end <= len(story)
