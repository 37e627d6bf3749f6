"""Where fitted parameters live: shipped defaults in the package, tuned ones in the cache dir.

``worldstate bench tune NAME --data DEV`` writes a task's fitted parameters (and ``provenance.json``) to
``<cache>/tuned/NAME/``; a head reads its parameter file from there when present, else the shipped default
in ``worldstate/detect/data``. Every parameter file carries a ``provenance`` block saying what it was
fitted on (data hash, date, item count, command, score and whether that score is in-sample or CV).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from worldstate.config import Settings

T = TypeVar("T")

TUNED = "tuned"
PROVENANCE = "provenance.json"


def tuned_dir(settings: Settings, task: str) -> Path:
    """``<cache>/tuned/<task>``: where ``bench tune <task>`` writes (nothing is written into the package)."""
    return settings.cache_path / TUNED / task


def tuned_file(settings: Settings | None, task: str, name: str) -> Path | None:
    """The tuned parameter file ``name`` of ``task`` when ``bench tune`` has written one, else None."""
    if settings is None:
        return None
    path = tuned_dir(settings, task) / name
    return path if path.is_file() else None


def parameter_file(settings: Settings | None, task: str, name: str, shipped: Path) -> Path:
    """The parameter file in use: the one ``bench tune <task>`` wrote to the cache dir, else ``shipped``."""
    return tuned_file(settings, task, name) or shipped


def read_parameter_file(path: Path, reader: Callable[[Path], T]) -> T:
    """``reader(path)``, read once and cached until the file changes."""
    return _read_cached(str(path), path.stat().st_mtime_ns, reader)


@lru_cache(maxsize=16)
def _read_cached(path: str, mtime_ns: int, reader: Callable[[Path], Any]) -> Any:
    return reader(Path(path))
