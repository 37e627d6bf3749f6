"""The one loader for the data files that ship inside the package (rule packs, lexicons, prompts,
parameters, published tables): ``load_yaml("detect", "data/knowledge/cues.yaml")``.

Files are read once per process (they never change while it runs).
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

import yaml


@lru_cache(maxsize=128)
def read_text(package: str, path: str) -> str:
    """The text of ``path`` inside ``worldstate.<package>`` (``package`` may be dotted: "detect.llm")."""
    return resources.files(f"worldstate.{package}").joinpath(path).read_text("utf-8")


# libyaml's safe loader when PyYAML was built with it (the same documents, about ten times faster: the word
# tables read at start-up took 1.3 s of a 100-word check with the pure-Python one), else the pure-Python one.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(package: str, path: str) -> Any:
    """A YAML data file of the package, parsed (a fresh object each call: callers may change it)."""
    return parse_yaml(read_text(package, path))


def parse_yaml(text: str) -> Any:
    """YAML text parsed as ``yaml.safe_load`` parses it (with libyaml when available); raises ``yaml.YAMLError``."""
    return yaml.load(text, Loader=_SAFE_LOADER)


@lru_cache(maxsize=64)
def word_set(package: str, path: str, key: str) -> frozenset[str]:
    """The word list under ``key`` of a YAML data file of the package, as a set (read once)."""
    return frozenset(load_yaml(package, path)[key])


def load_json(package: str, path: str) -> Any:
    """A JSON data file of the package, parsed (a fresh object each call)."""
    return json.loads(read_text(package, path))


T = TypeVar("T")


def typed(cls: type[T], values: Mapping[str, Any]) -> T:
    """The dataclass ``cls`` filled from plain YAML ``values`` (by field name; other keys are ignored), each
    converted to its field's annotated type: ``frozenset[str]`` and ``tuple[X, ...]`` from lists (items
    converted in turn), ``dict[str, float]`` with float values, ``tuple[re.Pattern[str], ...]`` compiled
    case-insensitively, ``tuple[str, str]`` item by item."""
    hints = typing.get_type_hints(cls)
    given = {f.name: as_type(hints[f.name], values[f.name]) for f in dataclasses.fields(cls) if f.name in values}
    return cls(**given)  # a field without a value keeps its default


def as_type(hint: Any, value: Any) -> Any:
    """Plain YAML ``value`` converted to the type ``hint`` (as :func:`typed` converts each field)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is frozenset:
        return frozenset(value)
    if origin is dict:
        return {k: as_type(args[1], v) for k, v in value.items()}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if typing.get_origin(args[0]) is re.Pattern:
            return tuple(re.compile(p, re.I) for p in value)
        return tuple(as_type(args[0], v) for v in value)
    if origin is tuple:
        return tuple(as_type(a, v) for a, v in zip(args, value, strict=True))
    if hint is float or hint is str:
        return hint(value)
    return value
