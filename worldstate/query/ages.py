"""Ages over the story clock: ``age_at`` (an entity's least age at a sentence) and ``age_conflicts`` (two
ages of one entity that the time told between them cannot join)."""

from __future__ import annotations

from worldstate.state.story_time import DAYS_PER_YEAR, AgeConflict, AgeStatement, StoryTime


def age_at(clock: StoryTime, entity: str, sentence: int) -> tuple[float, AgeStatement] | None:
    """``entity``'s least age at the end of ``sentence``: its last age stated by then in the main
    narrative plus the whole years told since; None when no age is stated."""
    told = [a for a in clock.ages if a.entity == entity and a.sentence <= sentence and not a.flashback]
    moment = clock.at(sentence)
    if not told or moment is None:
        return None
    last = told[-1]
    now = moment.elapsed if moment.elapsed is not None and not moment.flashback else last.elapsed
    years = last.years + int(max(0.0, (now or 0.0) - (last.elapsed or 0.0)) // DAYS_PER_YEAR)
    return years, last


def age_conflicts(clock: StoryTime) -> list[AgeConflict]:
    """Pairs of ages of one entity, both in the main narrative, that the time told between them
    cannot join: younger later on, or aged fewer years than the story says passed (one year slack)."""
    out: list[AgeConflict] = []
    main = [a for a in clock.ages if not a.flashback and a.elapsed is not None]
    for i, a in enumerate(main):
        for b in main[i + 1 :]:
            if b.entity != a.entity or b.sentence == a.sentence:
                continue
            passed = (b.elapsed - a.elapsed) / DAYS_PER_YEAR  # type: ignore[operator]
            grew = b.years - a.years
            if grew < 0:
                out.append(AgeConflict(a, b, passed, f"{b.years:g} years old after {a.years:g}: younger later on"))
            elif grew < passed - 1:
                reason = f"{grew:g} years older, yet at least {passed:.1f} years passed"
                out.append(AgeConflict(a, b, passed, reason))
    return out
