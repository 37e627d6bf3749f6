"""A digest of the installed engine (its code and data files), so a run never resumes another engine's work."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import worldstate

SKIPPED_DIRS = {"__pycache__"}
SKIPPED_SUFFIXES = {".pyc", ".pyo"}


def engine_files(root: Path) -> list[Path]:
    """The package's files that decide what it predicts: code and data, sorted, caches left out."""
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file() and p.suffix not in SKIPPED_SUFFIXES and not SKIPPED_DIRS.intersection(p.parts)
    )


@cache
def engine_fingerprint() -> str:
    """sha256 (first 16 hex digits) over the relative path and bytes of every file of the ``worldstate`` package."""
    root = Path(worldstate.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in engine_files(root):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"{worldstate.__version__}+{digest.hexdigest()[:16]}"
