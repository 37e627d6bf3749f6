"""The adjudicator facade: render a task's prompt, ask the provider (through cache and budget),
parse and validate the answer, re-anchor its quotes in the story, and count everything.

``ask`` never raises for a failing endpoint or a nonsense answer: it returns None and records why
(``usage["last_note"]``, ``last_note``, a log warning), so task heads keep their offline answer and
say so. After ``max_consecutive_failures`` endpoint failures in a row (or one refused API key) the
adjudicator stops calling for the rest of the run, so a dead endpoint does not slow every item. Configuration mistakes (unknown task, missing inputs) raise ``ConfigError``.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from worldstate.data import read_text
from worldstate.detect.llm.anchor import anchor_quote
from worldstate.detect.llm.cache import CachedResponse, ResponseCache, cache_key
from worldstate.detect.llm.parsing import parse_output
from worldstate.detect.llm.providers import Completion, Provider, ProviderError
from worldstate.detect.llm.redact import redact
from worldstate.detect.llm.schema import SchemaError, validate
from worldstate.detect.llm.templates import Prompt, load_prompt, render
from worldstate.detect.llm.usage import Usage
from worldstate.state import Span

log = logging.getLogger(__name__)
MODES = ("off", "uncertain", "always")
DEFAULT_BAND = (0.35, 0.65)


@dataclass
class Verdict:
    """A usable model answer.

    ``data``: the parsed, schema-coerced JSON; ``quotes``: every quoted passage found in the story
    with its span (quotes not found are dropped and counted in ``notes``); ``anchored``: the same by
    field (``"error_quotes"``, or ``"errors[2].quote"`` inside lists of objects); ``raw``: the
    model's text; ``cached``: served from the response cache.
    """

    task: str
    data: dict[str, Any]
    quotes: list[tuple[str, Span]] = field(default_factory=list)
    anchored: dict[str, list[tuple[str, Span]]] = field(default_factory=dict)
    raw: str = ""
    cached: bool = False
    notes: list[str] = field(default_factory=list)
    prompt_version: str = ""
    parsed_as: str = "json"

    def spans(self, field_name: str | None = None) -> list[Span]:
        """Spans of the anchored quotes of one field (e.g. ``"error_quotes"``), or of all of them."""
        pairs = self.quotes if field_name is None else self.anchored.get(field_name, [])
        return [span for _, span in pairs]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form for reports (spans as ``[start, end]``)."""
        return {
            "task": self.task,
            "data": self.data,
            "anchored": {k: [[q, [s.start, s.end]] for q, s in v] for k, v in self.anchored.items()},
            "cached": self.cached,
            "notes": list(self.notes),
            "prompt_version": self.prompt_version,
            "parsed_as": self.parsed_as,
        }


@lru_cache(maxsize=1)
def _injection_patterns() -> list[re.Pattern[str]]:
    text = read_text("detect.llm", "injection_patterns.txt")
    lines = [ln.strip() for ln in text.splitlines()]
    return [re.compile(ln, re.I) for ln in lines if ln and not ln.startswith("#")]


def find_injection(text: str) -> str | None:
    """The first passage of ``text`` that reads like instructions to a model, or None."""
    for pattern in _injection_patterns():
        m = pattern.search(text)
        if m:
            return m.group(0)
    return None


