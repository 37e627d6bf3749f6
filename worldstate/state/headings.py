"""Chapter headings at the start of a paragraph, cut off from the text that follows them.

A heading is a label ("CHAPTER I.", "Chapter 1", "BOOK ONE", "VOLUME I CHAPTER I", "LETTER I", "PROLOGUE", or a
bare Roman numeral before an upper-case title: "I A STRANGER …") and an optional title after it:

- an upper-case title ("THERE IS NO ONE LEFT", "DESCRIPTION OF FARMER OAK -- AN INCIDENT") ends where a
  capitalised word, a quotation mark or the end follows it; when a lower-case word follows, the last upper-case
  word is the sentence's own first word in small capitals ("THE TWO POETS OF SAFFRON PARK | THE suburb …");
- a title-case title ("Down the Rabbit-Hole", "Chiswick Mall", "Out to Sea") is cut only when the text shows where
  the sentence starts: a sentence opener inside it ("While", "I", "It" …), a quotation mark, an upper-case word,
  or a lower-case function word in the title and a verb after its last word ("Down the Rabbit-Hole | Alice was");
  otherwise ("Chapter 1 Sir Walter Elliot , of …") only the label is cut.

Text written on separate lines ("CHAPTER I.\\nDown the Rabbit-Hole\\nAlice was …") loses its label line and the
short title-case lines after it. Names inside a heading stay in it ("FARMER OAK"): only the boundary moves.
"""

from __future__ import annotations

import re

_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
)
_NUMERAL = rf"(?:[IVXLC]+|[ivxlc]+|\d+|(?i:{_NUMBER_WORDS}))\b"
_KEYWORD = r"(?:chapter|chap|book|part|volume|vol|letter|stave|section|canto)"
# A label: a capitalised keyword with its numeral, or an upper-case "PROLOGUE", repeated ("VOLUME I CHAPTER I").
_LABEL_UNIT = (
    rf"(?:(?=[A-Z])(?i:{_KEYWORD})\b\s*\.?\s*{_NUMERAL}|(?:PROLOGUE|EPILOGUE|PREFACE|INTRODUCTION|Prologue|Epilogue)\b)"
)
_LABEL = re.compile(rf"(?:{_LABEL_UNIT}\s*[.:]?(?:\s*(?:--|—))?\s*)+")
_BARE_NUMERAL = re.compile(r"[IVXLC]{1,5}\b\s*\.?\s*")
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "or",
        "in",
        "on",
        "at",
        "to",
        "for",
        "with",
        "by",
        "from",
        "into",
        "upon",
        "over",
        "under",
        "about",
        "as",
        "its",
        "his",
        "her",
        "their",
        "our",
        "my",
    ]
)
_OPENERS = frozenset(
    [
        "I",
        "It",
        "He",
        "She",
        "They",
        "We",
        "You",
        "There",
        "This",
        "That",
        "These",
        "Those",
        "When",
        "While",
        "Whether",
        "As",
        "After",
        "Before",
        "Once",
        "If",
        "Although",
        "Though",
        "Since",
        "During",
        "Now",
        "Then",
        "So",
        "But",
        "My",
        "Our",
        "His",
        "Her",
        "Their",
        "One",
        "Some",
        "Whatever",
        "Whenever",
    ]
)
_NAME_TITLES = frozenset(
    [
        "Mr",
        "Mr.",
        "Mrs",
        "Mrs.",
        "Ms",
        "Ms.",
        "Dr",
        "Dr.",
        "Sir",
        "Lady",
        "Lord",
        "Miss",
        "Madame",
        "Madam",
        "Major",
        "Captain",
        "St",
        "St.",
    ]
)
_QUOTES = "\"“‘'«"
_MAX_HEADING = 240  # characters: a longer run is no heading
_WORD = re.compile(r"\S+")


def heading_end(text: str, start: int, end: int) -> int:
    """Where the text after a heading at ``text[start:end]``'s start begins; ``start`` when there is none
    (see the module docstring). The result always leaves some text after the heading."""
    cut = _line_headings(text, start, end)
    if cut > start:
        return cut
    limit = min(end, start + _MAX_HEADING)
    label = _LABEL.match(text, start, end)
    if label is not None:
        cut = max(label.end(), _title_end(text, label.end(), limit))
    else:
        bare = _BARE_NUMERAL.match(text, start, end)
        if bare is None:
            return start
        cut = _title_end(text, bare.end(), limit)
        following = _WORD.match(text, bare.end(), end)
        nxt = following.group(0) if following else ""
        if cut <= bare.end() and not (nxt in ("The", "A", "An") or ("." in bare.group(0) and nxt[:1].isupper())):
            return start  # "I THINK so": the pronoun, not a numeral
        cut = max(cut, bare.end())
    return cut if text[cut:end].strip() and cut - start <= _MAX_HEADING else start


