"""Quotation spans: where direct speech starts and ends in the story text.

Every quoting style is scanned mark by mark: curly and straight double quotes, curly and straight single
quotes (also LitBank's spaced style, ``‘ Oh dear ! ’``), guillemets, CJK corner brackets, and dash dialogue
(``— Yes, he said.`` at the start of a paragraph, when the story is written that way). Apostrophes are told
from single quotes by their neighbours (``o'clock``, ``'tis``, ``I ’ve``, ``the boys' toys``). A quote left
open at a paragraph's end continues into the next paragraph when that one opens with a quote mark again
(multi-paragraph speech, one quote per paragraph), or, when the story's lines are sentences rather than
paragraphs (``Story.layout == "lines"``), until its closing mark a few lines later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldstate.state import Story

OPEN, CLOSE, EITHER = 1, 2, 3
MAX_QUOTE_CHARS = 3000
MAX_CONTINUED_LINES = 12
TERM_WORDS = 3  # a quote this short right after a word (no comma or colon) is a quoted term
LABEL_WORDS = 6  # a quote this short without closing punctuation is a label, not speech  # lines an open quote may run on when the story has a sentence a line

# Word starts after an apostrophe that are contractions, not the first word of a quote.
_ELISION = re.compile(r"(?:s|t|d|m|ll|ve|re|em|tis|twas|twere|twill|im|un|n|ere|cept|bout|ow|e)\b", re.I)
_DASH_START = re.compile(r"[ \t]*(?:—|–|--)(?!-)")
_COLON_DASH = re.compile(r"[:;,][ \t]*(?:—|--)[ \t]*(?=\S)")
# ", he said ." / ", Buck Mulligan said gloomily ." closing a dash quote's sentence: not part of the quote.
_DASH_ATTRIBUTION = re.compile(
    r",[ \t]+(?:(?:he|she|I|they|we)[ \t]+|(?:[A-Z][\w’']*[ \t]+){1,3})(?:\w+ly[ \t]+)?(?:said|asked|cried|answered|"
    r"replied|says|asks|told|\w+ed)\b[^.!?\n—]{0,40}[.!?]?[ \t]*$",
    re.M,
)
# the attribution in the middle of a dash paragraph: "— Thanks, old chap, he cried briskly. That will do."
_DASH_ATTRIBUTION_MID = re.compile(
    r",[ \t]+(?:(?:he|she|I|they|we)[ \t]+|(?:[A-Z][\w’']*[ \t]+){1,3})(?:\w+ly[ \t]+)?(?:said|asked|cried|answered|"
    r"replied|says|asks|told|\w+ed)\b[^.!?\n—]{0,40}[.!?](?=[ \t]+[A-Z])"
)
# a line of its own that attributes the dash line before it: "he said gaily ." / "Mulligan said ."
_ATTRIBUTION_LINE = re.compile(
    r"[ \t]*(?:(?:he|she|I|they|we|He|She|They|We)|(?:[A-Z][\w’']*[ \t]+){0,2}[A-Z][\w’']*)[ \t]+(?:\w+ly[ \t]+)?"
    r"(?:said|asked|cried|answered|replied|says|asks|murmured|whispered|added|shouted|called|exclaimed)\b"
    r"[^.!?\n—]{0,40}[.!?]?[ \t]*$"
)
# narration, not speech going on, in a sentence line after a dash quote: a third-person subject and a
# past-tense verb, without a first- or second-person word ("He skipped off the gunrest .")
_THIRD_PERSON_START = re.compile(r"[ \t]*(?:He|She|They|It|His|Her|Their|The|A|An|[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)?)\b")
_PAST_VERB = re.compile(r"\b(?:\w+ed|was|were|had|said|went|came|took|saw|stood|sat|began|felt|knew|thought|made|got|"
                        r"ran|put|laid|held|told|left|turned|gave|found|heard|brought|shook|drew|spoke|rose|fell)\b")  # fmt: skip
_PERSONAL = re.compile(r"\b(?:I|me|my|mine|we|us|our|you|your|yours)\b|’m\b|'m\b", re.I)
# dash dialogue is a habit: a text with fewer dash-led lines than this per 1,000 words uses dashes as
# punctuation ("-- the great elm-tree and the weather-beaten edifice .": LitBank's Moby-Dick, Middlemarch)
DASH_PER_1000_WORDS = 5
MAX_DASH_CONTINUED = 12  # sentence lines a dash quote's speech may go on for after its attribution
# a foreign cry set in italics right after a verb of speaking, without quote marks (Gulliver's "cried out
# in a shrill voice , _ Hekinah degul _", "a universal shout of _ Hekinah degul _"): underscores mark it
_ITALIC_SPEECH = re.compile(
    r"\b(?:cr(?:y|ied|ies|ying)|shout(?:s|ed|ing)?|repeat(?:s|ed|ing)|exclaim(?:s|ed|ing)|scream(?:s|ed|ing)|"
    r"call(?:s|ed|ing)[ \t]+out|whisper(?:s|ed|ing)|said|says|sa(?:y|ying)|utter(?:s|ed|ing))\b"
    r"[^.;:!?_\"“”‘’\n]{0,60}?(?:,|\baloud|\bof)[ \t]+(_[ \t]?[^_\n]{1,80}?[ \t]?_)"
)
_SAID = r"(?:said|says|asked|cried|answered|replied|exclaimed|whispered|murmured|shouted|added|returned)"
# a short unpunctuated quote is still speech when a said-verb attributes it ("" That 's a handsome maid " he
# said") or introduces it (an amiable baronet , who said " Exactly " to her remarks)
_ATTRIBUTED_AFTER = re.compile(
    rf"[ \t]*,?[ \t]*(?:{_SAID}[ \t]+(?:he|she|I|the|[A-Z])|(?:he|she|I|they|we)[ \t]+{_SAID}\b)"
)
_INTRODUCED_BEFORE = re.compile(rf"\b{_SAID}[ \t]*,?[ \t]*$")
ITALIC_SPEECH_WORDS = 8  # an italic phrase longer than this after a said-verb is emphasis or a title
_PAIRS = {"“": "”", '"': '"', "«": "»", "「": "」", "『": "』", "‘": "’", "'": "'"}
_DOUBLE = '“”"«»「」『』'
_SINGLE = "‘’'"


@dataclass(frozen=True)
class Quote:
    start: int  # the opening mark
    end: int  # after the closing mark (or the paragraph's end when unclosed)
    content_start: int
    content_end: int


def _role(text: str, i: int) -> int:
    """OPEN, CLOSE, EITHER or 0 (not a quote mark: an apostrophe) for the mark at ``text[i]``."""
    ch = text[i]
    if ch in "“«「『":
        return OPEN
    if ch in "”»」』":
        return CLOSE
    before = text[i - 1] if i > 0 else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    if ch == '"':
        if before.isspace() or before in "([—-":
            return OPEN if not after.isspace() else EITHER
        return CLOSE if not after.isalnum() else EITHER
    # single marks: ‘ ’ '
    if before.isalnum() and after.isalnum():
        return 0  # don't, o'clock, don’t
    if after.isalpha() and _ELISION.match(text, i + 1) and ch != "‘":
        return 0  # 's, ’ve, 'tis (spaced or not)
    if ch == "‘":
        return OPEN
    if before.isspace() and after.isspace() and text[i - 2 : i - 1] == "s" and text[i + 2 : i + 3].islower():
        return 0  # the Joneses ' house (spaced possessive)
    if before.isalnum():
        return CLOSE  # the end of a quoted word, or the boys' (a close with nothing open is dropped)
    if after.isalnum() or (after.isspace() and before.isspace() and ch == "’"):
        return OPEN if ch == "'" or after.isalnum() else CLOSE
    if before in ".,!?;:-—…" or (before.isspace() and ch == "’"):
        return CLOSE
    return EITHER


def _marks(text: str, start: int, end: int, chars: str) -> list[tuple[int, int]]:
    """(offset, role) of the quote marks of ``chars`` in ``text[start:end]``."""
    out = []
    for i in range(start, end):
        if text[i] in chars:
            role = _role(text, i)
            if role:
                out.append((i, role))
    return out


def _pair(marks: list[tuple[int, int]], text: str) -> list[tuple[int, int | None]]:
    """(opening offset, closing offset or None when left open) of the quotes formed by ``marks``."""
    out: list[tuple[int, int | None]] = []
    opened: int | None = None
    for i, role in marks:
        if opened is None:
            if role in (OPEN, EITHER):
                opened = i
        elif role in (CLOSE, EITHER) and _PAIRS.get(text[opened]) == text[i]:
            if _plural_possessive(text, opened, i):
                continue
            out.append((opened, i))
            opened = None
        elif role == OPEN and text[i] == text[opened] and text[i] not in "'\"":
            out.append((opened, None))  # a new opening: the last one was never closed
            opened = i
    if opened is not None:
        out.append((opened, None))
    return out


def _plural_possessive(text: str, opened: int, i: int) -> bool:
    """A single mark after an "s", inside a quote already longer than a quoted term, with a lower-case word
    after it (across a line break): "'I will give you three days' grace, …'" — the boys' apostrophe, not the
    quote's close (speech closes after its punctuation, not in the middle of a phrase)."""
    if text[i] not in "'’" or i == 0 or text[i - 1] != "s":
        return False
    rest = text[i + 1 : i + 40].lstrip(" \t")
    rest = rest[1:].lstrip(" \t") if rest.startswith("\n") else rest
    return bool(rest[:1].islower()) and len(text[opened + 1 : i].split()) > TERM_WORDS


