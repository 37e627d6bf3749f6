"""``report_dict``: a :class:`~worldstate.query.state.StateReport` as JSON (what ``worldstate state --json``
writes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.query.state import StateReport
    from worldstate.state.timeline import StateInterval


def report_dict(world: World, report: StateReport) -> dict[str, Any]:
    """A JSON-ready view of a report (0-based sentences, story char offsets)."""

    def state(s: StateInterval | None) -> dict[str, Any] | None:
        if s is None:
            return None
        return {
            "predicate": s.predicate.value,
            "value": s.value,
            "value_text": s.value_text or world.state.display_name(s.value),
            "since": s.start,
            "until": s.end,
            "modality": s.modality.value,
            "inferred": s.inferred,  # '' when told; else the reading that inferred it
            "holder": s.holder,
            "evidence": [s.evidence.start, s.evidence.end],
            "support": [[e.start, e.end] for e in s.support],  # an inferred state's told states
            "story_time": moment(s.start),
        }

    def moment(sentence: int) -> dict[str, Any] | None:
        m = world.timeline.story_time.at(sentence)
        return m.as_dict() if m is not None else None

    chars = []
    for cs in report.characters:
        chars.append(
            {
                "entity": cs.entity,
                "name": cs.name,
                "location": state(cs.location),
                "location_with": cs.location_with,
                # a thing's holder by the fallback reading (inferred; entity '' = nobody)
                "held_by": None if cs.held_by is None else {**(state(cs.held_by) or {}), "entity": cs.held_by.subject},
                "holds": [state(s) for s in cs.holds],
                "alive": cs.alive,
                "alive_evidence": state(cs.alive_told),
                "traits": [state(s) for s in cs.traits],
                "relations": [state(s) for s in cs.relations],
                "counts": [state(s) for s in cs.counts],
                "titles": [state(s) for s in cs.titles],
                "names": [state(s) for s in cs.names],
                "scoped": [state(s) for s in cs.scoped],
                "age": None
                if cs.age is None
                else {
                    "years_at_least": cs.age[0],
                    "stated": cs.age[1].years,
                    "stated_at": cs.age[1].sentence,
                    "evidence": [cs.age[1].span.start, cs.age[1].span.end],
                },
                "knows": [
                    {
                        "sentence": f.sentence,
                        "since": f.since,
                        "channel": f.channel,
                        "source": f.source,
                        "text": f.text,
                    }
                    for f in cs.knows
                ],
            }
        )
    return {"sentence": report.sentence, "story_time": moment(report.sentence), "characters": chars}
