"""Implausible knowledge (Act-on-Known IKD): a character shows knowledge they could not have.

Mechanism (``kn_leak``): find the sentence whose specific content the story otherwise gives only
later (the future) or in a sentence the sentence's speakers/actors could not access (another
scene, someone else's private thoughts; the stand-in ``kn_access`` blended with the extractor's
access model, ``kn_world``); report it when its leak score clears a threshold
calibrated on development data (``data/knowledge/knowledge.yaml``). ``character`` restricts the
search to sentences involving that character; the IKD benchmark gives none, so the head works
without it.
"""

from __future__ import annotations

from functools import lru_cache

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.data import load_yaml
from worldstate.detect.answers import KnowledgeAnswer
from worldstate.detect.calibration import calibrate
from worldstate.detect.evidence import ask_error, llm_finding, sentence_evidence
from worldstate.detect.knowledge.leak import Leak, find_leaks
from worldstate.detect.storyview import StoryView, mentions, name_keys
from worldstate.state import Finding, WorldState


@lru_cache(maxsize=1)
def _config() -> dict:
    return load_yaml("detect", "data/knowledge/knowledge.yaml")


def _confidence(score: float, threshold: float) -> float:
    """Distance from the threshold mapped to [0.5, 1): how sure the yes/no decision is."""
    return min(0.99, 0.5 + abs(score - threshold))


def _explain(view: StoryView, leak: Leak) -> str:
    who = leak.knower or "a character"
    if leak.direction == "future":
        return (
            f"Sentence {leak.sentence + 1} shows {who} knowing what the story only narrates later "
            f"(sentence {leak.source + 1})."
        )
    return (
        f"Sentence {leak.sentence + 1} shows {who} knowing what is told only in sentence {leak.source + 1}, "
        f"which {who} could not access."
    )


def detect_implausible_knowledge(world: World, character: str | None = None) -> KnowledgeAnswer:
    """Whether a character shows implausible knowledge in the analysed story, and the sentence that shows it
    (only ``character``'s, when given).

    Evidence spans are offsets into the input text (``world.source_text``).
    """
    return _detect(StoryView(world), world.state, world.settings, character)


def _detect(view: StoryView, ws: WorldState, settings: Settings, character: str | None) -> KnowledgeAnswer:
    config = _config()
    leaks = find_leaks(
        view,
        ws=ws,
        world_weight=float(config["world_weight"]),
        speaker_knowers=bool(config.get("speaker_knowers", False)),
        lanes=bool(config.get("knowledge_lanes", False)),
    )
    if character:
        keys = name_keys(character, view)
        leaks = [leak for leak in leaks if mentions(view.sentences[leak.sentence], keys)]
    threshold = float(config["threshold"])
    best = leaks[0] if leaks else None
    if best is None or best.score < threshold:
        score = best.score if best else 0.0
        answer = KnowledgeAnswer(has_error=False, confidence=_confidence(score, threshold))
        return _adjudicate(answer, view, settings)
    finding = Finding(
        category="knowledge",
        subtype=f"implausible_knowledge_{best.direction}",
        confidence=_confidence(best.score, threshold),
        explanation=_explain(view, best),
        evidence=[sentence_evidence(view, best.sentence, "error"), sentence_evidence(view, best.source, "support")],
        rule="kn-leak",
        character=best.knower or character or None,
    )
    calibrate([finding], settings)  # its probability for ``check``; the answer stays the IKD-tuned one
    answer = KnowledgeAnswer(
        has_error=True,
        error_sentence=view.sentences[best.sentence],
        character=best.knower or character or "",
        confidence=finding.confidence,
        findings=[finding],
    )
    return _adjudicate(answer, view, settings)


def _adjudicate(answer: KnowledgeAnswer, view: StoryView, settings: Settings) -> KnowledgeAnswer:
    """Ask the LLM adjudicator when configured and unsure; keep the offline answer when it fails."""
    found = ask_error(
        settings, answer, view, "knowledge", "(no leak found by the offline checks)", "source_quotes", "support"
    )
    if found is None:
        return answer
    verdict, evidence, confidence = found
    if not evidence:
        return KnowledgeAnswer(has_error=False, confidence=confidence, notes=answer.notes)
    character = str(verdict.data.get("character") or "")
    finding = llm_finding(verdict, "knowledge", "implausible_knowledge", evidence, character=character or None)
    first = evidence[0]
    sentence = view.sentences[first.sentence] if first.sentence is not None else first.text
    return KnowledgeAnswer(
        has_error=True,
        error_sentence=sentence,
        character=character,
        confidence=confidence,
        findings=[finding, *answer.findings],
        notes=answer.notes,
    )
