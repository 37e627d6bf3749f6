"""Evidence spans for the knowledge and continuity heads, always checked against the input text,
and the parts every head shares when it asks the LLM adjudicator about its offline answer.

Spans are offsets into the text the head was given (for HTML input, mapped back from the
normalised text), so ``text[ev.span.start:ev.span.end] == ev.text`` holds for every evidence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from worldstate.detect.storyview import StoryView
from worldstate.state import Evidence, Finding, Span

if TYPE_CHECKING:
    from worldstate.config import Settings
    from worldstate.detect.llm import Verdict


def sentence_evidence(view: StoryView, index: int, role: str) -> Evidence:
    """Evidence for sentence ``index`` of ``view``, verified."""
    return _evidence(view, view.spans[index], role, index)


def quote_evidence(view: StoryView, span: Span, role: str) -> Evidence:
    """Evidence for a span of the normalised text (e.g. a re-anchored LLM quote), verified."""
    return _evidence(view, span, role, view.sentence_of(span.start))


def _evidence(view: StoryView, span: Span, role: str, sentence: int) -> Evidence:
    raw = view.raw_span(span)
    return verified(view.raw, Evidence(span=raw, text=view.raw[raw.start : raw.end], role=role, sentence=sentence))


def verified(text: str, evidence: Evidence) -> Evidence:
    """Return ``evidence`` after checking that its span really holds its text (else ValueError)."""
    if text[evidence.span.start : evidence.span.end] != evidence.text:
        raise ValueError(f"evidence span {evidence.span} does not match its text {evidence.text[:40]!r}")
    return evidence


def ask_llm(settings: Settings, answer: Any, task: str, **variables: Any) -> Verdict | None:
    """The adjudicator's verdict on ``task`` about a head's offline ``answer`` (its ``confidence``;
    notes on a failure go to its ``notes``), or None to keep that answer (``--llm off`` included)."""
    if settings.llm_mode == "off":
        return None
    from worldstate.detect.llm import consult

    return consult(settings, answer.confidence, answer.notes, task, **variables)


def verdict_confidence(verdict: Verdict) -> float:
    """The confidence the model gave its verdict (0.7 when it gave none)."""
    return float(verdict.data.get("confidence") or 0.7)


def llm_finding(
    verdict: Verdict,
    category: str,
    subtype: str,
    evidence: list[Evidence],
    *,
    reason: str = "explanation",
    default: str = "LLM adjudicator's finding",
    character: str | None = None,
) -> Finding:
    """A finding made of the verdict: its ``reason`` field (else ``default``) explains it."""
    return Finding(
        category=category,
        subtype=subtype,
        confidence=verdict_confidence(verdict),
        explanation=str(verdict.data.get(reason) or default),
        evidence=evidence,
        rule="llm",
        source="llm",
        character=character,
    )


def ask_choice(
    settings: Settings, answer: Any, task: str, story: str, question: str, options: list[str], **variables: Any
) -> tuple[Verdict, int, float] | None:
    """:func:`ask_llm` for a multiple-choice ``task`` (the story, the question and its options, and any
    other prompt ``variables``): the verdict, the option it picked (0-based ``answer_index``) and its
    confidence; None to keep the offline choice."""
    variables.update(story=story, question=question, options=options)
    verdict = ask_llm(settings, answer, task, required="answer_index", **variables)
    if verdict is None:
        return None
    return verdict, int(verdict.data["answer_index"]), verdict_confidence(verdict)


def ask_error(
    settings: Settings, answer: Any, view: StoryView, task: str, nothing_found: str, other: str, role: str
) -> tuple[Verdict, list[Evidence], float] | None:
    """:func:`ask_llm` whether the story of ``view`` has an error (``has_error``), telling it the offline
    findings (or ``nothing_found``): None to keep the offline ``answer``; else the verdict (its notes added
    to the answer's), its evidence and its confidence. The evidence is empty when the model found no error,
    else its ``error_quotes`` then the quotes of field ``other`` with ``role``. A reported error none of
    whose quotes is in the story is ignored (None, and a note)."""
    engine_notes = "; ".join(f.explanation for f in answer.findings) or nothing_found
    verdict = ask_llm(settings, answer, task, required="has_error", story=view.story.text, engine_notes=engine_notes)
    if verdict is None:
        return None
    answer.notes.extend(verdict.notes)
    if not verdict.data["has_error"]:
        return verdict, [], verdict_confidence(verdict)
    errors = verdict.anchored.get("error_quotes", [])
    if not errors:
        answer.notes.append("LLM reported an error but none of its quotes was found in the story; ignored")
        return None
    evidence = [quote_evidence(view, span, "error") for _, span in errors]
    evidence += [quote_evidence(view, span, role) for _, span in verdict.anchored.get(other, [])]
    return verdict, evidence, verdict_confidence(verdict)
