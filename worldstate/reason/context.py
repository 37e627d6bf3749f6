"""Story context for the reasoner: change events that cut a state's timeline, and genre switches.

States change only through events that change them: a rule's ``change_verbs`` (event predicates)
and ``change_keywords`` (phrases in a sentence) mark the time points where a subject's state may
start to differ; ``cut_at_scene`` adds scene breaks. Between two such points the state is constant.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any

from worldstate.reason.packs import Rule, RulePacks
from worldstate.state import Span, WorldState


@dataclass(frozen=True)
class Switch:
    """A genre switch the story established: its name, the sentence and the span of the keyword."""

    name: str
    rule: str
    sentence: int
    span: Span


def _keyword_pattern(keywords: list[str]) -> re.Pattern[str] | None:
    words = sorted({k.lower() for k in keywords if k.strip()}, key=len, reverse=True)
    if not words:
        return None
    parts = [
        (r"\b" if w[0].isalnum() else "") + re.escape(w.strip()) + (r"\b" if w[-1].isalnum() else "") for w in words
    ]
    # keep the leading space of keywords such as " later" meaningful: match it as a word boundary
    return re.compile("|".join(parts), re.IGNORECASE)


@dataclass
class StoryContext:
    ws: WorldState
    packs: RulePacks
    switches: dict[str, Switch] = field(default_factory=dict)
    _changes: dict[str, tuple[dict[str, list[int]], list[int]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._starts = [s.span.start for s in self.ws.story.sentences]
        lower = self.ws.story.text.lower()
        self._lower = lower if len(lower) == len(self.ws.story.text) else None  # offsets must not move
        self._keyword_hits: dict[str, list[int]] = {}
        for rule in self.packs.of_kind("genre_switch"):
            self._establish(rule)

    # -- genre switches -----------------------------------------------------------------
    def _establish(self, rule: Rule) -> None:
        """Record where the story first uses one of the switch's keywords (the longest one there)."""
        name = rule.param("switch")
        hits = [(at, -len(k.strip()), k.strip()) for k in rule.param("keywords", []) for at in self._find_all(k)[:1]]
        if hits and name not in self.switches:
            at, _, word = min(hits)
            self.switches[name] = Switch(name, rule.id, self._sentence_of(at), Span(at, at + len(word)))

    def license(self, rule: Rule, before: int) -> Switch | None:
        """The genre switch, established at or before sentence ``before``, that relaxes ``rule``."""
        for name in rule.licensed_by:
            switch = self.switches.get(name)
            if switch is not None and switch.sentence <= before:
                return switch
        return None

    def license_fields(self, rule: Rule, before: int) -> dict[str, Any]:
        """A :class:`Conflict`'s ``licensed_by`` and ``license_span`` for ``rule`` at sentence ``before``."""
        switch = self.license(rule, before)
        return {"licensed_by": switch.name if switch else "", "license_span": switch.span if switch else None}

    # -- keywords -----------------------------------------------------------------------
    def _sentence_of(self, offset: int) -> int:
        return max(0, bisect.bisect_right(self._starts, offset) - 1)

    def keyword_sentences(self, keywords: list[str]) -> list[int]:
        """Indices of the sentences containing any of ``keywords`` as whole words (cached)."""
        key = "\x00".join(keywords)
        if key not in self._keyword_hits:
            hits = {self._sentence_of(at) for word in keywords for at in self._find_all(word)}
            self._keyword_hits[key] = sorted(hits)
        return self._keyword_hits[key]

    def _find_all(self, keyword: str) -> list[int]:
        """Offsets of ``keyword`` (case-insensitive, whole words) in the story; str.find is fast."""
        word = keyword.strip().lower()
        text = self._lower
        if text is None:  # lower-casing changed the length (rare scripts): use a regex instead
            pattern = _keyword_pattern([keyword])
            return [m.start() for m in pattern.finditer(self.ws.story.text)] if pattern else []
        out: list[int] = []
        at = text.find(word) if word else -1
        while at >= 0:
            end = at + len(word)
            left_ok = not word[0].isalnum() or at == 0 or not text[at - 1].isalnum()
            right_ok = not word[-1].isalnum() or end == len(text) or not text[end].isalnum()
            if left_ok and right_ok:
                out.append(at)
            at = text.find(word, at + 1)
        return out

    def sentence_has(self, index: int, keywords: list[str]) -> bool:
        hits = self.keyword_sentences(keywords)
        j = bisect.bisect_left(hits, index)
        return j < len(hits) and hits[j] == index

    # -- change boundaries --------------------------------------------------------------
    def boundaries(self, rule: Rule, subject: str) -> tuple[list[int], list[int]]:
        """Sorted time points at which ``rule``'s state of ``subject`` may change: those that hold
        for every subject (keywords, scene breaks) and the subject's own change events."""
        by_subject, common = self._rule_changes(rule)
        own = by_subject.get(subject if rule.param("change_scope", "subject") == "subject" else "*", [])
        return common, own

    def _rule_changes(self, rule: Rule) -> tuple[dict[str, list[int]], list[int]]:
        """One pass over the events: change times per participant ("*" = any), plus keyword and scene times."""
        if rule.id not in self._changes:
            verbs = {v.lower() for v in rule.param("change_verbs", [])}
            by_subject: dict[str, set[int]] = {}
            for ev in self.ws.events:
                if ev.negated or ev.predicate.lower() not in verbs:
                    continue
                for who in {ev.agent, ev.patient, *ev.arguments.values(), "*"}:
                    if who:
                        by_subject.setdefault(who, set()).add(ev.time)
            common = set(self.keyword_sentences(rule.param("change_keywords", [])))
            if rule.param("cut_at_scene", False):
                common.update(first for first, _last in self.ws.scenes)
            self._changes[rule.id] = ({k: sorted(v) for k, v in by_subject.items()}, sorted(common))
        return self._changes[rule.id]

    def segment(self, rule: Rule, subject: str, time: int) -> tuple[int, int]:
        """Identifies the stretch between change points that contains ``time``: two times are in the
        same stretch exactly when the same number of change points precede each."""
        common, own = self.boundaries(rule, subject)
        return bisect.bisect_right(common, time), bisect.bisect_right(own, time)

    def sentence_span(self, index: int) -> Span:
        return self.ws.story.sentences[index].span
