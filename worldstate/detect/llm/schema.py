"""Checking and coercing a parsed model answer against a prompt's ``output_schema``.

Each key of ``output_schema`` names a field and its spec: ``type`` (one of ``bool``, ``str``,
``float``, ``int``, ``list[str]``, ``list[int]``, ``letter``, ``enum``, ``objects``), ``required``
(default true), ``quote`` (true when the field holds text quoted from the story), ``values``
(for ``enum``), ``items`` (the nested schema of each object in ``objects``) and ``range`` (for numbers).

A missing or unusable required field makes the whole answer unusable (``SchemaError``); an unusable
optional field is replaced by its empty value and reported in the notes. ``letter`` fields accept
"B", "(b)", "Option B", "B) …" or a 1-based number, and add ``<field>_index`` (0-based).
"""

from __future__ import annotations

import re
from typing import Any

TYPES = {"bool", "str", "float", "int", "list[str]", "list[int]", "letter", "enum", "objects"}
_TRUE = {"yes", "true", "y", "1"}
_FALSE = {"no", "false", "n", "0", "na", "n/a", "none", "null"}
_EMPTY_TEXT = {"", "na", "n/a", "none", "null", "-"}
_LETTER = re.compile(r"^\W*(?:option|answer|choice|ending|candidate)?\s*\(?([A-Za-z]|\d{1,2})\b\)?", re.I)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


class SchemaError(ValueError):
    """The model's answer lacks a required field or has one that cannot be read."""


def empty_value(spec: dict[str, Any]) -> Any:
    """The value an absent optional field takes."""
    kind = spec.get("type", "str")
    if kind in {"list[str]", "list[int]", "objects"}:
        return []
    if kind == "str":
        return ""
    return None


def _as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().strip(".!\"'*").split(maxsplit=1)
        head = word[0].lower().rstrip(",.;:") if word else ""
        if head in _TRUE:
            return True
        if head in _FALSE:
            return False
    raise SchemaError(f"not a yes/no value: {value!r}")


def _as_float(value: Any, spec: dict[str, Any]) -> float:
    if isinstance(value, bool):
        raise SchemaError(f"not a number: {value!r}")
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str) and (m := _NUMBER.search(value)):
        number = float(m.group()) / (100.0 if "%" in value else 1.0)
    else:
        raise SchemaError(f"not a number: {value!r}")
    lo, hi = spec.get("range", (None, None))
    if lo is not None and hi is not None:
        if hi <= 1.0 < number <= 100.0:  # "85" meant as a percentage
            number /= 100.0
        number = min(max(number, float(lo)), float(hi))
    return number


