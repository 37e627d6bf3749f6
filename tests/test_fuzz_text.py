"""Fuzzing the text entry points: thousands of hostile inputs, no crash, no hang, clear errors."""

from __future__ import annotations

import signal
from contextlib import contextmanager

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from worldstate.errors import InputError
from worldstate.files import decode_story_bytes
from worldstate.state import Story

PER_INPUT_SECONDS = 2.0

# Pieces that make text hostile: HTML, entities, control characters, RTL marks, emoji, CJK, long runs.
HOSTILE = st.sampled_from(
    [
        "<p>",
        "</p>",
        "<br>",
        "<br/>",
        "<div><div><div>",
        "<script>alert(1)</script>",
        "&amp;",
        "&#x1F600;",
        "&#99999999;",
        "&bogus;",
        "\x00",
        "\x07",
        "\x1b[31m",
        "\r\n",
        "\r",
        "\u202e",
        "\u200f",
        "\u2028",
        "שלום",
        "مرحبا",
        "😀👨‍👩‍👧",
        "小胖熊。",
        "！？",
        "\n\n",
        '"',
        "“",
        "...",
        "A" * 300,
        "word " * 200,
        ".",
        "<",
        ">",
        "&",
    ]
)
TEXTS = st.lists(st.one_of(st.text(max_size=40), HOSTILE), max_size=30).map("".join)


@contextmanager
def time_limit(seconds: float):
    def _raise(signum, frame):
        raise TimeoutError(f"input took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _check_story(story: Story) -> None:
    n = len(story.text)
    previous_end = 0
    for sent in story.sentences:
        assert 0 <= sent.span.start < sent.span.end <= n
        assert sent.span.start >= previous_end
        previous_end = sent.span.end
        assert story.text[sent.span.start : sent.span.end].strip()
    for para in story.paragraphs:
        assert 0 <= para.span.start < para.span.end <= n
    for offset in (0, n // 2, n):
        assert story.source_offset(offset) >= 0


@settings(max_examples=6000, deadline=None, suppress_health_check=list(HealthCheck))
@given(TEXTS)
def test_story_from_hostile_text(text):
    with time_limit(PER_INPUT_SECONDS):
        _check_story(Story.from_text(text))


@settings(max_examples=4000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=400))
def test_decoding_hostile_bytes_gives_text_or_clear_error(data):
    with time_limit(PER_INPUT_SECONDS):
        try:
            text = decode_story_bytes(data, "fuzz.txt")
        except InputError as exc:
            assert str(exc).startswith("fuzz.txt: ")
            return
        _check_story(Story.from_text(text))


def test_pathological_inputs_finish_quickly():
    cases = [
        "<div>" * 50_000 + "x" + "</div>" * 50_000,
        "a" * 2_000_000,
        "&amp;" * 100_000,
        ("Hello. " * 100_000),
        "\u202e" + "مرحبا Hello. " * 10_000,
        "<" * 200_000,
    ]
    for text in cases:
        with time_limit(20):
            _check_story(Story.from_text(text))
