"""Reading stories safely and writing outputs atomically."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from worldstate.errors import InputError

MAX_STORY_BYTES = int(os.environ.get("WORLDSTATE_MAX_BYTES", str(10 * 1024 * 1024)))


def decode_story_bytes(data: bytes, name: str) -> str:
    """Decode story bytes as UTF-8 text, rejecting empty, binary and oversized input."""
    if len(data) > MAX_STORY_BYTES:
        raise InputError(
            name,
            f"file is {len(data) / 1e6:.1f} MB, larger than the {MAX_STORY_BYTES / 1e6:.0f} MB limit "
            "(set WORLDSTATE_MAX_BYTES to raise it)",
        )
    if not data.strip():
        raise InputError(name, "file is empty")
    if b"\x00" in data[:8192]:
        raise InputError(name, "file looks binary (contains NUL bytes), expected UTF-8 text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(name, f"not UTF-8 text (invalid byte at offset {exc.start})") from None
    if not text.strip():
        raise InputError(name, "file has no text")
    return text


def read_story_file(path: str | Path) -> str:
    """Text of a story file, or ``-`` for standard input; raises InputError with a clear reason."""
    name = str(path)
    if name == "-":
        return decode_story_bytes(sys.stdin.buffer.read(MAX_STORY_BYTES + 1), "<stdin>")
    p = Path(path)
    if not p.exists():
        raise InputError(name, "no such file")
    if p.is_dir():
        raise InputError(name, "is a directory, expected a text file")
    try:
        size = p.stat().st_size
        if size > MAX_STORY_BYTES:
            return decode_story_bytes(b"x" * (MAX_STORY_BYTES + 1), name)
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror}") from None
    return decode_story_bytes(data, name)


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and rename: never a half-written file."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
