"""Helpers the tests share: analyse a text once and hand the World to a head."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from worldstate.analysis import World, analyze
from worldstate.config import Settings
from worldstate.detect.answers import Answer


def world(text: str, settings: Settings | None = None, **options: object) -> World:
    """``analyze(text)`` with default settings."""
    return analyze(text, settings or Settings(), **options)  # type: ignore[arg-type]


@cache
def world_once(text: str) -> World:
    """``analyze(text)`` once per text for the whole test session."""
    return analyze(text)


def count_states(world: World, at: int, keep: Callable[..., bool]) -> dict[tuple[str, str], str]:
    """(subject, key) → the count told by the end of sentence ``at``, of the count states ``keep`` accepts."""
    from worldstate.state.timeline import Predicate

    return {
        (s.subject, s.key): s.value.split("=", 1)[1]
        for s in world.timeline.at(at)
        if s.predicate == Predicate.COUNT and keep(s)
    }


def ask_count(text: str, entity: str, anchor: str, noun: str, other: str = "") -> str | None:
    """The state-questions bench's answer to a count question about ``text``."""
    from worldstate.bench.state_questions import answer_question

    q = {"qid": "q", "kind": "relation", "entity": entity, "anchor": anchor, "count_noun": noun, "other": other}
    return answer_question(world_once(text), q).get("answer")


def summary_world(sentences: list[str], settings: Settings | None = None) -> World:
    """A summary given as sentences, analysed as the bench does (one paragraph each, parse layer only)."""
    return analyze("\n\n".join(sentences), settings or Settings(), layers="parse")


def holders(world: World, thing: str, sentence: int) -> list[str]:
    """Who holds a thing whose value (or the words the story used for it) contains ``thing`` at ``sentence``."""
    from worldstate.state.timeline import Predicate

    return [
        s.subject
        for s in world.timeline.at(sentence)
        if s.predicate == Predicate.HOLDS and (thing in s.value or thing in s.value_text)
    ]


def check_evidence(text: str, answer: Answer) -> None:
    """Every finding of ``answer`` has evidence, and each piece quotes ``text`` exactly at its span."""
    for finding in answer.findings:
        assert finding.evidence
        for ev in finding.evidence:
            assert text[ev.span.start : ev.span.end] == ev.text
