"""Compiled readers for dataclass trees from JSON: one closure per type, built once, so a saved world of a whole
book (a million values) reads in a second or two.

A reader checks every value as :mod:`worldstate.state.serialize` does, but says only *that* the data does not
fit (:class:`Misfit`); the caller then reads the data again the slow way, which names the field.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any

from worldstate.state.text import Span

Reader = Callable[[Any], Any]


class Misfit(ValueError):
    """The data does not fit the type (read it again the slow way to learn where)."""


def read_as(tp: Any, value: Any, localns: dict[str, Any]) -> Any:
    """``value`` (plain JSON) as type ``tp``; :class:`Misfit` when it does not fit."""
    try:
        return _reader(tp, _Names(localns))(value)
    except (TypeError, ValueError, KeyError) as exc:
        raise Misfit(str(exc)) from None
    finally:
        _SPANS.clear()


class _Names:
    """The local names type hints resolve against (hashable, so readers can be cached per type)."""

    def __init__(self, names: dict[str, Any]) -> None:
        self.names = names

    def __hash__(self) -> int:
        return id(self.names)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Names) and other.names is self.names


@cache
def _reader(tp: Any, names: _Names) -> Reader:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return _same
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            return _same
        read = _reader(inner[0], names)
        return lambda v: None if v is None else read(v)
    if tp is Span:
        return _span
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_reader(tp, names)
    if origin is list:
        item = _reader(args[0], names)
        return lambda v: [item(x) for x in _a(v, list)]
    if origin is tuple:
        return _tuple_reader(args, names)
    if origin is dict:
        val = _reader(args[1], names)
        return lambda v: {k: val(x) for k, x in _a(v, dict).items()}
    if tp in (bool, str):
        return lambda v: _a(v, tp)
    if tp is int:
        return _int
    if tp is float:
        return _float
    return _same


def _dataclass_reader(cls: type, names: _Names) -> Reader:
    hints = typing.get_type_hints(cls, globalns=vars(sys.modules[cls.__module__]), localns=names.names)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    # per field: its name, the exact types a plain value may have (checked here), else the reader to call
    plan = [(f.name, _SCALARS.get(hints[f.name]), _reader(hints[f.name], names)) for f in fields]
    required = {f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}

    def read(v: Any) -> Any:
        if type(v) is not dict or not required <= v.keys():
            raise Misfit(f"not an object of the fields of {cls.__name__}")
        kwargs = {}
        for name, plain, read_field in plan:
            if name in v:
                x = v[name]
                if plain is None:
                    kwargs[name] = read_field(x)
                elif type(x) in plain:
                    kwargs[name] = x
                else:
                    raise Misfit(f"field {name} of {cls.__name__}")
        return cls(**kwargs)

    return read


_SCALARS: dict[Any, tuple[type, ...]] = {
    str: (str,),
    int: (int,),
    bool: (bool,),
    str | None: (str, type(None)),
    int | None: (int, type(None)),
}


def _tuple_reader(args: tuple[Any, ...], names: _Names) -> Reader:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0], names)
        return lambda v: tuple(item(x) for x in _a(v, (list, tuple)))
    items = [_reader(a, names) for a in args]

    def read(v: Any) -> Any:
        if len(_a(v, (list, tuple))) != len(items):
            raise Misfit("wrong length")
        return tuple(r(x) for r, x in zip(items, v, strict=True))

    return read


def _same(v: Any) -> Any:
    return v


def _a(v: Any, tp: type | tuple[type, ...]) -> Any:
    if not isinstance(v, tp):
        raise Misfit(f"expected {tp}")
    return v


def _int(v: Any) -> int:
    if type(v) is not int:
        raise Misfit("expected an integer")
    return v


def _float(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise Misfit("expected a number")
    return float(v)


_SPANS: dict[tuple[int, int], Span] = {}  # spans are immutable: one object per [start, end] read in one call


def _span(v: Any) -> Span:
    if type(v) is list and len(v) == 2 and type(v[0]) is int and type(v[1]) is int:
        key = (v[0], v[1])
        span = _SPANS.get(key)
        if span is None:
            span = _SPANS[key] = Span(*key)  # Span checks 0 <= start <= end (ValueError: a misfit)
        return span
    raise Misfit("expected a span")
