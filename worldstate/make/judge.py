"""Filters: no-op edits, too many changes, and the judge that must find the planted error.

The engine judge is ``worldstate.detect.continuity.detect_continuity``. It is deterministic, so
its "5 samples" are 5 layouts of the same patched story (see ``LAYOUTS``): as written; all
paragraphs merged; one sentence per paragraph; single line breaks between paragraphs; paragraphs
merged within each act only. A sample votes "error found" when the judge says the story has an
error and one of its error or contradicted lines matches a changed sentence.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from worldstate.config import Settings
from worldstate.detect.answers import ContinuityAnswer
from worldstate.state import Story

MAX_CHANGES = 5
LAYOUTS = ("as-written", "one-paragraph", "sentence-per-paragraph", "single-newlines", "act-paragraphs")
Judge = Callable[[str], ContinuityAnswer]


@dataclass(frozen=True)
class Verdict:
    kept: bool
    filter: str  # which filter decided: no-op | too-many-changes | judge | judge-unavailable | kept-unjudged
    votes: int = 0
    samples: int = 0
    detail: str = ""


def normalise_line(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", text.lower())).strip()


def lines_match(a: str, b: str, threshold: float = 0.85) -> bool:
    """Same sentence after normalisation: equal, one holds the other (≥ 60% of it), or fuzzy ratio ≥ threshold."""
    x, y = normalise_line(a), normalise_line(b)
    if not x or not y:
        return False
    if x == y:
        return True
    short, long_ = sorted((x, y), key=len)
    if short in long_ and len(short) >= 0.6 * len(long_):
        return True
    return difflib.SequenceMatcher(None, x, y).ratio() >= threshold


def layouts(text: str, act_cuts: tuple[int, int], samples: int) -> list[str]:
    """Up to ``samples`` layouts of ``text`` (``act_cuts``: character offsets where Acts 2 and 3 begin)."""
    story = Story.from_text(text)
    sentences = [story.sentence_text(i) for i in range(len(story.sentences))]
    paragraphs = [story.span_text(p.span) for p in story.paragraphs]
    acts = [text[: act_cuts[0]], text[act_cuts[0] : act_cuts[1]], text[act_cuts[1] :]]
    variants = [
        text,
        " ".join(re.sub(r"\s+", " ", p) for p in paragraphs),
        "\n\n".join(sentences),
        "\n".join(paragraphs),
        "\n\n".join(re.sub(r"\s+", " ", a).strip() for a in acts if a.strip()),
    ]
    return variants[:samples]


def judge_votes(judge: Judge, variants: list[str], changed_lines: list[str], need: int) -> tuple[int, int]:
    """(votes, samples run): stops early once ``need`` votes are reached or can no longer be."""
    votes = 0
    for n, variant in enumerate(variants, start=1):
        answer = judge(variant)
        quoted = [*answer.error_lines, *answer.contradicted_lines]
        quoted += [ev.text for f in answer.findings for ev in f.evidence]
        if answer.has_error and any(lines_match(q, c) for q in quoted for c in changed_lines):
            votes += 1
        if votes >= need or votes + (len(variants) - n) < need:
            return votes, n
    return votes, len(variants)


def engine_judge(settings: Settings) -> Judge | None:
    """The engine's continuity detector, or None when this build has none."""
    try:
        from worldstate.analysis import analyze
        from worldstate.detect.continuity.head import detect_continuity
    except ImportError:
        return None
    return lambda text: detect_continuity(analyze(text, settings))


def decide(
    changed_lines: list[str],
    text: str,
    act_cuts: tuple[int, int],
    judge: Judge | None,
    *,
    samples: int = 5,
    need: int = 4,
) -> Verdict:
    """Run the filters in the paper's order and say which one decided."""
    if not changed_lines:
        return Verdict(False, "no-op", detail="no later sentence changed")
    if len(changed_lines) > MAX_CHANGES:
        return Verdict(False, "too-many-changes", detail=f"{len(changed_lines)} sentences changed (> {MAX_CHANGES})")
    if judge is None:
        return Verdict(False, "judge-unavailable", detail="no continuity detector in this build")
    votes, run = judge_votes(judge, layouts(text, act_cuts, samples), changed_lines, need)
    return Verdict(votes >= need, "judge", votes, run, f"{votes}/{run} samples found the error (need {need})")
