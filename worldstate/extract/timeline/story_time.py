"""Read a story's clock: time expressions of the narration (``data/story_time.yaml``) placed on an axis
of narrative order (:class:`worldstate.state.story_time.StoryTime`), and the ages stated on it.

Precision first: a cue inside a quote is a character's word, not narration, and is skipped; a jump
cue counts where it opens the sentence (before its main verb) or closes it; a flashback runs from its
cue through the following sentences told in the past perfect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from worldstate.data import load_yaml
from worldstate.extract.timeline.clause import SentenceView
from worldstate.state.story_time import (
    AgeStatement,
    StoryMoment,
    StoryTime,
    TimeCue,
)
from worldstate.state.text import Span

_MODAL = {"would", "could", "should", "might", "will", "shall", "must", "may", "can", "not", "never", "n't"}


@dataclass(frozen=True)
class _Patterns:
    counts: dict[str, float]
    units: dict[str, float]
    exact_jump: re.Pattern[str]  # "three years later", "ten days after"
    after_amount: re.Pattern[str]  # "after ten days"
    passed: re.Pattern[str]  # "three years passed", "seven years had gone by"
    duration: re.Pattern[str]  # "for a hundred years"
    next_day: re.Pattern[str]
    same_day: re.Pattern[str]
    vague: list[tuple[re.Pattern[str], float | str]]
    flashback: list[tuple[re.Pattern[str], float]]
    openers: re.Pattern[str]


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=1)
def patterns() -> _Patterns:
    """The compiled cues of ``data/story_time.yaml``."""
    raw: dict[str, Any] = load_yaml("extract.timeline", "data/story_time.yaml")
    counts = {str(k): float(v) for k, v in raw["counts"].items()}
    units = {str(k): float(v) for k, v in raw["units"].items()}
    num = rf"(?P<num>\d+|{_alternation(list(counts))})(?P<hundred> hundred)?"
    unit = rf"(?:long |whole |full )?(?P<unit>{_alternation(list(units))})s?"
    amount = rf"\b{num} {unit}"

    def compile_all(items: list[str]) -> re.Pattern[str]:
        return re.compile(r"\b(?:" + "|".join(items) + r")\b")

    return _Patterns(
        counts=counts,
        units=units,
        exact_jump=re.compile(rf"{amount} (?:later|afterwards?|after|thereafter)\b"),
        after_amount=re.compile(rf"\bafter {num} {unit}\b"),
        passed=re.compile(rf"{amount} (?:had )?(?:passed|went by|gone by|elapsed|gone)\b"),
        duration=re.compile(rf"\bfor {num} {unit}\b"),
        next_day=compile_all(raw["next_day"]),
        same_day=compile_all(raw["same_day"]),
        vague=[(re.compile(rf"\b{p}\b"), v) for p, v in raw["vague_forward"].items()],
        flashback=[(re.compile(rf"\b{p}\b"), float(v)) for p, v in raw["flashback"].items()],
        openers=compile_all([re.escape(o) for o in raw["story_openers"]]),
    )


def _amount(m: re.Match[str], p: _Patterns) -> float:
    num = m.group("num")
    n = float(num) if num.isdigit() else p.counts[num]
    if m.group("hundred"):
        n *= 100
    return n * p.units[m.group("unit")]


def _narrated(view: SentenceView, start: int) -> bool:
    return not view.story.speaker_at(view.offset + start)[0]


def _opens_or_closes(view: SentenceView, m: re.Match[str]) -> bool:
    """The cue stands before the sentence's main verb, or ends the sentence."""
    root = next((t for t in view.doc if t.dep_ == "ROOT"), None)
    if root is None or m.start() < root.idx:
        return True
    return not view.doc.text[m.end() :].strip(" .!?;,\"'’”")


def _cue(view: SentenceView, m: re.Match[str], kind: str, days: float, exact: bool) -> TimeCue:
    span = Span(view.offset + m.start(), view.offset + m.end())
    return TimeCue(m.group(0), span, kind, days, exact)


