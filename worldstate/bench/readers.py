"""Reading dataset files (JSON, JSONL, CSV, Parquet) with one clear error naming the file and line."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from worldstate.errors import InputError

STRAY_COMMA_HINT = (
    'the line holds a stray ", " (a known defect of the upstream storysumm.json at some commits, near line 1455); '
    "delete that token and run again"
)


def existing_file(path: Path) -> Path:
    """``path`` itself when it is a readable file, else an InputError."""
    if not path.exists():
        raise InputError(str(path), "no such file")
    if path.is_dir():
        raise InputError(str(path), "is a directory, expected a file")
    return path


def _decode(path: Path) -> str:
    try:
        return existing_file(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"not UTF-8 text (invalid byte at offset {exc.start})") from None


def read_json(path: Path) -> Any:
    """A whole JSON document; a syntax error names the line (and the StorySumm stray-comma defect if seen)."""
    text = _decode(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        problem = f"invalid JSON ({exc.msg}, column {exc.colno})"
        if _stray_comma_before(text, exc.pos):
            problem += f"; {STRAY_COMMA_HINT}"
        elif exc.pos >= len(text.rstrip()):
            problem += "; the file looks truncated"
        raise InputError(str(path), problem, exc.lineno) from None


def _stray_comma_before(text: str, pos: int) -> bool:
    """True when the parser stopped just after a bare ``", "`` token (e.g. ``"a", ", "b"``)."""
    return text[:pos].rstrip().endswith('", "') and not text[pos:].lstrip().startswith((",", "]", "}", ":"))


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """One JSON object per non-empty line; the first bad line is reported by number."""
    records: list[dict[str, Any]] = []
    for number, line in enumerate(_decode(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(str(path), f"invalid JSON line ({exc.msg}, column {exc.colno})", number) from None
        if not isinstance(record, dict):
            raise InputError(str(path), f"expected a JSON object, got {type(record).__name__}", number)
        records.append(record)
    if not records:
        raise InputError(str(path), "no records")
    return records


def read_csv(path: Path) -> list[dict[str, str]]:
    """Rows of a CSV file with a header, as dicts of strings."""
    text = _decode(path)
    try:
        rows = list(csv.DictReader(text.splitlines(keepends=True)))
    except csv.Error as exc:
        raise InputError(str(path), f"invalid CSV: {exc}") from None
    if not rows:
        raise InputError(str(path), "no rows")
    return rows


def read_csv_lines(path: Path) -> list[tuple[int, dict[str, str]]]:
    """Rows of a CSV file with a header, each with the line it starts on (cells may span lines)."""
    text = _decode(path)
    reader = csv.DictReader(text.splitlines(keepends=True))
    out = []
    try:
        reader.fieldnames  # noqa: B018 - reads the header, so line_num is where the first row starts
        start = reader.line_num + 1
        for row in reader:
            out.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise InputError(str(path), f"invalid CSV: {exc}", reader.line_num) from None
    if not out:
        raise InputError(str(path), "no rows")
    return out


def read_parquet(path: Path) -> list[dict[str, Any]]:
    """Rows of a Parquet file as dicts."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    existing_file(path)
    try:
        table = pq.read_table(path)
    except (pa.ArrowInvalid, OSError) as exc:
        raise InputError(str(path), f"not a readable Parquet file: {exc}") from None
    return table.to_pylist()


def read_json_rows(path: Path) -> list[dict[str, Any]]:
    """Rows of a .json file holding a list of objects."""
    data = read_json(path)
    if isinstance(data, list) and all(isinstance(r, dict) for r in data):
        return data
    raise InputError(str(path), "expected a JSON list of objects")


TABLE_READERS = {".parquet": read_parquet, ".csv": read_csv, ".jsonl": read_jsonl, ".json": read_json_rows}


def read_table(path: Path) -> list[dict[str, Any]]:
    """Rows of a .parquet, .jsonl/.json (list of objects) or .csv file, chosen by extension."""
    suffix = path.suffix.lower()
    if suffix not in TABLE_READERS:
        expected = ", ".join(TABLE_READERS)
        raise InputError(str(path), f"unsupported file type {suffix or '(none)'}: expected {expected}")
    return TABLE_READERS[suffix](path)


def require_columns(path: Path, rows: Iterable[dict[str, Any]], columns: Iterable[str], row_offset: int = 1) -> None:
    """Raise an InputError naming the missing columns (and the first row that lacks them)."""
    wanted = list(columns)
    for number, row in enumerate(rows, start=row_offset):
        missing = [c for c in wanted if c not in row]
        if missing:
            raise InputError(
                str(path),
                f"missing column(s) {', '.join(missing)}; found {', '.join(sorted(map(str, row))) or 'none'}",
                number,
            )
