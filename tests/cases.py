"""Stories and case tables that tests keep as data (``tests/data/cases/*.yaml``) rather than as code.

A story is a list of sentences (the YAML comments number them from 0), joined with single spaces;
a table is a list of rows (mappings of the test's argument names), run by :func:`parametrize`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

CASES = Path(__file__).parent / "data" / "cases"


@cache
def _load(file: str) -> dict[str, Any]:
    return yaml.safe_load((CASES / f"{file}.yaml").read_text(encoding="utf-8"))


def story(file: str, name: str) -> str:
    """The story ``name`` of ``tests/data/cases/<file>.yaml``: its sentences joined with spaces."""
    return " ".join(_load(file)["stories"][name])


def parametrize(file: str, name: str) -> pytest.MarkDecorator:
    """``pytest.mark.parametrize`` over the table ``name`` of ``tests/data/cases/<file>.yaml``: a row is a
    mapping, its keys the test's argument names (the same keys in every row)."""
    rows = _load(file)["tables"][name]
    fields = tuple(rows[0])
    if any(tuple(row) != fields for row in rows):
        raise ValueError(f"{file}.yaml, table {name}: every row needs the keys {fields}")
    return pytest.mark.parametrize(fields, [tuple(row.values()) for row in rows])


def parametrize_named(file: str, name: str) -> pytest.MarkDecorator:
    """``pytest.mark.parametrize`` over the mapping ``name`` of ``tests/data/cases/<file>.yaml``: case name →
    row (a mapping of the test's argument names, the same keys in every row); the case name is the test's id."""
    rows: dict[str, dict[str, Any]] = _load(file)[name]
    fields = tuple(next(iter(rows.values())))
    if any(tuple(row) != fields for row in rows.values()):
        raise ValueError(f"{file}.yaml, {name}: every case needs the keys {fields}")
    return pytest.mark.parametrize(fields, [pytest.param(*row.values(), id=case) for case, row in rows.items()])
