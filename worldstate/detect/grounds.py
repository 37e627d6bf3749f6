"""Why the engine believes each side of a finding, in plain words.

A finding's evidence is its sides: the sentence that breaks something ("error") and the one it breaks
("contradicted", "support"). For each side this module says what the world state holds there: the states the
timelines (``World.timeline``: where, holds, alive, traits, relations, counts, names) record in that sentence
about the finding's subject, or every state there when it names none, each with how the text puts it (its
modality: narrated as fact, someone's words, a belief, a wish, a supposition …), e.g. "Tom is dead (narrated
as fact)". A side with no recorded state says so, and says when the sentence is speech. The sentence text
itself is the evidence's own ``text``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from worldstate.state import Evidence, Finding
from worldstate.state.timeline import Modality, Predicate, StateInterval

if TYPE_CHECKING:
    from worldstate.analysis import World

NOT_STORY = ("summary",)  # evidence roles quoting another text than the story (a summary's sentence)
MAX_STATES = 3  # states listed per side

MODALITY_WORDS = {
    Modality.ASSERTED: "narrated as fact",
    Modality.FLASHBACK: "narrated as fact, of the past",
    Modality.NEGATED: "narrated as not so",
    Modality.HYPOTHETICAL: "only supposed: a condition, comparison or modal",
    Modality.WISHED: "only wished",
    Modality.FUTURE: "still to come",
    Modality.BELIEF: "a belief",
    Modality.SPEECH: "said",
    Modality.DREAM: "in a dream",
}


def explain_sides(world: World, findings: Iterable[Finding]) -> None:
    """Fill each evidence's ``why`` (in place) with what the world state holds in its sentence."""
    sides = [(f, ev) for f in findings for ev in f.evidence if not ev.why and ev.role not in NOT_STORY]
    if not sides:
        return
    told: dict[int, list[StateInterval]] = {}
    for state in world.timeline.states:  # indexed once: a long book has many states and many findings
        told.setdefault(state.start, []).append(state)
    speakers = {sp.sentence: sp.speaker for sp in reversed(world.state.speeches)}  # the first speech of each
    for finding, evidence in sides:
        evidence.why = side_grounds(world, finding, evidence, told, speakers)


def side_grounds(
    world: World,
    finding: Finding,
    evidence: Evidence,
    told: dict[int, list[StateInterval]],
    speakers: dict[int, str | None],
) -> str:
    """Why the engine believes one side: the states ``told`` in its sentence (only the finding's subject's when
    it names one), with their modality; else that none is recorded (and whose speech the sentence holds)."""
    if evidence.sentence is None:
        return "a passage, not a sentence: no state recorded for it"
    states = _about(world, told.get(evidence.sentence, []), finding.character)
    if states:
        return "; ".join(describe_state(world, s) for s in states[:MAX_STATES])
    if evidence.sentence in speakers:
        speaker = speakers[evidence.sentence]
        who = world.state.display_name(speaker) if speaker and speaker != "narrator" else "someone"
        return f"in {who}'s speech; no state recorded here: the check read the words of the sentence"
    return "no state recorded here: the check read the words of the sentence"


def describe_state(world: World, state: StateInterval) -> str:
    """One state in plain words with how the text puts it: "Tom is dead (narrated as fact)"."""
    ws = world.state
    subject = ws.display_name(state.subject)
    value = state.value_text or ws.display_name(state.value)
    key, _, rest = state.value.partition("=")
    if state.predicate == Predicate.ALIVE:
        what = "is alive" if state.value == "true" else "is dead"
    elif state.predicate == Predicate.LOCATION:
        what = f"is at {value}"
    elif state.predicate == Predicate.HOLDS:
        what = f"has {value}"
    elif state.predicate == Predicate.COUNT:
        what = f"numbers {rest} ({key})"
    elif state.predicate == Predicate.TRAIT:
        what = f"{key.replace('_', ' ')}: {state.value_text or rest}"
    elif state.predicate == Predicate.RELATION:
        what = f"{key.replace('_', ' ')} {ws.display_name(rest)}"
    else:
        what = f"{state.predicate.value} {value}"
    how = MODALITY_WORDS.get(state.modality, state.modality.value)
    if state.holder and state.modality in (Modality.BELIEF, Modality.SPEECH, Modality.WISHED):
        how = f"{how} by {ws.display_name(state.holder)}"
    return f"{subject} {what} ({how})"


def _about(world: World, states: list[StateInterval], character: str | None) -> list[StateInterval]:
    """The ``states`` about ``character`` when the finding names one (another's would not explain it), else all."""
    if not character:
        return states
    wanted = character.strip().lower()
    return [s for s in states if wanted in _names(world, s.subject)]


def _names(world: World, entity_id: str) -> set[str]:
    try:
        entity = world.state.entity(entity_id)
    except KeyError:
        return {entity_id.lower()}
    return {entity.name.lower(), *(a.lower() for a in entity.aliases)}
