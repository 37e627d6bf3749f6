"""Word lists and word-level cues shared by the heads (``data/text/<name>``, one word a line)."""

from __future__ import annotations

import re
from functools import lru_cache

from worldstate.data import read_text

WORD = re.compile(r"[A-Za-z']+")


@lru_cache(maxsize=8)
def word_list(name: str) -> frozenset[str]:
    """A lower-cased word list from ``data/text/<name>`` (one word a line, ``#`` comments)."""
    text = read_text("detect", f"data/text/{name}")
    return frozenset(w.strip().lower() for w in text.splitlines() if w.strip() and not w.startswith("#"))


def negation_words() -> frozenset[str]:
    """English negation cues."""
    return word_list("negation_words.txt")


def words(text: str) -> list[str]:
    """The lower-cased English words of ``text``."""
    return [w.lower() for w in WORD.findall(text)]


def content_words(text: str) -> set[str]:
    """Words of three letters or more that are not stop words."""
    stop = word_list("stopwords_en.txt")
    return {w for w in words(text) if w not in stop and len(w) > 2}


def has_negation(text: str) -> float:
    """1.0 when ``text`` holds a negation cue (``not``, ``never``, ``-n't`` …), else 0.0."""
    neg = negation_words()
    return float(any(t in neg or t.endswith("n't") for t in words(text)))
