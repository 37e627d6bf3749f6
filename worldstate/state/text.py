"""Story text: normalisation (HTML, line endings, control characters) with offset mapping.

Every span in a world state points into ``Story.text`` (the normalised text). When the input
contained HTML (``<br>``, ``<p>``, ``&amp;`` …), ``Story.source_offset`` maps a normalised offset
back to the raw input so evidence can still be shown in the original file.
"""

from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass, field

from worldstate.state.headings import heading_end, is_heading, title_end

# Tags that end a line or a paragraph when HTML is turned into text.
_BREAK_TAGS = {"br": "\n"}
_BLOCK_TAGS = {"p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote"}
_HTML_TOKEN = re.compile(
    r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9]*)[^<>]{0,500}?>|&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,10});"
)
_LOOKS_LIKE_HTML = re.compile(
    r"<\s*/?\s*(br|p|div|li|ul|ol|span|i|b|em|strong|h[1-6])\b[^<>]*>|&(?:#\d+|[a-zA-Z]{2,10});", re.I
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Sentence punctuation, and what may close a sentence after it (quotes, brackets).
_ENDS = "[.!?。！？…]"
_CLOSERS = "[\"'”’»)\\]]"
# A full stop after these is no sentence end ("Mr. Darcy", "J. Smith").
_ABBREVIATIONS = ("Mr", "Mrs", "Ms", "Dr", "St", "Jr", "Sr", "Prof", "Rev", "Capt", "Col", "Gen", "Lt", "Sgt", "Mme")
_NOT_ABBREVIATION = "".join(rf"(?<!\b{a}\.)" for a in _ABBREVIATIONS) + r"(?<!\b[A-Z]\.)"
_AFTER_ABBREVIATION = "|".join(rf"(?<=\b{a}\.)" for a in _ABBREVIATIONS) + r"|(?<=\b[A-Z]\.)"
# A line break that only wraps a line: the line before it does not end with sentence punctuation (closing quotes
# allowed after it), or ends with a title ("Mr."); and the next line is not blank (that is a paragraph break).
_WRAP = re.compile(
    rf"(?:(?<=\S)(?<!{_ENDS})(?<!{_ENDS}{_CLOSERS})(?<!{_ENDS}{_CLOSERS}{{2}})|{_AFTER_ABBREVIATION})"
    r"[ \t]*\n(?=[ \t]*\S)"
)
_SENTENCE_END = re.compile(
    rf"(?<={_ENDS}){_NOT_ABBREVIATION}{_CLOSERS}*\s+(?=[\"'“‘«(\[]?[A-Z0-9\u4e00-\u9fff“\"‘'])"  # ". The"
    r"|(?<=[。！？])(?=[^”’」』\s])"  # Chinese: no space after the stop
    r"|\n\s*\n"  # a blank line
    rf"|(?<={_ENDS}){_NOT_ABBREVIATION}{_CLOSERS}*[ \t]*\n"  # a line that ends a sentence, whatever follows
)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
# Raw text (not a Story): after 。！？!?；… and a closing quote, or after . ! ? (and a closing quote) before a space.
_PIECE_END = re.compile(r"(?<=[。！？!?；…])[”’\"』」]?|(?<=[.!?])[\"'”’)]?(?=\s)")


@dataclass(frozen=True, order=True)
class Span:
    """A half-open character range ``[start, end)`` in ``Story.text``."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid span [{self.start}, {self.end})")

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end


@dataclass(frozen=True)
class Sentence:
    """One sentence: its index, paragraph index and span in ``Story.text``."""

    index: int
    paragraph: int
    span: Span


@dataclass(frozen=True)
class Paragraph:
    index: int
    span: Span


@dataclass
class Story:
    """A normalised story with paragraphs and sentences at stable character offsets."""

    text: str
    sentences: list[Sentence] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    language: str = "en"
    title: str = ""
    source: str = ""
    # How paragraphs were found: "blank-lines", "wrapped" (hard-wrapped lines, no blank lines) or
    # "lines" (a paragraph, or a sentence as in LitBank, on each line); see ``paragraph_layout``.
    layout: str = "blank-lines"
    # Breakpoints (normalised offset, raw offset) for mapping back to the raw input.
    offset_map: list[tuple[int, int]] = field(default_factory=list)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_text(cls, raw: str, *, source: str = "", title: str = "", language: str | None = None) -> Story:
        """Normalise ``raw`` (HTML, CRLF, control characters) and split it into sentences."""
        text, offset_map = normalise_text(raw)
        lang = language or detect_language(text)
        story = cls(text=text, language=lang, title=title, source=source, offset_map=offset_map)
        story.layout = paragraph_layout(text)
        story.paragraphs = split_paragraphs(text, story.layout)
        story.sentences = split_sentences(text, story.paragraphs)
        return story

    def resegment(self, spans: list[tuple[int, int]]) -> None:
        """Replace the sentence split (e.g. with a parser's), keeping paragraphs."""
        starts = [p.span.start for p in self.paragraphs]
        sentences = []
        for start, end in spans:
            start, end = _trim(self.text, start, end)
            if end <= start:
                continue
            para = max(0, bisect.bisect_right(starts, start) - 1)
            sentences.append(Sentence(len(sentences), para, Span(start, end)))
        self.sentences = sentences

    # -- access -------------------------------------------------------------------------
    def span_text(self, span: Span) -> str:
        return self.text[span.start : span.end]

    def sentence_text(self, index: int) -> str:
        return self.span_text(self.sentences[index].span)

    def sentence_at(self, offset: int) -> int:
        """Index of the sentence containing (or, in a gap, preceding) ``offset``."""
        return max(0, bisect.bisect_right(self._sentence_starts(), offset) - 1)

    def _sentence_starts(self) -> list[int]:
        """Sentence start offsets, cached until ``sentences`` is replaced or resized (O(log n) lookups)."""
        cached = self.__dict__.get("_starts_cache")
        if cached is None or cached[0] is not self.sentences or cached[1] != len(self.sentences):
            cached = (self.sentences, len(self.sentences), [s.span.start for s in self.sentences])
            self.__dict__["_starts_cache"] = cached
        return cached[2]

    def source_offset(self, offset: int) -> int:
        """Map an offset in ``text`` to the raw input's offset."""
        if not self.offset_map:
            return offset
        cached = self.__dict__.get("_offset_keys_cache")
        if cached is None or cached[0] is not self.offset_map or cached[1] != len(self.offset_map):
            cached = (self.offset_map, len(self.offset_map), [k for k, _ in self.offset_map])
            self.__dict__["_offset_keys_cache"] = cached
        i = bisect.bisect_right(cached[2], offset) - 1
        if i < 0:
            return offset
        norm, raw = self.offset_map[i]
        return raw + (offset - norm)

    def find(self, quote: str, start: int = 0) -> Span | None:
        """Exact span of ``quote`` in the text, or None."""
        if not quote:
            return None
        i = self.text.find(quote, start)
        return Span(i, i + len(quote)) if i >= 0 else None

    @property
    def word_count(self) -> int:
        return len(self.text.split())


def looks_like_html(raw: str) -> bool:
    return bool(_LOOKS_LIKE_HTML.search(raw))


def normalise_text(raw: str) -> tuple[str, list[tuple[int, int]]]:
    """Return normalised text and offset breakpoints (empty when nothing moved).

    CRLF becomes LF; control characters become spaces; when the text looks like HTML, tags are
    removed (block tags and ``<br>`` become newlines) and entities are unescaped.
    """
    raw = raw.lstrip("\ufeff")
    if "\r" in raw:
        raw = raw.replace("\r\n", " \n").replace("\r", "\n")  # same length: offsets unchanged
    raw = _CONTROL.sub(" ", raw)
    if not looks_like_html(raw):
        return raw, []
    out: list[str] = []
    offset_map: list[tuple[int, int]] = [(0, 0)]
    pos = 0
    length = 0
    for match in _HTML_TOKEN.finditer(raw):
        out.append(raw[pos : match.start()])
        length += match.start() - pos
        if match.group(2):
            _closing, tag = match.group(1), match.group(2).lower()
            if tag in _BREAK_TAGS:
                replacement = _BREAK_TAGS[tag]
            elif tag in _BLOCK_TAGS:
                replacement = "\n\n" if tag == "p" else "\n"
            else:
                replacement = ""
        else:
            replacement = html.unescape(match.group(0))
        out.append(replacement)
        length += len(replacement)
        pos = match.end()
        offset_map.append((length, pos))
    out.append(raw[pos:])
    text = "".join(out)
    # Collapse runs of 3+ newlines produced by nested blocks (keep offsets: map via breakpoints).
    return text, offset_map


def detect_language(text: str) -> str:
    """'zh' when CJK ideographs dominate the letters, else 'en'."""
    sample = text[:5000]
    cjk = sum(1 for ch in sample if "\u4e00" <= ch <= "\u9fff")
    latin = sum(1 for ch in sample if ch.isascii() and ch.isalpha())
    return "zh" if cjk > latin else "en"


def paragraph_layout(text: str) -> str:
    """How the text marks its paragraphs, judged from its own layout.

    ``blank-lines`` when blank lines separate blocks (also a single block); ``wrapped`` when there are no
    blank lines but most lines are hard-wrapped near one width (a paragraph then starts at an indented
    line or after a short line); ``lines`` otherwise (no blank lines, ragged lines: each line is one).
    """
    if _PARAGRAPH_BREAK.search(text.strip()):
        return "blank-lines"
    lengths = [len(line.rstrip()) for line in text.strip().split("\n") if line.strip()]
    if len(lengths) < 2:
        return "blank-lines"
    if len(lengths) < 8:
        return "lines"
    width = sorted(lengths)[int(0.9 * (len(lengths) - 1))]
    near = sum(1 for n in lengths if 0.7 * width <= n <= width)
    if 50 <= width <= 100 and near >= 0.6 * len(lengths):
        return "wrapped"
    return "lines"


def split_paragraphs(text: str, layout: str = "blank-lines") -> list[Paragraph]:
    """Paragraph spans for ``layout`` (see ``paragraph_layout``); a chapter heading at a paragraph's start is a
    paragraph of its own (``headings``: "CHAPTER I. Down the Rabbit-Hole | Alice was beginning …")."""
    return cut_headings(text, _split_paragraphs(text, layout))


def cut_headings(text: str, paragraphs: list[Paragraph]) -> list[Paragraph]:
    """``paragraphs`` with each leading heading cut off into a paragraph of its own; after a paragraph that
    is only a heading label ("CHAPTER I ."), an upper-case title at the next one's start is cut too."""
    out: list[Paragraph] = []
    after_label = False
    for para in paragraphs:
        start, end = para.span.start, para.span.end
        cut = heading_end(text, start, end)
        if cut == start and after_label:
            cut = title_end(text, start, end)
        after_label = is_heading(text[start:end])
        if cut > start:
            _add_trimmed(out, text, start, cut)
        _add_trimmed(out, text, cut, end)
    return out


def _split_paragraphs(text: str, layout: str) -> list[Paragraph]:
    paragraphs: list[Paragraph] = []
    if layout in ("lines", "wrapped"):
        for start, end in _line_blocks(text, layout == "wrapped"):
            _add_trimmed(paragraphs, text, start, end)
        return paragraphs
    pos = 0
    for match in _PARAGRAPH_BREAK.finditer(text):
        _add_trimmed(paragraphs, text, pos, match.start())
        pos = match.end()
    _add_trimmed(paragraphs, text, pos, len(text))
    if not paragraphs and text.strip():
        start, end = _trim(text, 0, len(text))
        paragraphs.append(Paragraph(0, Span(start, end)))
    return paragraphs


def _line_blocks(text: str, wrapped: bool) -> list[tuple[int, int]]:
    """(start, end) of each line, or, for hard-wrapped text, of each run of lines that makes a paragraph:
    a new one starts at an indented line or after a line much shorter than the wrap width that ends
    a sentence."""
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    if not wrapped:
        return lines
    lengths = sorted(e - s for s, e in lines if text[s:e].strip())
    width = lengths[int(0.9 * (len(lengths) - 1))] if lengths else 0
    blocks: list[tuple[int, int]] = []
    for start, end in lines:
        line = text[start:end]
        if not line.strip():
            continue
        prev = text[blocks[-1][0] : blocks[-1][1]].split("\n")[-1].rstrip() if blocks else ""
        indented = line[:1] in " \t" and line.strip()
        prev_short = len(prev) < 0.7 * width and prev[-1:] in ".!?:\"'”’»)"
        if not blocks or indented or prev_short:
            blocks.append((start, end))
        else:
            blocks[-1] = (blocks[-1][0], end)
    return blocks


def unwrap_lines(text: str) -> str:
    """``text`` with every line break that only wraps a line (see ``_WRAP``) turned into a space: same length,
    same offsets. Hard-wrapped text (Project Gutenberg wraps at about 70 characters) then reads as the
    parser and the sentence rules expect: "…said\\nMr. Darcy" is one sentence. A blank line, or a line that
    ends with sentence punctuation, still ends a sentence."""
    return _WRAP.sub(lambda m: m.group(0)[:-1] + " ", text)


def split_sentences(text: str, paragraphs: list[Paragraph], max_chars: int = 2000) -> list[Sentence]:
    """Rule-based sentence split (the extractor may replace it with a parser's split).

    A sentence ends at sentence punctuation followed by a capital (not after a title such as "Mr."), at a
    blank line, and at a line break after sentence punctuation; a line break that only wraps a line is a
    space. Very long runs without sentence punctuation are cut at whitespace every ``max_chars``.
    """
    sentences: list[Sentence] = []
    for para in paragraphs:
        pos = para.span.start
        chunk = text[para.span.start : para.span.end]
        cuts = [para.span.start + m.end() for m in _SENTENCE_END.finditer(chunk)]
        for cut in [*cuts, para.span.end]:
            for start, end in _cap_length(text, pos, cut, max_chars):
                start, end = _trim(text, start, end)
                if end > start:
                    sentences.append(Sentence(len(sentences), para.index, Span(start, end)))
            pos = cut
    return sentences


def split_text(text: str) -> list[str]:
    """The sentences of raw text that is not a story's (a fragment of a task input, a story to derive
    benchmark items from), Chinese or English: cut after 。！？!?；… (and a closing quote), or after . ! ?
    (and a closing quote) before whitespace; each stripped, none empty. A World's sentences are
    ``world.sentences`` (the parser's split); this is the one splitter for everything else."""
    parts, start = [], 0
    for match in _PIECE_END.finditer(text):
        end = match.end()
        piece = text[start:end].strip()
        if piece:
            parts.append(piece)
        start = end
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


def _cap_length(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    pieces = []
    while end - start > max_chars:
        cut = text.rfind(" ", start + max_chars // 2, start + max_chars)
        cut = cut if cut > start else start + max_chars
        pieces.append((start, cut))
        start = cut
    pieces.append((start, end))
    return pieces


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _add_trimmed(paragraphs: list[Paragraph], text: str, start: int, end: int) -> None:
    start, end = _trim(text, start, end)
    if end > start:
        paragraphs.append(Paragraph(len(paragraphs), Span(start, end)))
