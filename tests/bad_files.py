"""A check the file loaders' tests share: a malformed file and a missing one are each a clear error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def rejects_bad_and_missing(
    load: Callable[[Path], Any], error: type[Exception], bad: Path, content: str, message: str
) -> None:
    """``load`` raises ``error`` saying ``message`` for ``bad`` written with ``content``, and ``error`` saying
    "not found" for a file beside it that does not exist."""
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(error, match=message):
        load(bad)
    with pytest.raises(error, match="not found"):
        load(bad.with_name(f"absent{bad.suffix}"))