class Adjudicator:
    """Asks a model about a story when the engine is unsure (or always), within a per-run budget."""

    def __init__(
        self,
        provider: Provider,
        *,
        mode: str = "uncertain",
        band: tuple[float, float] = DEFAULT_BAND,
        budget_calls: int = 1000,
        cache: ResponseCache | None = None,
        secrets: tuple[str, ...] = (),
        max_consecutive_failures: int = 3,
    ) -> None:
        self.provider = provider
        self.max_consecutive_failures = max_consecutive_failures
        self._failures_in_a_row = 0
        self.mode = mode
        self.band = band
        self.cache = cache
        self._secrets = secrets
        self._usage = Usage(provider=provider.name, model=provider.model, budget_calls=budget_calls)

    def __repr__(self) -> str:
        return f"Adjudicator(provider={self.provider.name!r}, model={self.provider.model!r}, mode={self.mode!r})"

    # -- public API -----------------------------------------------------------------------
    def should_ask(self, confidence: float) -> bool:
        """True in "always" mode; in "uncertain" mode when ``confidence`` lies in the band (or is not a number)."""
        if self.mode == "always":
            return True
        if self.mode != "uncertain":
            return False
        try:
            value = float(confidence)
        except (TypeError, ValueError):
            return True
        return math.isnan(value) or self.band[0] <= value <= self.band[1]

    @property
    def usage(self) -> dict[str, Any]:
        """Counts for this run: calls, cached hits, failures, tokens, estimated cost, quotes."""
        return self._usage.as_dict()

    @property
    def last_note(self) -> str | None:
        """Why the last unanswered ``ask`` returned None (or the last warning)."""
        return self._usage.last_note

    def ask(self, task: str, story: str, **variables: Any) -> Verdict | None:
        """The model's verdict on ``task`` for ``story``, or None (reason in ``last_note``)."""
        prompt = load_prompt(task)
        rendered = render(prompt, story, variables)
        notes: list[str] = []
        injected = self._injection_note(story, variables)
        if injected:
            notes.append(injected)
        params = {"max_tokens": prompt.max_tokens, "temperature": prompt.temperature}
        key = cache_key(self.provider.name, self.provider.model, rendered.messages, params)
        cached = self.cache.get(key) if self.cache else None
        if cached is not None:
            self._usage.add(cached_hits=1)
            return self._verdict(prompt, story, cached.text, rendered.n_options, notes, cached=True)
        completion = self._complete(prompt, rendered.messages)
        if completion is None:
            return None
        text = redact(completion.text, self._secrets)
        verdict = self._verdict(prompt, story, text, rendered.n_options, notes, cached=False)
        if verdict is not None and self.cache is not None:
            self.cache.put(
                key,
                self.provider.name,
                self.provider.model,
                CachedResponse(text, completion.prompt_tokens, completion.completion_tokens),
            )
        return verdict

    def degraded_note(self) -> str:
        """A line for an answer's notes when ``ask`` returned None."""
        return f"LLM adjudicator gave no answer ({self.last_note or 'unknown reason'}); the offline answer stands"

    # -- steps ----------------------------------------------------------------------------
    def _complete(self, prompt: Prompt, messages: list[dict[str, str]]) -> Completion | None:
        """A fresh reply from the provider, unless the endpoint is given up on or the budget is spent."""
        if self._failures_in_a_row >= self.max_consecutive_failures:
            self._usage.add(skipped_after_failures=1)
            reason = f"the LLM endpoint failed {self._failures_in_a_row} times in a row; not asked again this run"
            return self._give_up(prompt.task, reason, None)
        if not self._usage.reserve_call():
            return self._give_up(prompt.task, f"the LLM call budget ({self._usage.budget_calls} calls) is spent", None)
        try:
            completion = self.provider.complete(messages, max_tokens=prompt.max_tokens, temperature=prompt.temperature)
        except ProviderError as exc:
            self._usage.add(attempts=exc.attempts)
            # A refused key will not start working: stop at once. Other failures may be transient.
            failed = self._failures_in_a_row + 1
            self._failures_in_a_row = self.max_consecutive_failures if exc.kind == "auth" else failed
            return self._give_up(prompt.task, f"the LLM endpoint failed ({exc})", exc.kind)
        self._failures_in_a_row = 0
        self._usage.add(
            attempts=completion.attempts,
            prompt_tokens=completion.prompt_tokens or 0,
            completion_tokens=completion.completion_tokens or 0,
            calls_without_token_counts=int(completion.prompt_tokens is None or completion.completion_tokens is None),
        )
        return completion

    def _injection_note(self, story: str, variables: dict[str, Any]) -> str | None:
        texts = [story, *(_as_text(v) for v in variables.values() if v)]
        for text in texts:
            hit = find_injection(text)
            if hit:
                self._usage.add(injection_warnings=1)
                note = f"the input contains text that reads like instructions to a model ({hit[:60]!r}); it was passed as data"
                log.warning(note)
                return note
        return None

    def _give_up(self, task: str, reason: str, kind: str | None) -> None:
        reason = redact(reason, self._secrets)
        note = f"{task}: {reason}"
        if kind is None:
            self._usage.note(note)
        else:
            self._usage.fail(kind, note)
        log.warning("LLM adjudicator: %s; keeping the offline answer", note)
        return None

    def _verdict(
        self, prompt: Prompt, story: str, text: str, n_options: int | None, notes: list[str], *, cached: bool
    ) -> Verdict | None:
        data, how = parse_output(text, list(prompt.output_schema), prompt.yes_no_key)
        if data is None:
            self._usage.add(unusable_outputs=1)
            return self._give_up(prompt.task, "the model's answer is not JSON nor keyed lines", None)
        try:
            data, schema_notes = validate(data, prompt.output_schema, n_options=n_options)
        except SchemaError as exc:
            self._usage.add(unusable_outputs=1)
            return self._give_up(prompt.task, f"the model's answer does not fit the expected fields: {exc}", None)
        notes = [*notes, *schema_notes]
        if how != "json":
            notes.append(f"the model's answer was read leniently ({how})")
        anchored, dropped = _anchor_fields(story, data, prompt.output_schema)
        kept = sum(len(v) for v in anchored.values())
        self._usage.add(kept_quotes=kept, dropped_quotes=dropped)
        if dropped:
            notes.append(f"{dropped} quote(s) not in the story were dropped")
        quotes = [pair for pairs in anchored.values() for pair in pairs]
        return Verdict(prompt.task, data, quotes, anchored, text, cached, notes, prompt.version, how)


def _as_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "\n".join(str(v) for v in value)
    return str(value)


def _anchor_fields(
    story: str, data: dict[str, Any], schema: dict[str, dict[str, Any]], prefix: str = ""
) -> tuple[dict[str, list[tuple[str, Span]]], int]:
    """Anchor every quote field (also inside lists of objects); count the quotes not found."""
    anchored: dict[str, list[tuple[str, Span]]] = {}
    dropped = 0
    for name, spec in schema.items():
        value = data.get(name)
        if spec.get("type") == "objects" and isinstance(value, list):
            for i, item in enumerate(value):
                inner, lost = _anchor_fields(story, item, spec.get("items", {}), f"{prefix}{name}[{i}].")
                anchored.update(inner)
                dropped += lost
            continue
        if not spec.get("quote") or not value:
            continue
        found = []
        for quote in [value] if isinstance(value, str) else value:
            span = anchor_quote(story, quote)
            if span is None:
                dropped += 1
            else:
                found.append((quote, span))
        if found:
            anchored[f"{prefix}{name}"] = found
    return anchored, dropped
