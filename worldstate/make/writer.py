"""Output records: FlawedFictions upstream fields per item, and a provenance record per candidate."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
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


@dataclass
class MadeSet:
    """Everything one run makes: the judge-filtered set, the unfiltered set, and provenance."""

    filtered: list[Item] = field(default_factory=list)
    unfiltered: list[Item] = field(default_factory=list)
    provenance: list[dict[str, Any]] = field(default_factory=list)

    def write(self, out_dir: str | Path) -> dict[str, Path]:
        """Write ``flawed.jsonl``, ``flawed_unfiltered.jsonl`` and ``provenance.jsonl`` atomically."""
        return write_jsonl(
            out_dir,
            {
                "flawed": ("flawed.jsonl", (asdict(i) for i in self.filtered)),
                "unfiltered": ("flawed_unfiltered.jsonl", (asdict(i) for i in self.unfiltered)),
                "provenance": ("provenance.jsonl", self.provenance),
            },
        )


def write_jsonl(out_dir: str | Path, files: dict[str, tuple[str, Iterable[Any]]]) -> dict[str, Path]:
    """Write each ``name: (file name, rows)`` of ``files`` into ``out_dir`` as JSON lines, atomically; the
    paths by name."""
    paths = {name: Path(out_dir) / file_name for name, (file_name, _) in files.items()}
    for name, (_, rows) in files.items():
        atomic_write_text(paths[name], _jsonl(rows))
    return paths


def _jsonl(rows: Any) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
