"""From a file or text to a world state: the one entry point the CLI and benchmarks share."""

from __future__ import annotations

from pathlib import Path

from worldstate.config import Settings
from worldstate.files import read_story_file
from worldstate.state import Story, WorldState


def story_from_text(text: str, *, source: str = "", settings: Settings | None = None) -> Story:
    settings = settings or Settings.from_env()
    return Story.from_text(text, source=source, language=settings.language or None)


def analyze_text(text: str, *, source: str = "", settings: Settings | None = None) -> WorldState:
    """Normalise ``text``, extract its world state and derive per-character knowledge."""
    from worldstate.extract import extract_world_state

    settings = settings or Settings.from_env()
    return extract_world_state(story_from_text(text, source=source, settings=settings), settings)


def analyze_file(path: str | Path, settings: Settings | None = None) -> WorldState:
    return analyze_text(read_story_file(path), source=str(path), settings=settings)