def heading_label(text: str) -> bool:
    """Whether ``text`` starts with a heading label ("CHAPTER I. Down", "Chapter 1")."""
    label = _LABEL.match(text.strip())
    return label is not None and bool(label.group(0).strip())


def is_heading(text: str) -> bool:
    """Whether ``text`` is a heading label and nothing else ("CHAPTER I .", "Chapter 1", "I .")."""
    text = text.strip()
    label = _LABEL.fullmatch(text) or re.fullmatch(r"[IVXLC]{1,5}\s*\.", text)
    return bool(text) and label is not None


def title_end(text: str, start: int, end: int) -> int:
    """Where the text after a title that follows a heading on a line of its own begins ("CHAPTER I ." then
    "THE TWO POETS OF SAFFRON PARK THE suburb …"); ``start`` when no title can be told from the text."""
    cut = _title_end(text, start, min(end, start + _MAX_HEADING))
    return cut if text[cut:end].strip() else start


def _line_headings(text: str, start: int, end: int) -> int:
    """The end of leading heading lines: a line that is all label, then short title-case lines."""
    first_line = text.find("\n", start, end)
    if first_line < 0:
        return start
    label = _LABEL.match(text, start, first_line)
    if label is None or text[label.end() : first_line].strip():
        return start
    cut = first_line + 1
    while True:
        nxt = text.find("\n", cut, end)
        if nxt < 0:
            break
        line = text[cut:nxt].strip()
        words = line.split()
        if not words or len(line) > 60 or line[-1] in ".!?,;:" or not all(_is_title_word(w) for w in words):
            break
        cut = nxt + 1
    return cut if text[cut:end].strip() else start


def _title_end(text: str, pos: int, end: int) -> int:
    """The end of a title starting at ``pos`` (``pos`` when there is none)."""
    words = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text, pos, end)]
    if not words or words[0][2][0] in _QUOTES:
        return pos
    first, second = words[0][2], words[1][2] if len(words) > 1 else ""
    if _is_upper(first) and (len(first) > 1 or _is_upper(second)):  # not "A Not Unnatural Enterprise"
        return _upper_title_end(words, pos)
    return _title_case_end(words, pos)


def _upper_title_end(words: list[tuple[int, int, str]], pos: int) -> int:
    k = 0
    while k < len(words) and (_is_upper(words[k][2]) or not _has_letter(words[k][2])):
        if words[k][2][0] in _QUOTES:
            return words[k][0]
        if words[k][2] in (".", "!", "?"):
            return words[k][1]
        k += 1
    if k == len(words):
        return pos
    nxt = words[k][2]
    if nxt[:1].islower():  # "THE suburb": the last upper-case word starts the sentence
        k -= 1
    return words[k][0] if k > 0 else pos


def _title_case_end(words: list[tuple[int, int, str]], pos: int) -> int:
    run: list[tuple[int, int, str]] = []
    stop = ""
    for w in words:
        token = w[2]
        if token[0] in _QUOTES:
            stop = "quote"
            break
        if _is_upper(token) and len(token) > 1 and run:
            stop = "upper"
            break
        if token in (".", "!", "?"):
            return w[1] if run else pos
        if not _is_title_word(token) or token in (",", ";"):
            stop = "word" if token[:1].islower() else "punct"
            break
        run.append(w)
    for k, (s, e, token) in enumerate(run):
        if k > 0 and token in _OPENERS:
            numeral = token == "I" and k + 1 < len(run) and run[k + 1][2][:1].isupper()
            return e if numeral else s  # "The Wild Land I | One January day"
    if not run:
        return pos
    if stop in ("quote", "upper"):
        return words[len(run)][0]
    last = run[-1][2]
    lower_inside = any(t[:1].islower() for _s, _e, t in run[:-1])
    if stop == "word" and lower_inside and last[:1].isupper() and run[-2][2] not in _NAME_TITLES:
        return run[-1][0]
    return pos


def _has_letter(word: str) -> bool:
    return any(c.isalpha() for c in word)


def _is_upper(word: str) -> bool:
    return _has_letter(word) and word.upper() == word


def _is_title_word(word: str) -> bool:
    """Capitalised, a lower-case function word, a number, or punctuation."""
    return not _has_letter(word) or word[:1].isupper() or word.lower() in _FUNCTION_WORDS
