"""Reading stories safely and writing outputs atomically."""

from __future__ import annotations

import codecs
import os
import stat
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from worldstate.config import Settings
from worldstate.errors import InputError, OutputError

MAX_STORY_BYTES = Settings.from_env().max_story_bytes  # WORLDSTATE_MAX_BYTES

# Byte-order marks, longest first (the UTF-32 LE mark starts with the UTF-16 LE one).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)
# What charset-normalizer may pick from when a story is not UTF-8: BOM-less UTF-16/32, the Western
# single-byte encodings (Latin-1 and its Windows superset) and the common Chinese ones.
_DETECTABLE = ["utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "cp1252", "latin_1"]
_DETECTABLE += ["gb18030", "big5"]
_WHITESPACE_CONTROLS = frozenset("\t\n\r\f\v")


def _size_problem(size: int) -> str:
    return (
        f"file is {size / 1e6:.1f} MB ({size:,} bytes), larger than the {MAX_STORY_BYTES / 1e6:.1f} MB limit "
        f"({MAX_STORY_BYTES:,} bytes; set WORLDSTATE_MAX_BYTES to raise it)"
    )


def _looks_binary(text: str) -> bool:
    """NUL characters, or more than 2% control characters other than whitespace."""
    if "\x00" in text:
        return True
    controls = sum(1 for ch in text if ch not in _WHITESPACE_CONTROLS and unicodedata.category(ch) == "Cc")
    return controls > 0.02 * max(len(text), 1)


def _decode(data: bytes, name: str) -> str:
    for bom, codec, label in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise InputError(
                    name,
                    f"starts with a {label} byte-order mark but is not {label} text (bad byte at offset {exc.start})",
                ) from None
    if b"\x00" not in data:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=_DETECTABLE).best()
    text = str(best) if best is not None else ""
    if best is None or _looks_binary(text):
        raise InputError(name, "file looks binary, not text (expected UTF-8, UTF-16 or Latin-1)")
    return text


def decode_story_bytes(data: bytes, name: str, size: int | None = None) -> str:
    """Decode story bytes as text, rejecting empty, binary and oversized input.

    UTF-8 first; a byte-order mark selects UTF-8/16/32; otherwise charset-normalizer picks the
    encoding (BOM-less UTF-16, Latin-1/Windows-1252, GB18030, Big5). ``size`` is the real size when
    ``data`` was cut short.
    """
    size = max(size or 0, len(data))
    if size > MAX_STORY_BYTES:
        raise InputError(name, _size_problem(size))
    if not data.strip():
        raise InputError(name, "file is empty")
    text = _decode(data, name)
    if not text.strip():
        raise InputError(name, "file has no text")
    return text


def read_story_file(path: str | Path) -> str:
    """Text of a story file, or ``-`` for standard input; raises InputError with a clear reason."""
    name = str(path)
    if name == "-":
        data = sys.stdin.buffer.read(MAX_STORY_BYTES + 1)
        size = len(data)
        if size > MAX_STORY_BYTES:  # count the rest, to say how large the input really is
            while chunk := sys.stdin.buffer.read(1 << 20):
                size += len(chunk)
        return decode_story_bytes(data, "<stdin>", size)
    p = Path(path)
    if not p.exists():
        raise InputError(name, "no such file")
    if p.is_dir():
        raise InputError(name, "is a directory, expected a text file")
    try:
        size = p.stat().st_size
        if size > MAX_STORY_BYTES:
            raise InputError(name, _size_problem(size))
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror}") from None
    return decode_story_bytes(data, name)


def read_yaml_file(path: str | Path, what: str) -> Any:
    """A user's YAML file (``what`` names it in errors): one ConfigError line when it is missing or not YAML."""
    import yaml

    from worldstate.data import parse_yaml
    from worldstate.errors import ConfigError

    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"{path}: {what} file not found")
    try:
        return parse_yaml(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}".splitlines()[0]) from None


def _nearest_existing(p: Path) -> Path:
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def check_output_file(path: str | Path) -> None:
    """Raise OutputError (one line: the path and why) unless a file can be written at ``path``.

    The folder it goes into must exist already, be a folder and be writable.
    """
    name = str(path)
    p = Path(path)
    if p.is_dir():
        raise OutputError(name, "is a directory, expected a file name")
    parent = p.parent
    if not parent.exists():
        existing = _nearest_existing(parent)
        if existing.exists() and not existing.is_dir():
            raise OutputError(name, f"cannot write under {existing}: it is a file, not a folder")
        raise OutputError(name, f"folder {parent} does not exist")
    if not parent.is_dir():
        raise OutputError(name, f"cannot write under {parent}: it is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(name, f"folder {parent} is not writable")
    if p.exists() and not os.access(p, os.W_OK):
        raise OutputError(name, "file is read-only")


def check_output_dir(path: str | Path) -> None:
    """Raise OutputError unless ``path`` is, or can be created as, a writable folder."""
    name = str(path)
    p = Path(path)
    if p.exists():
        if not p.is_dir():
            raise OutputError(name, "is a file, expected a folder")
        if not os.access(p, os.W_OK | os.X_OK):
            raise OutputError(name, "folder is not writable")
        return
    existing = _nearest_existing(p.parent)
    if existing.exists() and not existing.is_dir():
        raise OutputError(name, f"cannot create it under {existing}: that is a file, not a folder")
    if existing.exists() and not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(name, f"cannot create it: folder {existing} is not writable")


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # no /proc: read it by setting it (and put it straight back)
    os.umask(mask)
    return mask


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and rename: never a half-written file."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (missing parent folders are created).

    The file gets the permissions a plain ``open(path, "w")`` would give: those of the file it
    replaces, else 0666 less the user's umask. OSError becomes OutputError naming the path.
    """
    p = Path(path)
    try:
        mode = stat.S_IMODE(p.stat().st_mode) if p.is_file() else 0o666 & ~_umask()
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    except OSError as exc:
        raise OutputError(str(path), f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise OutputError(str(path), f"cannot write: {exc.strerror or exc}") from None
        raise