def _style(text: str) -> str:
    """The document's main quote marks: ``double``, ``single`` or ``dash``."""
    double = text.count("“") + text.count('"') // 2 + text.count("«") + text.count("「") + text.count("『")
    single = text.count("‘") + len(re.findall(r"(?:^|(?<=\s))'(?=\s?[A-Z])", text))
    dashes = len(re.findall(r"(?m)^[ \t]*(?:—|--)(?!-)\s*\S", text)) + len(_COLON_DASH.findall(text))
    words = len(text.split())
    if dashes >= 3 and dashes > double and dashes > single and dashes * 1000 >= DASH_PER_1000_WORDS * words:
        return "dash"
    return "single" if single > double else "double"


def _quote(text: str, start: int, end: int, closed: bool) -> Quote | None:
    c_start, c_end = start + 1, end - 1 if closed else end
    while c_start < c_end and text[c_start] in "-—– \t\n":
        c_start += 1
    while c_end > c_start and text[c_end - 1].isspace():
        c_end -= 1
    return Quote(start, end, c_start, c_end) if c_end > c_start else None


def find_quotes(story: Story) -> list[Quote]:
    """Quotes in ``story.text`` in order (see the module docstring for the styles)."""
    text, paras = story.text, story.paragraphs
    style = _style(text)
    chars = _DOUBLE if style != "single" else _SINGLE + "“”«»"
    lines_layout = getattr(story, "layout", "") == "lines"
    quotes: list[Quote] = []
    k, resume = 0, 0  # resume: where scanning goes on (after a quote closed inside a paragraph)
    while k < len(paras):
        span = paras[k].span
        k += 1
        if style == "dash":
            found = _dash_quotes(text, span.start, span.end)
            quotes.extend(found)
            if found and lines_layout:
                cont = _dash_continuation(text, paras, k, found[-1])
                if cont is not None:
                    quotes.append(cont[0])
                    k = cont[1]
            continue
        pairs = _pair(_marks(text, max(span.start, resume), span.end, chars), text)
        for opened, closed in pairs:
            if closed is not None:
                q = _quote(text, opened, closed + 1, True)
            elif lines_layout and k < len(paras) and (cont := _continue(text, paras, k, opened, chars)):
                q, k, resume = cont
            elif lines_layout and text[opened] == "'":
                q = None  # a straight single mark never closed on a sentence line: not a quote
            else:
                q = _quote(text, opened, span.end, False)
            if q and q.end - q.start <= MAX_QUOTE_CHARS and not _is_label(text, q):
                quotes.append(q)
    return _drop_nested(quotes + _italic_speech(text, quotes))


