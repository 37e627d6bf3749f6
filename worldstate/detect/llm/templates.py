"""Prompt files: one YAML per task in ``prompts/``, loaded, checked and rendered into chat messages.

A prompt file has ``task``, ``version``, ``system``, ``user`` (``string.Template`` text: ``${story}``,
``${tag}``, …), ``inputs`` (each variable's ``kind``: ``text``, ``options`` or ``numbered``;
``required``; ``default``), ``output_schema`` (see ``schema.py``), ``yes_no_key`` (optional),
``max_tokens`` and ``temperature``.

Prompt-injection defence: every input is wrapped in tags carrying a tag id derived from a hash of
all inputs (``<story-1a2b3c4d>`` … ``</story-1a2b3c4d>``), and the system text says that anything
inside the tags is material to judge, never instructions. A story cannot close its own tag because
it cannot contain the hash of itself.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from string import Template
from typing import Any

import yaml

from worldstate.data import load_yaml
from worldstate.detect.llm.schema import check_schema
from worldstate.errors import ConfigError

TASKS = ("continuity", "knowledge", "next_action", "faithfulness", "constory", "cloze", "finding")
INPUT_KINDS = {"text", "options", "numbered"}


@dataclass(frozen=True)
class Prompt:
    """One task's prompt file, parsed."""

    task: str
    version: str
    system: str
    user: str
    inputs: dict[str, dict[str, Any]]
    output_schema: dict[str, dict[str, Any]]
    yes_no_key: str | None = None
    max_tokens: int = 1024
    temperature: float = 0.0

    @property
    def quote_fields(self) -> list[str]:
        return [name for name, spec in self.output_schema.items() if spec.get("quote")]


@dataclass(frozen=True)
class RenderedPrompt:
    """Chat messages ready to send, plus what validation needs (number of options)."""

    messages: list[dict[str, str]]
    n_options: int | None
    tag: str


def _from_mapping(raw: Any, where: str) -> Prompt:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected a mapping")
    for key in ("task", "version", "system", "user", "inputs", "output_schema"):
        if key not in raw:
            raise ValueError(f"{where}: missing {key!r}")
    inputs = raw["inputs"]
    if not isinstance(inputs, dict) or "story" not in inputs:
        raise ValueError(f"{where}: inputs must be a mapping that includes 'story'")
    for name, spec in inputs.items():
        if not isinstance(spec, dict) or spec.get("kind", "text") not in INPUT_KINDS:
            raise ValueError(f"{where}: input {name!r} needs a kind among {sorted(INPUT_KINDS)}")
    check_schema(raw["output_schema"], where)
    return Prompt(
        task=str(raw["task"]),
        version=str(raw["version"]),
        system=str(raw["system"]).strip(),
        user=str(raw["user"]).strip(),
        inputs=inputs,
        output_schema=raw["output_schema"],
        yes_no_key=raw.get("yes_no_key"),
        max_tokens=int(raw.get("max_tokens", 1024)),
        temperature=float(raw.get("temperature", 0.0)),
    )


@cache
def load_prompt(task: str) -> Prompt:
    """The packaged prompt for ``task``; ConfigError for an unknown task."""
    if task not in TASKS:
        raise ConfigError(f"unknown LLM task {task!r}; expected one of {', '.join(TASKS)}")
    where = f"worldstate/detect/llm/prompts/{task}.yaml"
    try:
        return _from_mapping(load_yaml("detect.llm", f"prompts/{task}.yaml"), where)
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise ConfigError(f"broken prompt file {where}: {exc}") from None


def _tag(values: dict[str, Any]) -> str:
    blob = json.dumps(values, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:8]


def _format_value(name: str, kind: str, value: Any) -> tuple[str, int | None]:
    if kind == "text":
        if isinstance(value, list | tuple):
            value = "\n".join(str(v) for v in value)
        return str(value), None
    items = [value] if isinstance(value, str) else [str(v) for v in value]
    if kind == "options":
        if len(items) > 26:
            raise ConfigError(f"input {name!r}: at most 26 options, got {len(items)}")
        return "\n".join(f"{chr(ord('A') + i)}) {text}" for i, text in enumerate(items)), len(items)
    return "\n".join(f"{i + 1}. {text}" for i, text in enumerate(items)), None


def render(prompt: Prompt, story: str, variables: dict[str, Any]) -> RenderedPrompt:
    """Messages for ``prompt`` with each input wrapped in tagged delimiters."""
    values: dict[str, Any] = {"story": story, **variables}
    unknown = sorted(set(values) - set(prompt.inputs))
    if unknown:
        raise ConfigError(f"LLM task {prompt.task!r} has no input(s) {unknown}; it takes {sorted(prompt.inputs)}")
    missing = [
        n for n, spec in prompt.inputs.items() if spec.get("required", True) and values.get(n) in (None, "", [], ())
    ]
    if missing:
        raise ConfigError(f"LLM task {prompt.task!r} needs input(s) {missing}")
    tag = _tag(values)
    fill: dict[str, str] = {"tag": tag}
    n_options = None
    for name, spec in prompt.inputs.items():
        value = values.get(name)
        if value in (None, "", [], ()):
            value = spec.get("default", "(none)")
        text, count = _format_value(name, spec.get("kind", "text"), value)
        n_options = count if count is not None else n_options
        fill[name] = f"<{name}-{tag}>\n{text}\n</{name}-{tag}>"
    try:
        system = Template(prompt.system).substitute(tag=tag)
        user = Template(prompt.user).substitute(fill)
    except (KeyError, ValueError) as exc:
        raise ConfigError(f"prompt {prompt.task!r} has a bad placeholder: {exc}") from None
    return RenderedPrompt([{"role": "system", "content": system}, {"role": "user", "content": user}], n_options, tag)
