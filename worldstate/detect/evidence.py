"""Evidence spans for the knowledge and continuity heads, always checked against the input text.

Spans are offsets into the text the head was given (for HTML input, mapped back from the
normalised text), so ``text[ev.span.start:ev.span.end] == ev.text`` holds for every evidence.
"""

from __future__ import annotations

from worldstate.detect.storyview import StoryView
from worldstate.state import Evidence, Span


def sentence_evidence(view: StoryView, index: int, role: str) -> Evidence:
    """Evidence for sentence ``index`` of ``view``, verified."""
    return _evidence(view, view.spans[index], role, index)


def quote_evidence(view: StoryView, span: Span, role: str) -> Evidence:
    """Evidence for a span of the normalised text (e.g. a re-anchored LLM quote), verified."""
    return _evidence(view, span, role, view.sentence_of(span.start))


def _evidence(view: StoryView, span: Span, role: str, sentence: int) -> Evidence:
    raw = view.raw_span(span)
    return verified(view.raw, Evidence(span=raw, text=view.raw[raw.start : raw.end], role=role, sentence=sentence))


def verified(text: str, evidence: Evidence) -> Evidence:
    """Return ``evidence`` after checking that its span really holds its text (else ValueError)."""
    if text[evidence.span.start : evidence.span.end] != evidence.text:
        raise ValueError(f"evidence span {evidence.span} does not match its text {evidence.text[:40]!r}")
    return evidence
