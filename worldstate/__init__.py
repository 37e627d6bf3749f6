"""worldstate: a symbolic-plus-neural story world-state engine.

``worldstate.analyze(text) -> World`` is the one way in (see :mod:`worldstate.analysis`).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["World", "analyze", "analyze_file"]


def __getattr__(name: str) -> Any:  # import-light: ``import worldstate`` loads nothing heavy
    if name in __all__:
        from worldstate import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module 'worldstate' has no attribute {name!r}")