def _italic_speech(text: str, quotes: list[Quote]) -> list[Quote]:
    """Short italic phrases (``_ … _``) a verb of speaking introduces, outside the quotes found."""
    out = []
    for match in _ITALIC_SPEECH.finditer(text):
        start, end = match.span(1)
        inside = text[start + 1 : end - 1].strip()
        if not inside or len(inside.split()) > ITALIC_SPEECH_WORDS:
            continue
        if any(q.start <= start < q.end or start <= q.start < end for q in quotes):
            continue
        q = _quote(text, start, end, True)
        if q is not None:
            out.append(q)
    return out


def _is_label(text: str, q: Quote) -> bool:
    """A short quoted phrase without the punctuation of speech: a title, a sign, a scare quote
    ("‘ ORANGE MARMALADE ’", "a “true sea-dog”"), not dialogue."""
    content = text[q.content_start : q.content_end].rstrip()
    if any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in content):
        return False  # Chinese and Japanese: no spaces to count words by
    words = len(content.split())
    if _ATTRIBUTED_AFTER.match(text, q.end) or _INTRODUCED_BEFORE.search(text, max(0, q.start - 20), q.start):
        return False
    i = q.start - 1
    while i >= 0 and text[i].isspace():
        i -= 1
    if words <= TERM_WORDS and i >= 0 and text[i].isalpha():
        return True  # a term quoted inside a sentence: what they called a “stove-pipe,”
    return words <= LABEL_WORDS and content[-1:] not in ".,!?;:—-…'’"


