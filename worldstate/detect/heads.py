"""The task heads, declared once: their names (one spelling everywhere), functions and inputs.

Every head is a function of an analysed story (:class:`~worldstate.analysis.World`) and its task
inputs, returning an :class:`~worldstate.detect.answers.Answer`. ``worldstate check``, the
benchmark tasks (``worldstate.bench.tasks``) and the viewer all find heads here; modules load only
when their head runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from worldstate.errors import ConfigError
from worldstate.refs import resolve

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.detect.answers import Answer


@dataclass(frozen=True)
class Head:
    """One task head: ``function`` is ``module:function``; ``inputs`` names what it needs beyond the story."""

    name: str
    function: str
    description: str
    inputs: tuple[str, ...] = ()  # "summary", "question", "options", "character"
    story_only: bool = True  # runs on a story alone (``check --task all``, the viewer)

    def load(self) -> Callable[..., Any]:
        """The head function; a ConfigError when its module cannot be imported."""
        return resolve(self.function, f"task head {self.name}")


HEADS: dict[str, Head] = {
    h.name: h
    for h in (
        Head("continuity", "worldstate.detect.continuity.head:detect_continuity", "continuity errors (plot holes)"),
        Head(
            "knowledge",
            "worldstate.detect.knowledge.implausible:detect_implausible_knowledge",
            "characters who know what they cannot know",
            inputs=("character",),
        ),
        Head(
            "constory", "worldstate.detect.constory.head:constory_report", "the 19 ConStory consistency-error subtypes"
        ),
        Head(
            "faithfulness",
            "worldstate.detect.faithfulness.head:judge_summary",
            "whether a summary is faithful to the story",
            inputs=("summary",),
            story_only=False,
        ),
        Head(
            "next-action",
            "worldstate.detect.knowledge.next_action:choose_next_action",
            "the action a character takes acting only on what they know",
            inputs=("question", "options", "character"),
            story_only=False,
        ),
    )
}


def get_head(name: str) -> Head:
    """The head called ``name``; a ConfigError listing the names otherwise."""
    if name not in HEADS:
        raise ConfigError(f"unknown task {name!r}; choose one of {', '.join(HEADS)}")
    return HEADS[name]


def story_only_heads() -> list[Head]:
    """The heads that need nothing but the story, in declaration order."""
    return [h for h in HEADS.values() if h.story_only]


def run_head(world: World, name: str, **inputs: Any) -> Answer:
    """Run head ``name`` on the analysed story with its task ``inputs`` (``summary``: an analysed
    summary World; ``question``/``options``/``character``) and add its findings to ``world.findings``.

    This is the one result path: whatever a head finds (reasoner proofs, text checks, LLM verdicts) is a
    :class:`~worldstate.state.Finding` on the world, which the CLI, JSON, the viewer and the benchmarks read.
    """
    head = get_head(name)
    unknown = set(inputs) - set(head.inputs)
    if unknown:
        raise ConfigError(f"task {name} takes no {', '.join(sorted(unknown))}")
    from worldstate.analysis import collector_paused

    with collector_paused():
        answer = head.load()(world, **inputs)
    from worldstate.detect.grounds import explain_sides

    explain_sides(world, answer.findings)  # why the engine believes each side, for every reader of a finding
    known = {id(f) for f in world.findings}
    world.findings.extend(f for f in answer.findings if id(f) not in known)
    return answer


def run_story_heads(
    world: World, *, missing: dict[str, ConfigError] | None = None, seconds: dict[str, float] | None = None
) -> dict[str, Answer]:
    """Every story-only head on one analysed story, in declaration order (the viewer, ``bench perf``).

    ``missing``: a head whose module is not available is skipped and its error kept here (without it, the
    error is raised); ``seconds``: each head's run time."""
    answers: dict[str, Answer] = {}
    for head in story_only_heads():
        if missing is not None:
            try:
                head.load()
            except ConfigError as exc:
                missing[head.name] = exc
                continue
        started = time.perf_counter()
        answers[head.name] = run_head(world, head.name)
        if seconds is not None:
            seconds[head.name] = time.perf_counter() - started
    return answers
