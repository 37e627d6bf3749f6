"""Versioned JSON for world states: ``to_json``/``from_json`` round-trip exactly."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from typing import Any

from worldstate.state import model
from worldstate.state.text import Paragraph, Sentence, Span, Story

SCHEMA = "worldstate/world-state"
SCHEMA_VERSION = 1


class SchemaError(ValueError):
    """The JSON is not a world state this version can read."""


def to_dict(obj: Any) -> Any:
    """Plain JSON-able structure for a dataclass tree (spans become [start, end])."""
    if isinstance(obj, Span):
        return [obj.start, obj.end]
    if isinstance(obj, Enum):
        return obj.value
    if dataclasses.is_dataclass(obj):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_dict(x) for x in obj]
    if isinstance(obj, dict):
        return {str(k): to_dict(v) for k, v in obj.items()}
    return obj


def world_state_to_dict(ws: model.WorldState) -> dict[str, Any]:
    return {"schema": SCHEMA, "version": SCHEMA_VERSION, **to_dict(ws)}


def to_json(ws: model.WorldState, indent: int | None = 2) -> str:
    """Deterministic JSON text for a world state."""
    return json.dumps(world_state_to_dict(ws), ensure_ascii=False, indent=indent, sort_keys=False)


def from_json(text: str) -> model.WorldState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"not JSON: {exc}") from exc
    return world_state_from_dict(data)


def world_state_from_dict(data: dict[str, Any]) -> model.WorldState:
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SchemaError(f"not a world state (expected schema {SCHEMA!r})")
    version = data.get("version")
    if version != SCHEMA_VERSION:
        raise SchemaError(f"world-state version {version} is not supported (this is version {SCHEMA_VERSION})")
    body = {k: v for k, v in data.items() if k not in ("schema", "version")}
    return _build(model.WorldState, body)


_LOCAL_TYPES = {
    "Span": Span,
    "Story": Story,
    "Sentence": Sentence,
    "Paragraph": Paragraph,
    **{name: getattr(model, name) for name in dir(model) if isinstance(getattr(model, name), type)},
}


def _build(cls: type, data: Any) -> Any:
    hints = typing.get_type_hints(cls, globalns=vars(model), localns=_LOCAL_TYPES)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _convert(hints[f.name], data[f.name])
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise SchemaError(f"bad {cls.__name__}: {exc}") from exc


def _convert(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value) if len(inner) == 1 else value
    if tp is Span:
        return Span(int(value[0]), int(value[1]))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(value)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _build(tp, value)
    if origin is list:
        return [_convert(args[0], v) for v in value]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v) for v in value)
        return tuple(_convert(a, v) for a, v in zip(args, value, strict=True))
    if origin is dict:
        return {k: _convert(args[1], v) for k, v in value.items()}
    return value