def forward_cue(view: SentenceView) -> TimeCue | None:
    """The narration's cue that moves time on in this sentence (the largest one), if any."""
    p = patterns()
    text = view.doc.text.lower()
    found: list[TimeCue] = []
    if _modal_main_verb(view):  # "on the morrow, perhaps, there would be a battle": not told as passing
        return None
    for m in [*p.exact_jump.finditer(text), *p.after_amount.finditer(text)]:
        if _narrated(view, m.start()) and _opens_or_closes(view, m):
            found.append(_cue(view, m, "jump", _amount(m, p), True))
    for m in p.passed.finditer(text):
        since = re.match(r"\s*(?:away\s+)?since\b", text[m.end() :])  # "had passed since her death": no jump
        if _narrated(view, m.start()) and since is None:
            found.append(_cue(view, m, "jump", _amount(m, p), True))
    if not set(text.replace("n't", " n't").split()) & (_MODAL | {"had"}):
        for m in p.duration.finditer(text):
            vague = m.group("num") in ("some", "many", "several", "a few", "a good many", "a great many")
            if _narrated(view, m.start()) and _past_event(view, m.start()) and not vague:
                found.append(_cue(view, m, "duration", _amount(m, p), True))
    for m in p.next_day.finditer(text):
        if _narrated(view, m.start()) and _opens_or_closes(view, m):
            found.append(_cue(view, m, "next_day", 1.0, True))
    for pattern, value in p.vague:
        for m in pattern.finditer(text):
            if not (_narrated(view, m.start()) and _opens_or_closes(view, m)):
                continue
            days = _vague_days(m.group(0), p) if value == "multiply" else float(value)
            found.append(_cue(view, m, "jump", days, False))
    if not found:
        for m in p.same_day.finditer(text):
            if _narrated(view, m.start()) and _opens_or_closes(view, m):
                return _cue(view, m, "same_day", 0.0, True)
        return None
    return max(found, key=lambda c: (c.days, c.exact))


def _modal_main_verb(view: SentenceView) -> bool:
    root = next((t for t in view.doc if t.dep_ == "ROOT"), None)
    return root is not None and any(c.dep_ == "aux" and c.lower_ in _MODAL for c in root.children)


def _past_event(view: SentenceView, start: int) -> bool:
    """'for' at ``start`` modifies a verb in the simple past ('slept for a hundred years'), not a noun
    or a habit ('use of the backboard for four hours every day')."""
    tok = next((t for t in view.doc if t.idx == start), None)
    if tok is None or any(t.lower_ in ("every", "each", "daily", "per") for t in view.doc):
        return False
    return tok.head.tag_ == "VBD"


def _vague_days(text: str, p: _Patterns) -> float:
    """'years later' → at least two years; 'days later' → two days."""
    unit = next(u for u in p.units if re.search(rf"\b{u}s\b", text))
    return 2.0 * p.units[unit]


def flashback_cue(view: SentenceView) -> TimeCue | None:
    """A narration cue that the sentence tells an earlier time ('years before', 'had once')."""
    text = view.doc.text.lower()
    for pattern, days in patterns().flashback:
        m = pattern.search(text)
        if m and _narrated(view, m.start()) and _past_perfect(view, main_only=True):
            return _cue(view, m, "flashback", days, days > 0)
    return None


def _past_perfect(view: SentenceView, main_only: bool = False) -> bool:
    """A narrated verb in the past perfect ('had lived', 'had been'); with ``main_only``, the main
    verb (not 'an officer she had once seen' inside a relative clause)."""
    for tok in view.doc:
        if main_only and tok.dep_ != "ROOT":
            continue
        had = any(c.dep_ in ("aux", "auxpass") and c.lower_ in ("had", "'d") for c in tok.children)
        if tok.tag_ == "VBN" and had and _narrated(view, tok.idx):
            return True
        if tok.lower_ == "had" and tok.dep_ == "ROOT" and _narrated(view, tok.idx):
            return True  # "he had once a golden ring"
    return False


def _simple_past_root(view: SentenceView) -> bool:
    """The narrated main verb is in the simple past (the flashback is over)."""
    for tok in view.doc:
        if tok.dep_ == "ROOT" and _narrated(view, tok.idx):
            aux = {c.lower_ for c in tok.children if c.dep_ in ("aux", "auxpass")}
            return tok.tag_ == "VBD" and tok.lower_ != "had" and "had" not in aux
    return False


