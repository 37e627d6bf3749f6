"""A saved world: ``worldstate analyze --format json`` writes it, ``--world FILE`` reads it back, never analysing
the story again.

The file is the versioned world state (:mod:`worldstate.state.serialize`) with the engine that wrote it and the
layers derived from the parse (:mod:`worldstate.saved_layers`). A file another engine version wrote is refused,
naming both versions: its world state may differ from what this engine would build.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worldstate.analysis import World, collector_paused
from worldstate.config import Settings
from worldstate.errors import InputError
from worldstate.saved_layers import layers_dict, restore_layers
from worldstate.state import SchemaError, WorldState
from worldstate.state.serialize import SCHEMA, engine_version, world_state_from_dict, world_state_to_dict


def world_json(world: World, indent: int | None = 2) -> str:
    """The saved form of ``world``: its world state, the engine, and (for a parsed story) the derived layers."""
    data = world_state_to_dict(world.state)
    if world.parsed is not None:
        data["layers"] = layers_dict(world)
    return json.dumps(data, ensure_ascii=False, indent=indent, sort_keys=False)


def load_world(path: str | Path, settings: Settings | None = None) -> World:
    """The World saved in ``path``, its derived layers restored; InputError naming the file when it is not one
    this engine wrote."""
    with collector_paused():  # a million small objects, no cycles among them: as for the analysis
        data = _read(path)
        world = World.of_state(_state(path, data), settings)
        if "layers" in data:
            try:
                world.preload(restore_layers(world, data["layers"]))
            except SchemaError as exc:
                raise InputError(str(path), f"not a saved world state: {exc}") from None
    return world


def load_world_state(path: str | Path) -> WorldState:
    """The world state saved in ``path`` (without its derived layers); errors as :func:`load_world`."""
    with collector_paused():
        return _state(path, _read(path))


def _read(path: str | Path) -> dict[str, Any]:
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
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(name, f"not a saved world state: not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise InputError(name, f"not a saved world state (expected schema {SCHEMA!r})")
    _check_engine(name, data.get("engine"))
    return data


def _check_engine(name: str, saved: Any) -> None:
    current = engine_version()
    if saved == current:
        return
    again = f"analyse the story again (worldstate analyze STORY --format json --out {Path(name).name})"
    if not isinstance(saved, str) or not saved:
        raise InputError(
            name, f"saved by an older worldstate that did not record its version; this is {current}: {again}"
        )
    raise InputError(name, f"saved by worldstate {saved}, but this is worldstate {current}: {again}")


def _state(path: str | Path, data: dict[str, Any]) -> WorldState:
    try:
        return world_state_from_dict(data)
    except (SchemaError, KeyError, TypeError, ValueError) as exc:
        raise InputError(str(path), f"not a saved world state: {exc}") from None
