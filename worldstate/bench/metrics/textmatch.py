"""Sentence normalisation, word tokenisation and the fuzzy sentence match used by CEEval.

Matching rule (documented in the README): both sentences are normalised (Unicode NFKC, HTML tags and
entities removed, lower case, curly quotes straightened, every non-word character dropped, whitespace
collapsed) and split into words. Two sentences match when

1. their word sequences have a difflib similarity ratio of at least ``FULL_RATIO`` (0.8), or
2. the shorter one has at least ``MIN_CLAUSE_WORDS`` (4) words and a window of the longer one of the same
   length has a ratio of at least ``FULL_RATIO`` — a gold clause inside a predicted sentence (or the reverse).

There is no bare substring test: a few shared words never match, and edits by the annotators (about one gold
line in six is not verbatim in the story) still match.
"""

from __future__ import annotations

import html
import re
import unicodedata
from difflib import SequenceMatcher

FULL_RATIO = 0.8
MIN_CLAUSE_WORDS = 4
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"\w+", re.UNICODE)


def strip_html(text: str) -> str:
    """Text with HTML tags turned into line breaks and entities unescaped."""
    text = re.sub(r"(?i)<\s*br\s*/?\s*>|</\s*p\s*>|<\s*p[^>]*>|</?\s*li[^>]*>|</?\s*[ou]l[^>]*>", "\n", text)
    return html.unescape(_TAG.sub("", text))


def words(text: str) -> list[str]:
    """Lower-cased word tokens: maximal runs of Unicode word characters after NFKC (so "don't" → don, t)."""
    return _WORD.findall(unicodedata.normalize("NFKC", strip_html(text)).lower())


def split_gold_lines(value: object) -> list[str]:
    """Gold sentences of a FlawedFictions field: HTML list items, or text split on ``;`` and newlines.

    "NA", empty and missing values give no sentences; surrounding quotes are removed.
    """
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [s for v in value for s in split_gold_lines(v)]
    text = str(value).strip()
    if not text or text.upper() in {"NA", "N/A", "NONE", "NAN"}:
        return []
    parts = re.split(r"[;\n]", strip_html(text))
    out = []
    for part in parts:
        part = part.strip().strip("\"'“”‘’").strip()
        if words(part):
            out.append(part)
    return out


def _ratio(a: list[str], b: list[str]) -> float:
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


def sentences_match(a: str, b: str) -> bool:
    """The fuzzy sentence match described in the module docstring."""
    wa, wb = words(a), words(b)
    if not wa or not wb:
        return False
    if _ratio(wa, wb) >= FULL_RATIO:
        return True
    short, long = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    if len(short) < MIN_CLAUSE_WORDS:
        return False
    n = len(short)
    first = set(short)
    for start in range(len(long) - n + 1):
        window = long[start : start + n]
        # cheap pre-filter before the ratio: the window must start or end on a word of the shorter sentence
        if (window[0] in first or window[-1] in first) and _ratio(short, window) >= FULL_RATIO:
            return True
    return False


def any_match(predicted: list[str], gold: list[str]) -> bool:
    """True when some predicted sentence matches some gold sentence."""
    return any(sentences_match(p, g) for p in predicted for g in gold)
