"""Which weekday it is: a story that names the day ("when Sunday came, … she set out") and then tells a night
passing ("all night long they walked") cannot name the same weekday again for the day that follows ("it was
early on Sunday morning"), unless it tells more than a day passing (a week may have gone round).

Weekdays in narration only (speech may plan or recall another day), not plural ("on Sundays") nor of another
week ("next Sunday", "every Sunday"); the passing phrases are in ``weekdays.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from worldstate.reason.timeline.days import DayNaming, in_narration
from worldstate.state import Span

if TYPE_CHECKING:
    from worldstate.analysis import World


WEEK = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True)
class WeekdayRepeat:
    """The story's day is named ``earlier.day``, a night passes, and the next day is named the same."""

    earlier: DayNaming
    later: DayNaming
    passing: str  # the phrase that tells the night passing


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, Any]:
    from worldstate.data import load_yaml

    raw = load_yaml("reason.timeline", "weekdays.yaml")

    def words(key: str) -> re.Pattern[str]:
        return re.compile(r"\b(" + "|".join(re.escape(str(p)) for p in raw[key]) + r")\b", re.I)

    return {
        "weekday": re.compile(r"\b(" + "|".join(WEEK) + r")\b", re.I),
        "other_week": frozenset(raw["other_week"]),
        "night": words("night_passing"),
        "days": words("days_passing"),
    }


def weekday_namings(world: World) -> list[DayNaming]:
    """Every weekday named as the story's day in narration, in story order."""
    lexicon = _lexicon()
    out = []
    for index, body, m in in_narration(world, lexicon["weekday"]):
        before = body[: m.start()].lower().split()
        if before and before[-1] in lexicon["other_week"]:
            continue
        start = world.state.story.sentences[index].span.start + m.start()
        word = m.group(1)
        out.append(DayNaming(word.lower(), word, index, Span(start, start + len(word))))
    return out


def weekday_repeats(world: World) -> Iterator[WeekdayRepeat]:
    """Each weekday named again right after a told night with no longer passing time told between."""
    lexicon = _lexicon()
    text = world.state.story.text
    for earlier, later in pairwise(weekday_namings(world)):
        if earlier.day != later.day:
            continue
        between = text[earlier.span.end : later.span.start]
        night = lexicon["night"].search(between)
        if night and not lexicon["days"].search(between):
            yield WeekdayRepeat(earlier, later, night.group(1))
