"""Options and helpers shared by the subcommands."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import click

from worldstate.config import Settings


def file_option(flag: str, dest: str, help_text: str) -> Any:
    """``--flag FILE`` (optional, no default) whose value arrives as ``dest``."""
    return click.option(flag, dest, type=click.Path(dir_okay=False), default=None, help=help_text)


world_option = file_option(
    "--world", "world", "A saved world state (worldstate analyze --format json) instead of analysing STORY."
)
"""``--world FILE``: a saved world state to read instead of analysing the STORY argument."""


ignore_option = file_option(
    "--ignore",
    "ignore_file",
    "Findings dismissed as intentional (default: .worldstate-ignore beside the story or data, else here).",
)
"""``--ignore FILE``: a ``.worldstate-ignore`` list of finding ids to dismiss (see :mod:`worldstate.ignore`)."""


def choice_option(flag: str, choices: Sequence[str], help_text: str, *, dest: str | None = None) -> Any:
    """``--flag`` taking one of ``choices`` (the first is the default, shown in ``--help``)."""
    names = (flag, dest) if dest else (flag,)
    return click.option(*names, type=click.Choice(list(choices)), default=choices[0], show_default=True, help=help_text)


def folder_option(flag: str, default: str, help_text: str, envvar: str | None = None) -> Any:
    """``--flag FOLDER`` with a default (shown in ``--help``), optionally read from ``envvar``."""
    kind = click.Path(file_okay=False)
    return click.option(flag, type=kind, default=default, show_default=True, envvar=envvar, help=help_text)


_TYPES: dict[str, Any] = {"float": float, "int": int, "path": click.Path(dir_okay=False)}


def _option(flag: str, spec: dict[str, Any]) -> Any:
    """A click option from one entry of ``settings_flags.yaml``; its value arrives as the Settings field's name."""
    kind = click.Choice(spec["choices"]) if "choices" in spec else _TYPES.get(spec.get("type", ""))
    return click.option(flag, spec["field"], type=kind, multiple=spec.get("multiple", False), help=spec["help"])


def settings_flags(group: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A decorator adding the flags of ``group`` in ``settings_flags.yaml``; their values update the command's
    ``settings`` argument (made from the environment when no outer decorator gave one)."""
    from worldstate.data import load_yaml

    flags: dict[str, dict[str, Any]] = load_yaml("cli", "settings_flags.yaml")[group]

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def wrapper(*args: Any, settings: Settings | None = None, **kwargs: Any) -> Any:
            overrides = {spec["field"]: kwargs.pop(spec["field"]) for spec in flags.values()}
            base = settings if settings is not None else Settings.from_env()
            return func(*args, settings=base.with_overrides(**overrides), **kwargs)

        for flag, spec in reversed(flags.items()):
            wrapper = _option(flag, spec)(wrapper)
        return wrapper

    return decorate


model_options = settings_flags("model")
"""The extraction/model flags, turned into the command's ``settings`` argument."""

llm_options = settings_flags("llm")
"""The LLM adjudicator flags; they update the command's ``settings``."""
