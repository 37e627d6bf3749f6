"""Files the tests write: a story or data file, and the check that a loader rejects a malformed file and a
missing one with a clear error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def written(path: Path, text: str) -> Path:
    """``path``, with ``text`` written to it (UTF-8)."""
    path.write_text(text, encoding="utf-8")
    return path


def rejects_bad_and_missing(
    load: Callable[[Path], Any], error: type[Exception], bad: Path, content: str, message: str
) -> None:
    """``load`` raises ``error`` saying ``message`` for ``bad`` written with ``content``, and ``error`` saying
    "not found" for a file beside it that does not exist."""
    with pytest.raises(error, match=message):
        load(written(bad, content))
    with pytest.raises(error, match="not found"):
        load(bad.with_name(f"absent{bad.suffix}"))
