"""Which day it is: a story that names the day it is told on ("the last evening of the year") does not name
it as another day ("it was Christmas Eve") unless it tells a day passing between.

Day names come in groups of phrases for one day (``days.yaml``: New Year's Eve, Christmas Eve, …); both
namings are in narration (speech may recall or plan another day), and no phrase of passing time ("next day",
"in the morning", "weeks") stands in the sentences between them or in the later one before its day name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from worldstate.state import Span

if TYPE_CHECKING:
    from worldstate.analysis import World


@dataclass(frozen=True)
class DayNaming:
    """A phrase naming day ``day`` in sentence ``sentence`` at ``span``."""

    day: str
    phrase: str
    sentence: int
    span: Span


@dataclass(frozen=True)
class DaySwitch:
    """The story's day is named ``earlier.day`` and then, with no day passing, ``later.day``."""

    earlier: DayNaming
    later: DayNaming


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, str], re.Pattern[str]]:
    """Phrase → its day, and the pattern of passing time."""
    from worldstate.data import load_yaml

    raw = load_yaml("reason.timeline", "days.yaml")
    phrases = {str(p).lower(): day for day, group in raw["days"].items() for p in group}
    passing = re.compile(r"\b(" + "|".join(re.escape(str(p)) for p in raw["passing"]) + r")\b", re.I)
    return phrases, passing


def in_narration(world: World, pattern: re.Pattern[str]) -> Iterator[tuple[int, str, re.Match[str]]]:
    """(sentence index, sentence text, match) for each match of ``pattern`` in a sentence, outside speech,
    in story order; a match's offsets are within its sentence."""
    ws = world.state
    spoken = [sp.content_span for sp in ws.speeches]
    for index, sentence in enumerate(ws.story.sentences):
        body = ws.story.text[sentence.span.start : sentence.span.end]
        for m in pattern.finditer(body):
            start = sentence.span.start + m.start()
            if not any(s.start <= start < s.end for s in spoken):
                yield index, body, m


def day_namings(world: World) -> list[DayNaming]:
    """Every day name in narration, in story order (the longest phrase where two overlap)."""
    phrases, _ = _lexicon()
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    out = []
    for index, _body, m in in_narration(world, re.compile(r"\b(" + alternatives + r")\b", re.I)):
        start = world.state.story.sentences[index].span.start + m.start()
        phrase = m.group(1).lower()
        out.append(DayNaming(phrases[phrase], phrase, index, Span(start, start + len(m.group(1)))))
    return out


def day_switches(world: World) -> Iterator[DaySwitch]:
    """Each naming of another day than the one named just before it, with no passing time told between."""
    _, passing = _lexicon()
    text = world.state.story.text
    namings = day_namings(world)
    for earlier, later in pairwise(namings):
        if earlier.day == later.day:
            continue
        between = text[earlier.span.end : later.span.start]
        if not passing.search(between):
            yield DaySwitch(earlier, later)
