"""Whole-word counts of a text, read once: how often a word (and its plural) is used anywhere in the story.

A word here is a run of word characters and hyphens, as the rules' patterns ``(?<![\\w-])WORD(?![\\w-])``
delimit it; counting every run once replaces one case-insensitive regex pass over the whole text per word
counted, which made a long book's rules read it as many times as it has names or trade nouns.
"""

from __future__ import annotations

import re
from collections import Counter

WORD = re.compile(r"[\w-]+")


def word_counts(text: str) -> Counter[str]:
    """Each word of ``text`` (lower-cased) → how often it occurs."""
    return Counter(w.lower() for w in WORD.findall(text))


def count_uses(counts: Counter[str], text: str, word: str, suffixes: tuple[str, ...] = ("",)) -> int:
    """Uses of ``word`` (lower case) with one of ``suffixes`` as a whole word, case-insensitively: from
    ``counts`` (:func:`word_counts` of ``text``) when ``word`` is itself one run, else by one regex pass."""
    if WORD.fullmatch(word):
        return sum(counts[word + s] for s in suffixes)
    ends = "|".join(re.escape(s) for s in suffixes)
    return len(re.findall(rf"(?<![\w-]){re.escape(word)}(?:{ends})(?![\w-])", text, re.I))
