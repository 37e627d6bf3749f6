"""Re-anchoring quoted text to character spans in a story.

A model's quote is matched in three steps, each stricter about what counts as the same text:

1. exact (``str.find``);
2. normalised: case, runs of whitespace, curly/straight quote marks and dashes are unified, with
   an offset map back to the original text;
3. fuzzy: the quote's character n-grams vote for where it starts in the normalised story; the
   best few windows are compared with ``difflib`` at a high threshold (default 0.85), and the span
   is trimmed to the matching text and widened to whole words.

Quotes with an ellipsis (``…``/``...``) are anchored whole, else piece by piece in order.
Quotes shorter than ``MIN_QUOTE_CHARS`` non-space characters are never anchored: a few characters
match almost anywhere and are no evidence.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache

from worldstate.state import Span

MIN_QUOTE_CHARS = 8
FUZZY_THRESHOLD = 0.85
MAX_ELISION_GAP = 400

_QUOTE_CHARS = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u2014": "-",
        "\u2013": "-",
        "\u2012": "-",
        "\u2011": "-",
        "\u2010": "-",
        "\u00a0": " ",
    }
)
_ELLIPSIS = re.compile(r"\s*(?:\.\s?\.\s?\.|…|\[\.\.\.\]|\[…\])\s*")
_WRAPPERS = "\"'“”‘’«»「」『』 \t\n"
_BUCKET = 16  # characters: n-gram votes for a start offset are pooled in buckets of this size
_CANDIDATES = 5  # best-voted start offsets compared with difflib
_MAX_GRAM_HITS = 40


@lru_cache(maxsize=16)
def _normalise(text: str) -> tuple[str, tuple[int, ...]]:
    """Lower-cased text with unified quote marks/dashes and single spaces, plus an offset map."""
    chars: list[str] = []
    index: list[int] = []
    last_space = True  # drop leading whitespace
    for i, ch in enumerate(text.translate(_QUOTE_CHARS)):
        if ch.isspace():
            if last_space:
                continue
            chars.append(" ")
            index.append(i)
            last_space = True
            continue
        for low in "..." if ch == "\u2026" else ch.lower():
            chars.append(low)
            index.append(i)
        last_space = False
    while chars and chars[-1] == " ":
        chars.pop()
        index.pop()
    return "".join(chars), tuple(index)


def _clean_quote(quote: str) -> str:
    return quote.strip().strip(_WRAPPERS).strip()


def _candidate_starts(norm_story: str, norm_quote: str, start_at: int) -> list[int]:
    """Likely start offsets of the quote in the story, by votes of its character n-grams found there."""
    k = 8 if len(norm_quote) >= 24 else 5
    votes: Counter[int] = Counter()
    for off in range(0, len(norm_quote) - k + 1, max(1, k // 2)):
        gram = norm_quote[off : off + k]
        hits, pos = [], norm_story.find(gram, start_at)
        while pos >= 0 and len(hits) <= _MAX_GRAM_HITS:
            hits.append(pos)
            pos = norm_story.find(gram, pos + 1)
        if len(hits) > _MAX_GRAM_HITS:  # a common n-gram says nothing about where the quote is
            continue
        for hit in hits:
            votes[(hit - off) // _BUCKET] += 1
    return [bucket * _BUCKET for bucket, _ in votes.most_common(_CANDIDATES)]


def _fuzzy_find(norm_story: str, norm_quote: str, threshold: float, start_at: int) -> tuple[int, int] | None:
    """Best window of ``norm_story`` for ``norm_quote`` scoring >= ``threshold`` (difflib, edges trimmed)."""
    qlen = len(norm_quote)
    best: tuple[float, int, int] | None = None
    matcher = SequenceMatcher(autojunk=False)
    matcher.set_seq2(norm_quote)
    for guess in _candidate_starts(norm_story, norm_quote, start_at):
        start = max(start_at, guess - qlen // 4 - _BUCKET)
        end = min(len(norm_story), guess + qlen + qlen // 4 + 2 * _BUCKET)
        matcher.set_seq1(norm_story[start:end])
        blocks = [b for b in matcher.get_matching_blocks() if b.size]
        # Stray one- or two-letter matches at the edges are not part of the quote.
        while len(blocks) > 1 and blocks[0].size < 3:
            blocks.pop(0)
        while len(blocks) > 1 and blocks[-1].size < 3:
            blocks.pop()
        if not blocks:
            continue
        lo, hi = blocks[0].a, blocks[-1].a + blocks[-1].size
        matched = sum(b.size for b in blocks)
        # Score the trimmed window against the quote: text padded around a short quote loses.
        score = 2.0 * matched / (qlen + (hi - lo))
        if score >= threshold and (best is None or score > best[0]):
            best = (score, start + lo, start + hi)
    if best is None:
        return None
    lo, hi = best[1], best[2]
    while lo > 0 and norm_story[lo - 1].isalnum() and norm_story[lo].isalnum():  # whole words only
        lo -= 1
    while hi < len(norm_story) and norm_story[hi].isalnum() and norm_story[hi - 1].isalnum():
        hi += 1
    return lo, hi


def _anchor_piece(
    story: str, norm_story: str, index: tuple[int, ...], piece: str, threshold: float, start_at: int
) -> Span | None:
    exact = story.find(piece, start_at)
    if exact >= 0:
        return Span(exact, exact + len(piece))
    norm_piece, _ = _normalise(piece)
    if not norm_piece:
        return None
    norm_start = bisect.bisect_left(index, start_at)
    found = norm_story.find(norm_piece, norm_start)
    if found >= 0:
        return Span(index[found], index[found + len(norm_piece) - 1] + 1)
    if threshold >= 1.0:
        return None
    hit = _fuzzy_find(norm_story, norm_piece, threshold, norm_start)
    if hit is None:
        return None
    lo, hi = hit
    while lo < hi and norm_story[lo] == " ":
        lo += 1
    while hi > lo and norm_story[hi - 1] == " ":
        hi -= 1
    return Span(index[lo], index[hi - 1] + 1) if hi > lo else None


def anchor_quote(story: str, quote: str, *, threshold: float = FUZZY_THRESHOLD) -> Span | None:
    """Span of ``quote`` in ``story`` (exact, then normalised, then fuzzy), or None when absent.

    ``threshold`` is the difflib similarity the fuzzy step needs (1.0 disables fuzzy matching).
    A quote with an ellipsis is first looked up whole (the story may contain the ellipsis), then
    piece by piece: pieces must appear in order and close together (``MAX_ELISION_GAP``
    characters); otherwise only the longest piece is anchored.
    """
    if not isinstance(quote, str) or not story:
        return None
    cleaned = _clean_quote(quote)
    if len(cleaned.replace(" ", "")) < MIN_QUOTE_CHARS:
        return None
    norm_story, index = _normalise(story)
    elided = bool(_ELLIPSIS.search(cleaned))
    span = _anchor_piece(story, norm_story, index, cleaned, 1.0 if elided else threshold, 0)
    if span is not None or not elided:
        return span
    pieces = [
        p for p in (_clean_quote(p) for p in _ELLIPSIS.split(cleaned)) if len(p.replace(" ", "")) >= MIN_QUOTE_CHARS
    ]
    if not pieces:
        return None
    spans = _anchor_in_order(story, norm_story, index, pieces, threshold)
    if spans:
        return Span(spans[0].start, spans[-1].end)
    return _anchor_piece(story, norm_story, index, max(pieces, key=len), threshold, 0)


def _anchor_in_order(
    story: str, norm_story: str, index: tuple[int, ...], pieces: list[str], threshold: float
) -> list[Span] | None:
    """Spans of all ``pieces`` in order, each within ``MAX_ELISION_GAP`` of the previous; else None."""
    spans: list[Span] = []
    for piece in pieces:
        start_at = spans[-1].end if spans else 0
        span = _anchor_piece(story, norm_story, index, piece, threshold, start_at)
        if span is None or (spans and span.start - spans[-1].end > MAX_ELISION_GAP):
            return None
        spans.append(span)
    return spans
