"""Reading a saved world state (``worldstate analyze --format json``) with a clear error."""

from __future__ import annotations

from pathlib import Path

from worldstate.errors import InputError
from worldstate.state import SchemaError, WorldState, from_json


def load_world_file(path: str | Path) -> WorldState:
    """The world state saved in ``path``; InputError naming the file when it is not one."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "is a directory, expected a world-state JSON file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(name, f"cannot read: {exc}") from None
    try:
        return from_json(text)
    except (SchemaError, KeyError, TypeError, ValueError) as exc:
        raise InputError(name, f"not a saved world state: {exc}") from None