def _continue(text: str, paras: list, k: int, opened: int, chars: str) -> tuple[Quote | None, int, int] | None:
    """A quote opened in line ``k - 1`` that closes a few lines on (the first mark found there closes it):
    the quote, the line to scan next and the offset to scan it from."""
    closer = _PAIRS[text[opened]]
    for j in range(k, min(len(paras), k + MAX_CONTINUED_LINES)):
        span = paras[j].span
        marks = _marks(text, span.start, span.end, chars)
        if not marks:
            continue
        i, role = marks[0]
        if role in (CLOSE, EITHER) and text[i] == closer:
            return _quote(text, opened, i + 1, True), j, i + 1
        return None
    return None


def _dash_quotes(text: str, start: int, end: int) -> list[Quote]:
    """Dash dialogue in one paragraph: from a leading dash (or ``: —``) to the paragraph's end, or to an
    attribution (``, he said .``); the speech going on after an attribution in mid-paragraph ("— Thanks,
    he cried. That will do nicely.") is a second quote."""
    m = _DASH_START.match(text, start) or _COLON_DASH.search(text, start, end)
    if m is None:
        return []
    dash = m.start() + re.search(r"—|–|--", m.group()).start()  # type: ignore[union-attr]
    tail = _DASH_ATTRIBUTION.search(text, dash, end)
    mid = _DASH_ATTRIBUTION_MID.search(text, dash, end) if tail is None else None
    if mid is not None:
        out = [q for q in (_quote(text, dash, mid.start() + 1, False),) if q]
        rest = mid.end()
        while rest < end and text[rest].isspace():
            rest += 1
        stop = end
        while stop > rest and text[stop - 1].isspace():
            stop -= 1
        if rest < stop:
            out.append(Quote(rest, stop, rest, stop))
        return out
    q = _quote(text, dash, tail.start() + 1 if tail else end, False)
    return [q] if q else []


def _is_speech_line(line: str) -> bool:
    """A sentence line after a dash quote's attribution that goes on with the speech (see
    :data:`_THIRD_PERSON_START`)."""
    if not line.strip() or _DASH_START.match(line):
        return False
    if _PERSONAL.search(line) or line.rstrip()[-1:] in "?!":
        return True
    return not (_THIRD_PERSON_START.match(line) and _PAST_VERB.search(line))


def _dash_continuation(text: str, paras: list, k: int, last: Quote) -> tuple[Quote, int] | None:
    """On a sentence-a-line story, the lines after a dash quote that was attributed (``, he said .`` on
    its line, or an attribution line of its own right after it) that go on with the speech, as one
    quote, and the line to scan next; None when there are none."""
    line = paras[k - 1].span
    attributed = text[last.end : line.end].strip() != ""
    j = k
    if not attributed and j < len(paras) and _ATTRIBUTION_LINE.match(text, paras[j].span.start, paras[j].span.end):
        attributed, j = True, j + 1
    if not attributed:
        return None
    first = j
    while j < len(paras) and j - first < MAX_DASH_CONTINUED:
        span = paras[j].span
        if not _is_speech_line(text[span.start : span.end]):
            break
        j += 1
    if j == first:
        return None
    start, end = paras[first].span.start, paras[j - 1].span.end
    q = Quote(start, end, start, end)
    return (q, j) if text[start:end].strip() else None


def _drop_nested(quotes: list[Quote]) -> list[Quote]:
    """Quotes in order, without those inside another."""
    out: list[Quote] = []
    for q in sorted(quotes, key=lambda q: (q.start, -q.end)):
        if out and q.start < out[-1].end:
            continue
        out.append(q)
    return out
