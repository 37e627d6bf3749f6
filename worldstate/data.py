"""The one loader for the data files that ship inside the package (rule packs, lexicons, prompts,
parameters, published tables): ``load_yaml("detect", "data/knowledge/cues.yaml")``.

Files are read once per process (they never change while it runs).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@lru_cache(maxsize=128)
def read_text(package: str, path: str) -> str:
    """The text of ``path`` inside ``worldstate.<package>`` (``package`` may be dotted: "detect.llm")."""
    return resources.files(f"worldstate.{package}").joinpath(path).read_text("utf-8")


def load_yaml(package: str, path: str) -> Any:
    """A YAML data file of the package, parsed (a fresh object each call: callers may change it)."""
    return yaml.safe_load(read_text(package, path))


def load_json(package: str, path: str) -> Any:
    """A JSON data file of the package, parsed (a fresh object each call)."""
    return json.loads(read_text(package, path))
