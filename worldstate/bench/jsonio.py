"""Deterministic JSON: sorted keys, floats rounded to a fixed number of digits, one line per record."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

FLOAT_DIGITS = 6  # metrics
PREDICTION_DIGITS = 4  # model scores: coarse, so float noise from threads or batching rarely reaches the bytes


def canonical(value: Any, digits: int = FLOAT_DIGITS) -> Any:
    """A copy of ``value`` with floats rounded (NaN/inf become None) and tuples turned into lists."""
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        rounded = round(value, digits)
        return 0.0 if rounded == 0 else rounded
    if isinstance(value, dict):
        return {str(k): canonical(v, digits) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v, digits) for v in value]
    if hasattr(value, "item") and callable(value.item):  # numpy scalars
        return canonical(value.item(), digits)
    return value


def dumps(value: Any, indent: int | None = None, digits: int = FLOAT_DIGITS) -> str:
    """Canonical JSON text: same value, same bytes, on every run and machine."""
    separators = (",", ": ") if indent else (",", ":")
    return json.dumps(
        canonical(value, digits), sort_keys=True, ensure_ascii=False, indent=indent, separators=separators
    )


def append_line(path: Path, record: dict[str, Any], digits: int = FLOAT_DIGITS) -> None:
    """Append one JSON line with a single write, then flush and fsync (a kill never leaves half an item)."""
    data = (dumps(record, digits=digits) + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def read_lines_tolerant(path: Path) -> list[dict[str, Any]]:
    """Records of a JSONL file written by :func:`append_line`; a truncated last line is dropped.

    A damaged line anywhere else is an error: the file was not written by the harness.
    """
    from worldstate.errors import InputError

    if not path.exists():
        return []
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except (json.JSONDecodeError, UnicodeDecodeError):
            is_last = number == len(lines) or (number == len(lines) - 1 and not lines[-1])
            if is_last and not raw.endswith(b"\n"):
                break  # a write cut short by a kill: drop it, the item runs again
            raise InputError(str(path), "damaged line (not valid JSON) in a predictions file", number) from None
    return records
