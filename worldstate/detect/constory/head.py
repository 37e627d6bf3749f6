"""ConStory-Bench head: consistency errors of a long story in the official 19-subtype JSON layout.

Two sources, both favouring precision:
- the world state and the Z3 reasoner (:func:`worldstate.reason.check`): each conflict is mapped
  to a subtype by ``data/text/constory_rules.yaml`` (rule id → subtype, with keyword refinement for
  the generic antonym rules; low-confidence conflicts and repeats of one conflict are left out);
- cheap text checks (:mod:`worldstate.detect.constory.text_checks`): first-person narration inside a
  third-person story, present-tense paragraphs inside a past-tense story.
Every ``exact_quote`` and ``contradiction_pair`` is checked to occur verbatim in the story; an error
object whose quotes do not is dropped (and counted in the notes). With the LLM adjudicator on, its
errors are added after the same verbatim check. Only the errors whose findings clear the calibrated threshold
go to ``errors`` (the decision ``check`` takes); the rest go to ``unsure_errors``.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.data import load_yaml
from worldstate.detect.answers import CONSTORY_COLUMNS, ConStoryReport
from worldstate.detect.calibration import calibrate
from worldstate.detect.constory.text_checks import TextIssue, perspective_issues, tense_issues
from worldstate.detect.review import decision, review_unsure
from worldstate.state import Evidence, Finding, Span, Story

CONTEXT_CHARS = 160


@lru_cache(maxsize=1)
def rule_map() -> dict[str, Any]:
    """The rule → subtype table (``constory_rules.yaml``), checked against the 19 columns."""
    table = load_yaml("detect", "data/text/constory_rules.yaml")
    targets = list(table["rules"].values()) + [r["subtype"] for r in table["refine"]]
    unknown = sorted(set(targets) - set(CONSTORY_COLUMNS))
    if unknown:
        raise ValueError(f"constory_rules.yaml names unknown subtypes: {unknown}")
    return table


def subtype_for(rule: str, explanation: str = "", subject: str = "") -> str | None:
    """The ConStory subtype of a reasoner rule id (None when the table does not cover it)."""
    table = rule_map()
    family = rule.split(".", 1)[0]
    subtype = table["rules"].get(rule) or table["rules"].get(family)
    if subtype is None:
        return None
    if family in table["refine_for"]:
        words = set(f"{explanation} {subject}".lower().replace(",", " ").split())
        for option in table["refine"]:
            if words & set(option["words"]):
                return str(option["subtype"])
    return str(subtype)


def _location(story: Story, span: Span) -> str:
    sent = story.sentence_at(span.start)
    para = story.sentences[sent].paragraph if story.sentences else 0
    return f"paragraph {para + 1}, sentence {sent + 1}"


def _context(story: Story, span: Span) -> str:
    start = max(0, span.start - CONTEXT_CHARS)
    end = min(len(story.text), span.end + CONTEXT_CHARS)
    return " ".join(story.text[start:end].split())


def error_object(story: Story, error: Span, other: Span | None, element: str, category: str) -> dict[str, str]:
    """One error in the official layout; quotes are exact slices of the story text."""
    return {
        "exact_quote": story.span_text(error).strip(),
        "location": _location(story, error),
        "contradiction_pair": story.span_text(other).strip() if other else "",
        "contradiction_location": _location(story, other) if other else "",
        "error_element": element,
        "error_category": category,
        "context": _context(story, error),
    }


def is_verbatim(story: Story, obj: dict[str, str]) -> bool:
    """True when the quote (and the contradiction pair, if any) occur verbatim in the story."""
    quote, pair = obj.get("exact_quote", ""), obj.get("contradiction_pair", "")
    return bool(quote) and quote in story.text and (not pair or pair in story.text)


def _sentence_span(story: Story, index: int) -> Span:
    return story.sentences[index].span


def reasoner_errors(world: World) -> list[tuple[str, dict[str, str], float]]:
    """(subtype, error object, confidence) for each reasoner conflict the rule table maps."""
    story = world.story
    table = rule_map()
    seen: dict[tuple[str, str], int] = {}
    out = []
    for conflict in world.reasoning.conflicts:
        subtype = subtype_for(conflict.rule, conflict.explanation, conflict.subject)
        if subtype is None or not (conflict.error or conflict.error_sentences):
            continue
        key = (conflict.rule, conflict.subject)
        if conflict.confidence < table["min_confidence"] or seen.get(key, 0) >= table["per_subject"]:
            continue
        seen[key] = seen.get(key, 0) + 1
        error = _sentence_span(story, conflict.error_sentences[0]) if conflict.error_sentences else conflict.error[0]
        other = None
        if conflict.contradicted_sentences:
            other = _sentence_span(story, conflict.contradicted_sentences[0])
        elif conflict.contradicted:
            other = conflict.contradicted[0]
        element = conflict.subject or conflict.rule
        obj = error_object(story, error, other, element, subtype.split("_", 2)[-1])
        obj["context"] = conflict.explanation or obj["context"]
        out.append((subtype, obj, float(conflict.confidence)))
    return out


def text_errors(world: World) -> list[tuple[str, dict[str, str], float]]:
    story = world.story
    issues: list[TextIssue] = perspective_issues(story) + tense_issues(world)
    out = []
    for issue in issues:
        obj = error_object(story, issue.error, issue.norm, issue.element, issue.subtype.split("_", 2)[-1])
        obj["context"] = issue.explanation
        out.append((issue.subtype, obj, 0.6))
    return out


def _llm_errors(story: Story, settings: Settings, notes: str) -> tuple[list[tuple[str, dict[str, str], float]], str]:
    """Errors from the LLM adjudicator (empty, with a note, when it is off or gives no answer)."""
    from worldstate.detect.llm import consult

    failed: list[str] = []
    verdict = consult(settings, 0.5, failed, "constory", story=story.text, engine_notes=notes)
    if verdict is None:
        return [], "; ".join(failed)
    out = []
    for item in verdict.data.get("errors") or []:
        quote, pair = str(item.get("quote") or ""), str(item.get("contradicts_quote") or "")
        error, other = story.find(quote), story.find(pair) if pair else None
        if error is None:
            continue
        subtype = str(item["subtype"])
        obj = error_object(story, error, other, "llm", subtype.split("_", 2)[-1])
        obj["context"] = str(item.get("explanation") or obj["context"])
        out.append((subtype, obj, float(item.get("confidence") or 0.6)))
    return out, ""


def constory_report(world: World) -> ConStoryReport:
    """The 19-subtype report for one analysed story; every quote is verbatim from the (normalised) story.

    ``errors`` (what ConStory's metrics count) holds the errors whose findings clear the calibrated threshold,
    as ``check`` shows them; ``unsure_errors`` the others. With the LLM on, its own errors count as sure, and
    the unsure findings above the review floor are reviewed (``detect/review.py``): a promoted one joins
    ``errors``, and ``review`` records what changed beside the offline errors.
    """
    started = time.perf_counter()
    settings, story = world.settings, world.story
    report = ConStoryReport()
    found = [(s, o, c, "engine") for s, o, c in text_errors(world) + reasoner_errors(world)]
    if settings.llm_mode != "off":
        summary = "\n".join(f"{s}: {o['exact_quote'][:120]}" for s, o, _, _ in found) or "(none)"
        llm_found, note = _llm_errors(story, settings, summary)
        found += [(s, o, c, "llm") for s, o, c in llm_found]
        if note:
            report.notes.append(note)
    entries = _verbatim_entries(story, found, report.notes)
    report.findings = [finding for _, _, finding in entries]
    calibrate(report.findings, settings)  # probabilities: only the sure errors count (``errors``)
    _sort_errors(report, entries)
    review = review_unsure(report.findings, story.text, settings)  # None with the LLM off
    if review is not None:
        offline_errors = decision(report)
        if review.promoted:
            _sort_errors(report, entries)
        report.review = review.summary(offline_errors)
        report.notes.extend(review.notes)
    report.confidence = 0.5 if entries else 0.7
    # the time only: how many errors a reader sees is the findings' count (shown by default, unsure)
    report.notes.append(f"ConStory checks ran in {time.perf_counter() - started:.1f}s")
    return report


def _verbatim_entries(
    story: Story, found: list[tuple[str, dict[str, str], float, str]], notes: list[str]
) -> list[tuple[str, dict[str, str], Finding]]:
    """(subtype, error object, finding) for each error whose quotes are verbatim in the story, once each."""
    dropped = 0
    seen: set[tuple[str, str]] = set()
    out = []
    for subtype, obj, confidence, source in found:
        if not is_verbatim(story, obj):
            dropped += 1
            continue
        if (subtype, obj["exact_quote"]) in seen:
            continue
        seen.add((subtype, obj["exact_quote"]))
        span = story.find(obj["exact_quote"])
        assert span is not None  # checked by is_verbatim
        finding = Finding(
            category="constory",
            confidence=confidence,
            explanation=obj["context"],
            evidence=[
                Evidence(span=span, text=obj["exact_quote"], role="error", sentence=story.sentence_at(span.start))
            ],
            subtype=subtype,
            source=source,
            rule="llm" if source == "llm" else "",
        )
        out.append((subtype, obj, finding))
    if dropped:
        notes.append(f"dropped {dropped} error(s) whose quotes are not verbatim in the story")
    return out


def _sort_errors(report: ConStoryReport, entries: list[tuple[str, dict[str, str], Finding]]) -> None:
    """Fill ``errors`` with the sure errors and ``unsure_errors`` with the others."""
    report.errors = {c: [] for c in CONSTORY_COLUMNS}
    report.unsure_errors = {c: [] for c in CONSTORY_COLUMNS}
    for subtype, obj, finding in entries:
        (report.errors if finding.shown_by_default else report.unsure_errors)[subtype].append(obj)