def read_story_time(views: list[SentenceView | None]) -> StoryTime:
    """One :class:`StoryMoment` per sentence (``views`` as :func:`clause.sentence_views` gives them)."""
    p = patterns()
    moments: list[StoryMoment] = []
    elapsed, segment = 0.0, 0
    back: tuple[int, float | None] | None = None  # (told at, elapsed) of the open flashback
    for i, view in enumerate(views):
        if view is None:
            flash = back is not None
            at = back[1] if back is not None else elapsed
            moments.append(StoryMoment(i, at, flash, back[0] if back is not None else None, segment))
            continue
        opener = i <= 1 and p.openers.search(view.doc.text.lower()) is not None
        fb = None if opener else flashback_cue(view)
        if fb is not None:
            told_at = i - 1 if i > 0 else 0
            at = elapsed - fb.days if fb.exact else None
            back = (told_at, at)
            moments.append(StoryMoment(i, at, True, told_at, segment, fb))
            continue
        if back is not None and _past_perfect(view) and not _simple_past_root(view):
            moments.append(StoryMoment(i, back[1], True, back[0], segment))
            continue
        back = None
        cue = forward_cue(view)
        if cue is not None and cue.kind != "same_day":
            elapsed += cue.days
            segment += 1
        moments.append(StoryMoment(i, elapsed, False, None, segment, cue))
    return StoryTime(moments)


def read_ages(views: list[SentenceView | None], clock: StoryTime) -> list[AgeStatement]:
    """'X was N years old', 'a N-year-old X', 'X, aged N', 'at the age of N' in the narration."""
    out: list[AgeStatement] = []
    for view in views:
        if view is None:
            continue
        moment = clock.at(view.index)
        for entity, years, toks in _age_phrases(view):
            if entity and 0 < years < 200:
                out.append(
                    AgeStatement(
                        entity,
                        years,
                        view.index,
                        view.span(*toks),
                        moment.elapsed if moment else None,
                        bool(moment and moment.flashback),
                    )
                )
    return out


def _number(tok: Any) -> float | None:
    """The number a numeral token ends: '14', 'seven', 'twenty - one', 'one hundred and fourteen'."""
    doc = tok.doc
    left, right = tok.left_edge.i, max(tok.i, tok.right_edge.i)  # "hundred" heads "one ... and fourteen"
    while left > 0 and (doc[left - 1].like_num or doc[left - 1].text == "-" or doc[left - 1].lower_ == "and"):
        left -= 1
    words = [t.lower_ for t in doc[left : right + 1] if t.text != "-" and t.lower_ != "and"]
    while words and words[0] in ("a", "an"):
        words = words[1:]
    return words_to_number(" ".join(words).replace("-", " ").split())


def words_to_number(words: list[str]) -> float | None:
    """'7' → 7, ['twenty', 'one'] → 21, ['one', 'hundred', 'fourteen'] → 114; None when not a numeral."""
    counts = patterns().counts
    if len(words) == 1 and words[0].isdigit():
        return float(words[0])
    value = 0.0
    for w in words:
        if w == "hundred":
            value = max(value, 1.0) * 100
        elif w in counts and w not in ("a", "an", "some", "many", "several"):
            value += counts[w]
        else:
            return None
    return value or None


def _age_phrases(view: SentenceView) -> list[tuple[str | None, float, tuple[Any, ...]]]:
    out: list[tuple[str | None, float, tuple[Any, ...]]] = []
    for tok in view.doc:
        if not _narrated(view, tok.idx):
            continue
        low = tok.lower_
        if low == "old" and tok.dep_ in ("acomp", "amod", "attr", "conj"):
            years_tok = next((c for c in tok.children if c.lemma_ == "year" and c.dep_ == "npadvmod"), None)
            num = next((c for c in years_tok.children if c.dep_ == "nummod"), None) if years_tok else None
            years = _number(num) if num is not None else None
            if years is None:
                continue
            if tok.dep_ == "amod":  # "a seven-year-old girl"
                out.append((view.who(tok.head), years, (num, tok)))
            elif tok.head.lemma_ == "be":
                subj = view.subject(tok.head)
                out.append((view.who(subj), years, (num, tok)))
        elif low == "aged" and tok.head.pos_ in ("NOUN", "PROPN"):
            num = next((c for c in tok.children if c.like_num), None)
            if num is not None and (years := _number(num)) is not None:
                out.append((view.who(tok.head), years, (tok, num)))
        elif low == "age" and tok.head.lower_ == "at" and tok.head.head.pos_ in ("VERB", "AUX"):
            of = next((c for c in tok.children if c.lower_ == "of"), None)
            num = next((c for c in of.children if c.like_num), None) if of is not None else None
            if num is not None and (years := _number(num)) is not None:
                out.append((view.agent(tok.head.head), years, (tok.head, num)))
    return out


def story_time(views: list[SentenceView | None]) -> StoryTime:
    """The story's clock with its ages."""
    clock = read_story_time(views)
    clock.ages = read_ages(views, clock)
    return clock