def _as_int(value: Any) -> int:
    if isinstance(value, bool):
        raise SchemaError(f"not an integer: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and (m := re.search(r"-?\d+", value)):
        return int(m.group())
    raise SchemaError(f"not an integer: {value!r}")


def _as_str(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise SchemaError(f"not text: {value!r}")


def _as_str_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [] if value.strip().lower() in _EMPTY_TEXT else [value.strip()]
    if isinstance(value, list):
        out = [v.strip() for v in value if isinstance(v, str) and v.strip().lower() not in _EMPTY_TEXT]
        return out
    raise SchemaError(f"not a list of texts: {value!r}")


def _as_int_list(value: Any) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str):
        return [int(x) for x in re.findall(r"-?\d+", value)]
    if isinstance(value, list):
        return [_as_int(v) for v in value]
    return [_as_int(value)]


def _as_letter(value: Any, n_options: int | None) -> tuple[str, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        token = str(value)
    elif isinstance(value, str) and (m := _LETTER.match(value.strip())):
        token = m.group(1)
    else:
        raise SchemaError(f"not an option letter: {value!r}")
    index = int(token) - 1 if token.isdigit() else ord(token.upper()) - ord("A")
    if index < 0 or (n_options is not None and index >= n_options):
        raise SchemaError(f"option {value!r} is not one of the {n_options} options")
    return chr(ord("A") + index), index


def _as_enum(value: Any, spec: dict[str, Any]) -> str:
    allowed = {str(v).lower(): str(v) for v in spec.get("values", [])}
    key = _as_str(value).lower().replace(" ", "_").replace("-", "_")
    if key in allowed:
        return allowed[key]
    # Accept a value given with its category prefix missing or added ("memory_contradictions").
    matches = [v for k, v in allowed.items() if k.endswith("_" + key) or key.endswith("_" + k)]
    if len(matches) == 1:
        return matches[0]
    raise SchemaError(f"{value!r} is not one of {sorted(allowed.values())}")


_PLAIN_TYPES: dict[str, Any] = {
    "bool": _as_bool,
    "int": _as_int,
    "str": _as_str,
    "list[str]": _as_str_list,
    "list[int]": _as_int_list,
}


def coerce_field(value: Any, spec: dict[str, Any], n_options: int | None = None) -> Any:
    """``value`` converted to the spec's type; SchemaError when impossible."""
    kind = spec.get("type", "str")
    if kind == "float":
        return _as_float(value, spec)
    if kind == "letter":
        return _as_letter(value, n_options)
    if kind == "enum":
        return _as_enum(value, spec)
    if kind not in _PLAIN_TYPES:
        raise SchemaError(f"unknown field type {kind!r}")
    return _PLAIN_TYPES[kind](value)


def validate(
    data: dict[str, Any], schema: dict[str, dict[str, Any]], *, n_options: int | None = None
) -> tuple[dict[str, Any], list[str]]:
    """Coerced copy of ``data`` (unknown keys kept as they are) and notes on what was repaired."""
    lowered = {str(k).strip().lower().replace(" ", "_"): v for k, v in data.items()}
    out: dict[str, Any] = dict(data)
    notes: list[str] = []
    for name, spec in schema.items():
        required = spec.get("required", True)
        value = data[name] if name in data else lowered.get(name)
        if value is None or (isinstance(value, str) and not value.strip() and spec.get("type") != "str"):
            if required:
                raise SchemaError(f"the answer has no {name!r}")
            out[name] = empty_value(spec)
            continue
        try:
            if spec.get("type") == "objects":
                out[name], dropped = _validate_objects(value, spec.get("items", {}), n_options)
                if dropped:
                    notes.append(f"{dropped} malformed item(s) in {name!r} were dropped")
            elif spec.get("type") == "letter":
                out[name], out[f"{name}_index"] = coerce_field(value, spec, n_options)
            else:
                out[name] = coerce_field(value, spec, n_options)
        except SchemaError as exc:
            if required:
                raise SchemaError(f"{name!r}: {exc}") from None
            out[name] = empty_value(spec)
            notes.append(f"unusable {name!r} ignored ({exc})")
    return out, notes


def _validate_objects(value: Any, items: dict[str, dict[str, Any]], n_options: int | None) -> tuple[list[dict], int]:
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise SchemaError(f"not a list of objects: {value!r}")
    kept, dropped = [], 0
    for item in value:
        if not isinstance(item, dict):
            dropped += 1
            continue
        try:
            kept.append(validate(item, items, n_options=n_options)[0])
        except SchemaError:
            dropped += 1
    return kept, dropped


def check_schema(schema: Any, where: str) -> None:
    """Raise ValueError when a prompt file's ``output_schema`` is itself malformed."""
    if not isinstance(schema, dict) or not schema:
        raise ValueError(f"{where}: output_schema must be a non-empty mapping")
    for name, spec in schema.items():
        if not isinstance(spec, dict) or spec.get("type") not in TYPES:
            raise ValueError(f"{where}: field {name!r} needs a type among {sorted(TYPES)}")
        if spec["type"] == "enum" and not spec.get("values"):
            raise ValueError(f"{where}: enum field {name!r} needs values")
        if spec["type"] == "objects":
            check_schema(spec.get("items"), f"{where}.{name}")
