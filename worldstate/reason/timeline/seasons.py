"""Which season, or which time of day, it is: a scene told in one season ("it was the middle of winter") is
not, with no time told passing, in another ("one hot summer's day"); a scene told at night ("at midnight") is
not, with no time told passing, in broad day ("it was noon").

A time is named by stative phrases in narration only (a lexicon file: ``seasons.yaml``, ``daytimes.yaml``;
speech may recall or plan another time); two namings clash when they are of two values and nothing between
them, nor the later sentence before its naming, tells time passing ("when spring came", "next morning",
"later", another value word).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from worldstate.reason.timeline.days import in_narration
from worldstate.state import Span

if TYPE_CHECKING:
    from worldstate.analysis import World


@dataclass(frozen=True)
class SeasonNaming:
    """A phrase naming season ``season`` in sentence ``sentence`` at ``span``."""

    season: str
    phrase: str
    sentence: int
    span: Span


@dataclass(frozen=True)
class SeasonSwitch:
    """The scene's season is named ``earlier.season`` and then, with no time passing, ``later.season``."""

    earlier: SeasonNaming
    later: SeasonNaming


@lru_cache(maxsize=4)
def _lexicon(file: str = "seasons.yaml") -> dict[str, Any]:
    """The namings pattern, the value words and the pattern of passing time of a lexicon file."""
    from worldstate.data import load_yaml

    raw = load_yaml("reason.timeline", file)
    season = "(" + "|".join(raw["seasons"]) + ")"
    namings = re.compile("|".join(f"(?:{p.replace('{season}', season, 1)})" for p in raw["namings"]), re.I)
    words = [re.escape(str(p)) for p in raw["passing"]] + [re.escape(str(p)) for p in raw["seasons"]]
    passing = re.compile(r"\b(" + "|".join(words) + r")\b", re.I)
    return {"namings": namings, "passing": passing, "same": dict(raw["same"])}


def season_namings(world: World, file: str = "seasons.yaml") -> list[SeasonNaming]:
    """Every stative naming of the lexicon ``file`` in narration, in story order."""
    lexicon = _lexicon(file)
    out = []
    for index, _body, m in in_narration(world, lexicon["namings"]):
        start = world.state.story.sentences[index].span.start + m.start()
        word = re.sub(r"\s+", " ", next(g for g in m.groups() if g).lower())
        season = lexicon["same"].get(word, word)
        out.append(SeasonNaming(season, m.group(0), index, Span(start, start + len(m.group(0)))))
    return out


def season_switches(world: World, file: str = "seasons.yaml") -> Iterator[SeasonSwitch]:
    """Each naming of another value than the one named just before it, with no time told passing between."""
    passing = _lexicon(file)["passing"]
    text = world.state.story.text
    for earlier, later in pairwise(season_namings(world, file)):
        if earlier.season == later.season:
            continue
        between = text[earlier.span.end : later.span.start]
        if not passing.search(between):
            yield SeasonSwitch(earlier, later)
