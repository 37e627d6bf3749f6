"""From a file or text to a world state: the one entry point the CLI and benchmarks share."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from worldstate.config import Settings
from worldstate.files import read_story_file
from worldstate.state import Story, WorldState


def story_from_text(text: str, *, source: str = "", settings: Settings | None = None) -> Story:
    settings = settings or Settings.from_env()
    return Story.from_text(text, source=source, language=settings.language or None)


def analyze_text(
    text: str, *, source: str = "", settings: Settings | None = None, prefetch_embeddings: bool = False
) -> WorldState:
    """Normalise ``text``, extract its world state and derive per-character knowledge.

    ``prefetch_embeddings``: embed the story's sentences in a background thread while the extractor
    parses (for callers that run the knowledge heads next; the embedder caches per text, so the heads
    then find them ready). Only a speed-up: a failure there is ignored and the heads embed as usual.
    """
    from worldstate.extract import extract_world_state

    settings = settings or Settings.from_env()
    story = story_from_text(text, source=source, settings=settings)
    prefetch = _prefetch(story, settings) if prefetch_embeddings else None
    try:
        return extract_world_state(story, settings)
    finally:
        if prefetch is not None:
            prefetch.join()


def _prefetch(story: Story, settings: Settings) -> threading.Thread:
    """Start embedding ``story``'s (rule-based) sentences, as the knowledge heads will ask for them."""
    sentences = [story.sentence_text(i) for i in range(len(story.sentences))]

    def run() -> None:
        from worldstate.extract.models import get_embedder

        with contextlib.suppress(Exception):  # only a speed-up: the heads embed again if this fails
            get_embedder(settings).encode(sentences)

    thread = threading.Thread(target=run, name="worldstate-embed-prefetch", daemon=True)
    thread.start()
    return thread


def analyze_file(path: str | Path, settings: Settings | None = None) -> WorldState:
    return analyze_text(read_story_file(path), source=str(path), settings=settings)
