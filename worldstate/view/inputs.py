"""Reading a saved world state (``worldstate analyze --format json``) with a clear error."""

from __future__ import annotations

from pathlib import Path

from worldstate.state import WorldState


def load_world_file(path: str | Path) -> WorldState:
    """The world state saved in ``path``; InputError naming the file when it is not one this engine wrote
    (see :mod:`worldstate.saved_world`)."""
    from worldstate.saved_world import load_world_state

    return load_world_state(path)
