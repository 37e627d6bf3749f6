"""Versioned JSON for world states: ``to_json``/``from_json`` round-trip exactly."""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
import types
import typing
from enum import Enum
from typing import Any

from worldstate.state import model
from worldstate.state.fast_decode import Misfit, read_as
from worldstate.state.text import Paragraph, Sentence, Span, Story

SCHEMA = "worldstate/world-state"
SCHEMA_VERSION = 1

SAVED_EXTRAS = ("engine", "layers")
"""Top-level keys a saved world may carry beside the world state: the engine that wrote it and the layers
derived from the parse (see :mod:`worldstate.saved_world`); the world state itself ignores them."""


class SchemaError(ValueError):
    """The JSON is not a world state this version can read."""


def to_dict(obj: Any) -> Any:
    """Plain JSON-able structure for a dataclass tree (spans become [start, end])."""
    if isinstance(obj, Span):
        return [obj.start, obj.end]
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, model.Finding):  # its stable id first (what .worldstate-ignore lists)
        return {"id": obj.id, **{f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}}
    if dataclasses.is_dataclass(obj):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_dict(x) for x in obj]
    if isinstance(obj, dict):
        return {str(k): to_dict(v) for k, v in obj.items()}
    return obj


def world_state_to_dict(ws: model.WorldState) -> dict[str, Any]:
    """The world state with its schema, its version and the engine that wrote it (a saved world read back by
    another engine is refused: :mod:`worldstate.saved_world`)."""
    return {"schema": SCHEMA, "version": SCHEMA_VERSION, "engine": engine_version(), **to_dict(ws)}


def engine_version() -> str:
    """This engine's version: the package version and a digest of its code and data files."""
    from worldstate.bench.fingerprint import engine_fingerprint

    return engine_fingerprint()


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
    body = {k: v for k, v in data.items() if k not in ("schema", "version", *SAVED_EXTRAS)}
    return from_plain(model.WorldState, body)


def from_plain(cls: type, data: Any, path: str = "") -> Any:
    """Dataclass ``cls`` (any module's) from the plain structure :func:`to_dict` made of it; SchemaError
    naming the field when it does not fit (a compiled reader first; the field-by-field one names the field)."""
    try:
        return read_as(cls, data, _LOCAL_TYPES)
    except Misfit:
        return _build(cls, data, path)


_LOCAL_TYPES = {
    "Span": Span,
    "Story": Story,
    "Sentence": Sentence,
    "Paragraph": Paragraph,
    **{name: getattr(model, name) for name in dir(model) if isinstance(getattr(model, name), type)},
}

_JSON_TYPE_NAMES = {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number"}


def _where(path: str) -> str:
    return f"field {path!r}" if path else "the top level"


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    for tp, name in _JSON_TYPE_NAMES.items():
        if isinstance(value, tp):
            return name
    return "a number" if isinstance(value, float) else type(value).__name__


def _expect(path: str, what: str, value: Any) -> SchemaError:
    shown = "" if value is None else " " + json.dumps(value, default=str)[:60]
    return SchemaError(f"{_where(path)}: expected {what}, got {_kind(value)}{shown}")


@functools.cache
def _fields(cls: type) -> tuple[dict[str, Any], list[dataclasses.Field[Any]]]:
    """The resolved type hints and the init fields of dataclass ``cls`` (resolved once per class)."""
    hints = typing.get_type_hints(cls, globalns=vars(sys.modules[cls.__module__]), localns=_LOCAL_TYPES)
    return hints, [f for f in dataclasses.fields(cls) if f.init]


def _build(cls: type, data: Any, path: str) -> Any:
    """Build dataclass ``cls`` from ``data``; a SchemaError names the field (``entities[2].kind``) on error."""
    if not isinstance(data, dict):
        raise _expect(path, f"an object ({cls.__name__})", data)
    hints, fields = _fields(cls)
    kwargs = {}
    for f in fields:
        child = f"{path}.{f.name}" if path else f.name
        if f.name in data:
            kwargs[f.name] = _convert(hints[f.name], data[f.name], child)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise SchemaError(f"{_where(path)}: missing required field {f.name!r} ({cls.__name__})")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SchemaError(f"{_where(path)}: bad {cls.__name__}: {exc}") from exc


def _convert(tp: Any, value: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if value is None:
        if tp is Any or (origin in (typing.Union, types.UnionType) and type(None) in args):
            return None
        raise _expect(path, getattr(tp, "__name__", str(tp)).replace("str", "a string"), value)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value, path) if len(inner) == 1 else value
    if tp is Span:
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise _expect(path, "a span [start, end] of two integers", value)
        if value[0] < 0 or value[1] < value[0]:
            raise SchemaError(f"{_where(path)}: invalid span {value} (need 0 <= start <= end)")
        return Span(value[0], value[1])
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in tp)
            raise SchemaError(f"{_where(path)}: {value!r} is not one of {allowed}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _build(tp, value, path)
    if origin is list:
        if not isinstance(value, list):
            raise _expect(path, "a list", value)
        return [_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value)]
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _expect(path, "a list", value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise _expect(path, f"a list of {len(args)} items", value)
        return tuple(_convert(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if origin is dict:
        if not isinstance(value, dict):
            raise _expect(path, "an object", value)
        return {k: _convert(args[1], v, f"{path}.{k}") for k, v in value.items()}
    if tp is bool:
        if not isinstance(value, bool):
            raise _expect(path, "true or false", value)
    elif tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _expect(path, "an integer", value)
    elif tp is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise _expect(path, "a number", value)
        return float(value)
    elif tp is str and not isinstance(value, str):
        raise _expect(path, "a string", value)
    return value
