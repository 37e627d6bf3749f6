"""The two sides of a slip a timeline rule reads from the parse: an earlier sentence and a later one."""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.state import Span


@dataclass(frozen=True, kw_only=True)
class TwoSides:
    """The earlier sentence (index and span) and the later one that clashes with it."""

    earlier_sentence: int
    earlier: Span
    later_sentence: int
    later: Span
