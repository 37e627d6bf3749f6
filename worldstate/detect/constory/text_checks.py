"""Cheap text-level ConStory checks: narrative perspective switches and tense shifts in narration.

Both look at narration only (dialogue inside quotation marks is blanked out, keeping offsets) and
only fire against a strong story-wide norm, so they favour precision:
- perspective: a third-person story (first-person paragraphs are at most ``PERSPECTIVE_STORY_MAX``
  of the paragraphs whose narration uses personal pronouns) with a paragraph whose narration is
  mostly first person;
- tense: a past-tense story (present-tense paragraphs are at most ``TENSE_STORY_MAX`` of the
  paragraphs with a dominant tense) with a paragraph whose narration is mostly present tense.
Each hit is a :class:`TextIssue` with the sentence that shows the shift and a sentence that sets
the norm before it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from worldstate.analysis import World
from worldstate.state import Span, Story

_QUOTED = re.compile(r"“[^”\n]*”?|\"[^\"\n]*\"?|‘[^’\n]{0,200}’")
_FIRST = re.compile(r"\b(I|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)\b")
_THIRD = re.compile(r"\b(he|she|him|her|his|hers|himself|herself)\b", re.IGNORECASE)
_DOCUMENT = re.compile(r"^\s*(dear\b|[*_>#]|p\.s\.|entry\b|journal\b|diary\b|log\b)", re.IGNORECASE)

# The six thresholds below are hand-set: they came with the checks (commit f8abe97) and no `bench tune` fits
# them. Measured since: the perspective check makes no first-person finding on the 64 Grimm tales (commit
# ef5c4fc); and with `python scripts/constant_sensitivity.py text-checks` (2026-11-27), perspective and tense
# findings together on the 440 clean texts of `bench timeline-alarms` (315,009 words, every finding false) and
# on planted_Q's 50 stories, each threshold moved alone (shipped value in the middle):
#   PERSPECTIVE_STORY_MAX 0.05/0.1/0.2: clean 74/81/92, Q 18/18/18; PERSPECTIVE_PARAGRAPH_MIN 0.5/0.6/0.7:
#   82/81/84, Q 18; PERSPECTIVE_MIN_PRONOUNS 2/3/4: 75/81/79, Q 18; TENSE_STORY_MAX 0.1/0.15/0.25: 50/81/84,
#   Q 10/18/22; TENSE_PARAGRAPH_MIN 0.65/0.75/0.85: 65/81/51, Q 18/18/12; TENSE_MIN_VERBS 4/6/8: 129/81/49,
#   Q 38/18/10.
# No value separates them: these checks fire on clean prose about as often as on planted stories, so the
# calibration (`bench tune calibration`) keeps their findings off by default (`worldstate rules list`).
PERSPECTIVE_STORY_MAX = 0.1
PERSPECTIVE_PARAGRAPH_MIN = 0.6
PERSPECTIVE_MIN_PRONOUNS = 3
TENSE_STORY_MAX = 0.15
TENSE_PARAGRAPH_MIN = 0.75
TENSE_MIN_VERBS = 6
_PAST = {"VBD"}
_PRESENT = {"VBP", "VBZ"}


@dataclass(frozen=True)
class TextIssue:
    """A shift found in the text: the sentence showing it and an earlier sentence setting the norm."""

    subtype: str
    error: Span
    norm: Span
    element: str
    explanation: str


def narration(story: Story) -> str:
    """The story's text with its dialogue replaced by spaces (same length, same offsets): the quotes the
    engine's quote layer finds in every quoting style (double, single, curly, spaced, guillemets, dashes),
    and whatever a pair of double or curly marks encloses besides."""
    from worldstate.state.quotes import find_quotes

    chars = list(_QUOTED.sub(lambda m: " " * len(m.group(0)), story.text))
    for q in find_quotes(story):
        chars[q.start : q.end] = " " * (q.end - q.start)
    return "".join(chars)


def _sentences_in(story: Story, span: Span) -> list[Span]:
    return [s.span for s in story.sentences if span.contains(s.span)]


def perspective_issues(story: Story) -> list[TextIssue]:
    """Paragraphs narrated in the first person inside a third-person story."""
    plain = narration(story)
    stats = []  # (paragraph, first-person hits, third-person hits)
    for para in story.paragraphs:
        seg = plain[para.span.start : para.span.end]
        stats.append((para, len(_FIRST.findall(seg)), len(_THIRD.findall(seg))))
    first_like = [
        (para, first, third)
        for para, first, third in stats
        if first >= PERSPECTIVE_MIN_PRONOUNS and first / (first + third) >= PERSPECTIVE_PARAGRAPH_MIN
    ]
    third_like = sum(1 for _, first, third in stats if third > first)
    if not first_like or len(first_like) > PERSPECTIVE_STORY_MAX * (len(first_like) + third_like):
        return []
    issues = []
    spoken = _spoken_paragraphs(story)
    first_third = next((p for p, first, third in stats if third > first), None)
    for para, _first, _third in first_like:
        if first_third is None or para.span.start < first_third.span.start:
            continue  # the story opens in the first person: not a switch
        if _DOCUMENT.match(story.span_text(para.span)):
            continue  # letters, diaries, logs are written in the first person
        if para.span.start in spoken:
            continue  # lines of a song or speech opened in an earlier paragraph
        sents = _sentences_in(story, para.span)
        error = next((s for s in sents if _FIRST.search(plain[s.start : s.end])), para.span)
        norm_sents = _sentences_in(story, first_third.span)
        norm = next((s for s in norm_sents if _THIRD.search(plain[s.start : s.end])), first_third.span)
        issues.append(
            TextIssue(
                "narrative_style_perspective_confusions",
                error,
                norm,
                "narrative perspective",
                "narration switches from third person to first person ('I') outside dialogue",
            )
        )
    return issues


_OPENING = re.compile(r"(?:^|(?<=[\s(\[—-]))['‘\"“](?=\S)")
_CLOSING = re.compile(r"(?<=\S)['’\"”](?=[\s.,;:!?)\]—-]|$)")
MAX_SPOKEN_PARAGRAPHS = 12  # the most paragraphs one quotation (a song, a letter read out) runs over


def _spoken_paragraphs(story: Story) -> set[int]:
    """Start offsets of the paragraphs inside a quotation that runs over several paragraphs: from one whose
    last quote mark opens to the next (within ``MAX_SPOKEN_PARAGRAPHS``) whose first quote mark closes, as
    the verse of a song is set line by line."""
    spoken: set[int] = set()
    opened: int | None = None
    paras = story.paragraphs
    for k, para in enumerate(paras):
        text = story.span_text(para.span)
        marks = sorted(
            [(m.start(), "open") for m in _OPENING.finditer(text)]
            + [(m.start(), "close") for m in _CLOSING.finditer(text)]
        )
        if opened is not None and marks and marks[0][1] == "close":
            spoken.update(p.span.start for p in paras[opened + 1 : k + 1])
            opened = None
        elif opened is not None and k - opened > MAX_SPOKEN_PARAGRAPHS:
            opened = None
        if marks and marks[-1][1] == "open":
            opened = k
    return spoken


def tense_issues(world: World) -> list[TextIssue]:
    """Paragraphs narrated in the present tense inside a past-tense story (verb tags from the world's
    parse layer, dialogue left out)."""
    story = world.story
    tokens = world.parsed.tokens if world.parsed is not None else []
    starts = [p.span.start for p in story.paragraphs]
    counts: list[list[int | None]] = [[0, 0, None] for _ in story.paragraphs]  # past, present, 1st present
    for tok in tokens:
        if tok.in_quote or not (tok.tag in _PAST or tok.tag in _PRESENT):
            continue
        row = counts[max(0, bisect.bisect_right(starts, tok.start) - 1)]
        if tok.tag in _PAST:
            row[0] += 1
        else:
            row[1] += 1
            row[2] = tok.start if row[2] is None else row[2]
    shifted_count = sum(1 for past, present, _ in counts if _is_shifted(past, present))
    past_count = sum(1 for past, present, _ in counts if past > present)
    if shifted_count == 0 or shifted_count > TENSE_STORY_MAX * (shifted_count + past_count):
        return []
    issues = []
    norm: Span | None = None
    for para, (past, present, first_present) in zip(story.paragraphs, counts, strict=True):
        sents = _sentences_in(story, para.span)
        if norm is not None and first_present is not None and _is_shifted(past, present):
            error = sents[story_index(sents, first_present)] if sents else para.span
            issues.append(
                TextIssue(
                    "narrative_style_style_shifts",
                    error,
                    norm,
                    "narrative tense",
                    "narration shifts from past tense to present tense without a narrative reason",
                )
            )
            continue
        if norm is None and past > present and sents:
            norm = sents[0]
    return issues


def _is_shifted(past: int, present: int) -> bool:
    """A paragraph whose narration is mostly present tense (enough verbs to tell)."""
    return past + present >= TENSE_MIN_VERBS and present / (past + present) >= TENSE_PARAGRAPH_MIN


def story_index(spans: list[Span], offset: int) -> int:
    """Index of the span in ``spans`` that contains ``offset`` (the last one starting before it)."""
    best = 0
    for i, span in enumerate(spans):
        if span.start <= offset:
            best = i
    return best
