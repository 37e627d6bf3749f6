"""Continuity errors (FlawedFictions): a later sentence contradicts a fact the story established.

Precision first: Always-No-Error already scores CEEval-Full 0.50, so a report is made only by
checks whose contradictions are unambiguous once found —
- a named character narrated as dead acts later with no revival, magic or flashback in between
  (``cont_death``);
- a named character's fixed trait (eye/hair/fur colour) is given two incompatible colours
  (``cont_traits``);
- one definite thing (not a person) is called old in one place and young in another (``cont_age``);
- a thing the story keeps describing one way is described once with the opposite adjective
  (``cont_outlier``; off by default, see ``data/knowledge/continuity.yaml``);
- a conflict the Z3 reasoner proves on the extracted world state (antonyms, exclusive values,
  counts, names, places, life and death, ages), scored by ``cont_reasoner`` and reported only
  above the threshold calibrated in ``data/continuity_calibration.yaml``;
- a contradiction the timeline rules (``reason/timeline/rules.yaml``) prove over the per-entity
  timelines (dead stays dead, trait permanence, counts, one spouse), weighted by the same
  calibration (``detect/continuity/timeline.py``).
With ``--llm uncertain|always`` the LLM adjudicator is asked (and its quotes re-anchored in the
story); any failure leaves the offline answer standing.
"""

from __future__ import annotations

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.detect.answers import ContinuityAnswer
from worldstate.detect.calibration import calibrate, shown
from worldstate.detect.continuity.age import age_conflicts
from worldstate.detect.continuity.death import death_conflicts
from worldstate.detect.continuity.lexicon import sentence_of
from worldstate.detect.continuity.outlier import outlier_conflicts
from worldstate.detect.continuity.reasoner import as_finding, calibration, reasoner_candidates
from worldstate.detect.continuity.timeline import timeline_findings
from worldstate.detect.continuity.traits import trait_conflicts
from worldstate.detect.evidence import ask_error, llm_finding
from worldstate.detect.review import decision, review_unsure
from worldstate.detect.storyview import StoryView
from worldstate.state import Finding

# Confidence of a "no error" answer: most stories without a found conflict have none, but the
# checks cover only a few kinds of error.
NO_ERROR_CONFIDENCE = 0.6


def find_conflicts(view: StoryView) -> list[Finding]:
    """All conflicts the text checks find, most confident first."""
    found = death_conflicts(view) + trait_conflicts(view) + age_conflicts(view) + outlier_conflicts(view)
    return sorted(found, key=_rank)


def world_conflicts(world: World, view: StoryView) -> list[Finding]:
    """The text checks' conflicts and the reasoner's and timeline rules' candidates that clear the calibrated
    threshold (the calibration ``bench tune continuity`` wrote, else the shipped one)."""
    cal = calibration(world.settings)
    threshold = float(cal["threshold"])
    candidates = reasoner_candidates(world.reasoning, world.state, cal)
    reasoned = [as_finding(c, world.state, view) for c in candidates if c.score >= threshold]
    return sorted(find_conflicts(view) + reasoned + timeline_findings(world, view, cal), key=_rank)


def _rank(finding: Finding) -> tuple[float, int]:
    return (-finding.confidence, sentence_of(finding, "error"))


def _by_probability(finding: Finding) -> tuple[float, float, int]:
    return (-(finding.probability or 0.0), *_rank(finding))


def detect_continuity(world: World) -> ContinuityAnswer:
    """Whether the analysed story has a continuity error; the error and contradicted sentences when it does.

    Only findings above the calibrated threshold (``detect/calibration.py``) decide it; the unsure ones
    stay in ``findings``, after the sure ones, with ``shown_by_default`` false. With the LLM on, the unsure
    ones above the review floor are reviewed first (``detect/review.py``): a promoted one decides like a sure
    one, and ``review`` records what changed beside the offline decision.
    Evidence spans are offsets into the input text (``world.source_text``).
    """
    settings = world.settings
    view = StoryView(world)
    conflicts = world_conflicts(world, view)
    calibrate(conflicts, settings)
    offline = _decide(conflicts, view)
    review = review_unsure(conflicts, view.story.text, settings)  # None with the LLM off
    if review is None:
        return offline
    answer = _adjudicate(_decide(conflicts, view) if review.promoted else offline, view, settings)
    answer.review = review.summary(decision(offline))
    answer.notes.extend(review.notes)
    return answer


def _decide(conflicts: list[Finding], view: StoryView) -> ContinuityAnswer:
    """The answer the sure findings give (the best one decides); the unsure ones follow them in ``findings``."""
    sure = sorted(shown(conflicts), key=_by_probability)
    ordered = sure + [c for c in conflicts if not c.shown_by_default]  # unsure ones: ``check --all``
    if not sure:
        return ContinuityAnswer(has_error=False, confidence=NO_ERROR_CONFIDENCE, findings=ordered)
    best = sure[0]
    return ContinuityAnswer(
        has_error=True,
        error_lines=[view.sentences[sentence_of(best, "error")]],
        contradicted_lines=[view.sentences[sentence_of(best, "contradicted")]],
        confidence=best.confidence,
        findings=ordered,
    )


def _adjudicate(answer: ContinuityAnswer, view: StoryView, settings: Settings) -> ContinuityAnswer:
    """Ask the LLM adjudicator when configured and unsure; keep the offline answer when it fails."""
    nothing = "(no conflict found by the offline checks)"
    found = ask_error(settings, answer, view, "continuity", nothing, "contradicted_quotes", "contradicted")
    if found is None:
        return answer
    verdict, evidence, confidence = found
    if not evidence:
        return ContinuityAnswer(has_error=False, confidence=confidence, notes=answer.notes)
    finding = llm_finding(verdict, "continuity", "llm", evidence)
    return ContinuityAnswer(
        has_error=True,
        error_lines=[view.sentences[ev.sentence] for ev in evidence if ev.role == "error" and ev.sentence is not None],
        contradicted_lines=[
            view.sentences[ev.sentence] for ev in evidence if ev.role == "contradicted" and ev.sentence is not None
        ],
        confidence=confidence,
        findings=[finding, *answer.findings],
        notes=answer.notes,
    )
