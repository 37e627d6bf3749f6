"""Output records: FlawedFictions upstream fields per item, and a provenance record per candidate."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from worldstate.data import read_text
from worldstate.files import atomic_write_text

NA = "NA"


@lru_cache(maxsize=1)
def explanation_templates() -> dict[str, str]:
    text = read_text("make", "data/explanations.yaml")
    return {str(k): str(v) for k, v in yaml.safe_load(text).items()}


def explain(kind: str, **fields: str) -> str:
    return explanation_templates()[kind].format(**fields)


@dataclass
class Item:
    """One FlawedFictions record (upstream field names and string labels)."""

    story: str
    cont_error: str
    cont_error_expl: str
    cont_error_lines: str
    contradicted_lines: str
    example_id: str


def positive(story: str, explanation: str, error_lines: list[str], contradicted: list[str], example_id: str) -> Item:
    return Item(story, "1.0", explanation, "\n".join(error_lines), "\n".join(contradicted), example_id)


def negative(story: str, example_id: str) -> Item:
    return Item(story, "0.0", NA, NA, NA, example_id)


def jsonl(file_name: str, *, name: str = "", optional: bool = False) -> dict[str, Any]:
    """The field metadata of a list of a :class:`JsonlSet` that is written to ``file_name``; ``write`` returns its
    path under ``name`` (default: the field's name); an ``optional`` list is written only when it has rows."""
    return {"jsonl": (file_name, name, optional)}


class JsonlSet:
    """Made rows written as JSON lines: every list field of the dataclass with :func:`jsonl` metadata to its own file."""

    def row(self, name: str, item: Any) -> Any:
        """The JSON row of one item of list ``name``: a dataclass as a dict, anything else as it is."""
        return asdict(item) if is_dataclass(item) and not isinstance(item, type) else item

    def write(self, out_dir: str | Path) -> dict[str, Path]:
        """Write every list into its file, atomically; the paths by name."""
        files = {}
        for f in fields(self):
            if "jsonl" not in f.metadata:
                continue
            file_name, name, optional = f.metadata["jsonl"]
            items = getattr(self, f.name)
            if items or not optional:
                name = name or f.name
                files[name] = (file_name, [self.row(name, item) for item in items])
        return write_jsonl(out_dir, files)


@dataclass
class MadeSet(JsonlSet):
    """Everything one run makes: the judge-filtered set, the unfiltered set, and provenance."""

    filtered: list[Item] = field(default_factory=list, metadata=jsonl("flawed.jsonl", name="flawed"))
    unfiltered: list[Item] = field(default_factory=list, metadata=jsonl("flawed_unfiltered.jsonl"))
    provenance: list[dict[str, Any]] = field(default_factory=list, metadata=jsonl("provenance.jsonl"))


def write_jsonl(out_dir: str | Path, files: dict[str, tuple[str, Iterable[Any]]]) -> dict[str, Path]:
    """Write each ``name: (file name, rows)`` of ``files`` into ``out_dir`` as JSON lines, atomically; the
    paths by name."""
    paths = {name: Path(out_dir) / file_name for name, (file_name, _) in files.items()}
    for name, (_, rows) in files.items():
        atomic_write_text(paths[name], _jsonl(rows))
    return paths


def _jsonl(rows: Any) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
