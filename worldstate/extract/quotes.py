"""Quotation spans: where direct speech starts and ends in the story text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldstate.state import Story

# Curly, straight, single (apostrophes inside words are skipped) and guillemet quotes, and CJK corner
# brackets; quotes are searched paragraph by paragraph, so one never crosses a paragraph break.
_QUOTE = re.compile(
    r"“[^”]{1,3000}(?:”|$)|\"[^\"]{1,3000}\"|«[^»]{1,3000}»|「[^」]{1,3000}」|『[^』]{1,3000}』"
    r"|(?<![\w’'])['‘](?=[^\s'’])(?:[^'‘’]|(?<=\w)['’](?=\w)){1,3000}?(?<=[^\s'‘])['’](?![\w])"
)


@dataclass(frozen=True)
class Quote:
    start: int  # the opening mark
    end: int  # after the closing mark
    content_start: int
    content_end: int


def find_quotes(story: Story) -> list[Quote]:
    """Quotes in ``story.text`` in order, each within one paragraph."""
    quotes = []
    for para in story.paragraphs:
        text = story.text[para.span.start : para.span.end]
        for m in _QUOTE.finditer(text):
            start, end = para.span.start + m.start(), para.span.start + m.end()
            closed = story.text[end - 1] in "”\"»」』'’"
            c_start, c_end = start + 1, end - 1 if closed else end
            while c_start < c_end and story.text[c_start].isspace():
                c_start += 1
            while c_end > c_start and story.text[c_end - 1].isspace():
                c_end -= 1
            if c_end > c_start:
                quotes.append(Quote(start, end, c_start, c_end))
    return quotes
