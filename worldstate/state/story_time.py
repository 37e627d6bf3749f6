"""Story time: when each sentence happens on the story's own clock (plain data, no extraction).

Narrative order gives the axis; explicit time expressions move it ("three years later": at least
1095 days on; "the next morning": one day on; "that night": the same day), and flashback cues
("years before", "had once") place a segment earlier than the moment it is told from. ``elapsed``
is a lower bound in days since the first narrated moment: narration may let time pass untold, never
less than the text says. Ages stated at two moments are checked against the time between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldstate.state.text import Span

DAYS_PER_YEAR = 365.0


@dataclass(frozen=True)
class TimeCue:
    """One time expression of the narration and how far it moves story time."""

    text: str
    span: Span
    kind: str  # "jump", "next_day", "same_day", "duration", "flashback"
    days: float  # the least time it moves (forward; for a flashback, back from the telling moment)
    exact: bool  # the amount is stated ("three years later"), not only implied ("years later")


@dataclass(frozen=True)
class StoryMoment:
    """Where one sentence sits on the story's clock."""

    sentence: int
    elapsed: float | None  # least days since the first narrated moment; None: a flashback of untold distance
    flashback: bool = False
    told_at: int | None = None  # a flashback's narrative sentence: it happened before that one
    segment: int = 0  # time jumps of the main narrative so far (0: the opening scene)
    cue: TimeCue | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "elapsed_days": None if self.elapsed is None else round(self.elapsed, 3),
            "flashback": self.flashback,
            "segment": self.segment,
        }
        if self.told_at is not None:
            out["before_sentence"] = self.told_at
        if self.cue is not None:
            out["cue"] = {"text": self.cue.text, "kind": self.cue.kind, "days": self.cue.days}
        return out


@dataclass(frozen=True)
class AgeStatement:
    """'X was N years old' at one moment of story time."""

    entity: str
    years: float
    sentence: int
    span: Span
    elapsed: float | None
    flashback: bool


@dataclass(frozen=True)
class AgeConflict:
    """Two ages of one entity that the time told between them cannot join."""

    earlier: AgeStatement
    later: AgeStatement
    elapsed_years: float  # least years the story says passed between them
    reason: str


@dataclass
class StoryTime:
    """The clock of a story: one moment per sentence, and the ages stated on it."""

    moments: list[StoryMoment] = field(default_factory=list)
    ages: list[AgeStatement] = field(default_factory=list)

    def at(self, sentence: int) -> StoryMoment | None:
        return self.moments[sentence] if 0 <= sentence < len(self.moments) else None

    def elapsed_between(self, first: int, second: int) -> float | None:
        """Least days from sentence ``first`` to ``second`` on the main narrative (None when either is
        a flashback of untold distance)."""
        a, b = self.at(first), self.at(second)
        if a is None or b is None or a.elapsed is None or b.elapsed is None:
            return None
        return b.elapsed - a.elapsed

    def cues(self) -> list[TimeCue]:
        return [m.cue for m in self.moments if m.cue is not None]
