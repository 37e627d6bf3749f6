"""``"package.module:function"`` references: the one resolver every registry uses.

Registries (the lazy layers, the task heads, the benchmark tasks, predictors and tune functions, the CLI's
commands) name their functions by reference, so that listing them imports none of the modules behind them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from worldstate.errors import ConfigError


def resolve(ref: str, what: str = "function") -> Callable[..., Any]:
    """The object ``ref`` (``"package.module:name"``) names; a :class:`~worldstate.errors.ConfigError`
    saying "``what`` (``ref``) is not available" when its module cannot be imported or has no such name."""
    module_name, _, attr = ref.partition(":")
    try:
        return getattr(importlib.import_module(module_name), attr)  # type: ignore[no-any-return]
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"{what} ({ref}) is not available: {exc}") from None
