"""Declared pipeline stages: each a name, the stages it needs, and a function that fills its part.

Like spaCy's pipeline components and BookNLP's steps, extraction is a list of :class:`Stage` run in
order over one shared context (``worldstate.extract.builder.Extraction``). ``analyze(text, disable=[...])``
turns stages off; :func:`run_stages` checks before anything runs that no kept stage needs a disabled one
(a :class:`~worldstate.errors.ConfigError` names both: disable the dependent stage too, or keep the one it
needs), times each stage, and names the stage in any error raised inside it: an exception note (which a
traceback prints) and the exception's ``stage`` attribute (which the CLI prints beside a user error).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from worldstate.errors import ConfigError

C = TypeVar("C")


@dataclass(frozen=True)
class Stage(Generic[C]):
    """One step of a pipeline: ``build(context)`` fills the context's fields for ``name``."""

    name: str
    requires: tuple[str, ...]
    build: Callable[[C], None]
    doc: str = ""


def check_order(stages: Sequence[Stage[C]]) -> None:
    """Every stage's prerequisites are declared, and come before it (a programming error otherwise)."""
    seen: set[str] = set()
    for stage in stages:
        if stage.name in seen:
            raise ValueError(f"stage {stage.name!r} is declared twice")
        missing = [r for r in stage.requires if r not in seen]
        if missing:
            raise ValueError(f"stage {stage.name!r} requires {missing}, which do not come before it")
        seen.add(stage.name)


def enabled(stages: Sequence[Stage[C]], disable: Collection[str] = ()) -> list[Stage[C]]:
    """The stages left after ``disable``; a :class:`ConfigError` for an unknown name, or for a kept stage
    that needs a disabled one (naming both)."""
    names = [s.name for s in stages]
    unknown = [d for d in disable if d not in names]
    if unknown:
        raise ConfigError(f"unknown stage(s) {', '.join(map(repr, unknown))}: the stages are {', '.join(names)}")
    kept = [s for s in stages if s.name not in disable]
    for stage in kept:
        for need in stage.requires:
            if need in disable:
                raise ConfigError(
                    f"stage {stage.name!r} needs stage {need!r}, which is disabled: "
                    f"disable {stage.name!r} too, or keep {need!r}"
                )
    return kept


def run_stages(
    stages: Sequence[Stage[C]], context: C, disable: Collection[str] = (), timings: dict[str, float] | None = None
) -> dict[str, float]:
    """Run the enabled ``stages`` in order over ``context``; returns (and fills ``timings`` with) the
    seconds each took."""
    timings = {} if timings is None else timings
    for stage in enabled(stages, disable):
        started = time.perf_counter()
        try:
            stage.build(context)
        except Exception as exc:
            exc.add_note(f"raised in the {stage.name!r} stage")
            if not hasattr(exc, "stage"):
                with contextlib.suppress(AttributeError):  # an exception type that takes no attributes
                    exc.stage = stage.name  # type: ignore[attr-defined]
            raise
        timings[stage.name] = time.perf_counter() - started
    return timings
