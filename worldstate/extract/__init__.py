"""From a story to its world state: entities, events, propositions, speech, scenes and knowledge.

The extraction stages live in :mod:`worldstate.extract.builder` (English, spaCy or Stanza) and
:mod:`worldstate.extract.chinese`; :func:`worldstate.analysis.analyze` runs them. The functions here are
thin wrappers over ``analyze`` for callers that want the world state or the parse alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from worldstate.config import Settings
    from worldstate.extract.parsed import ParsedDoc
    from worldstate.state import Story, WorldState

__all__ = ["accessible", "extract", "extract_world_state", "parse"]


def parse(story: Story, settings: Settings) -> ParsedDoc | None:
    """The parse layer alone: the backend's parse of ``story`` (which takes the parser's sentence split);
    None for Chinese, which is segmented by jieba during extraction."""
    from worldstate.analysis import analyze

    return analyze(story, settings, layers="parse").parsed


def extract(story: Story, settings: Settings) -> tuple[WorldState, ParsedDoc | None]:
    """A complete :class:`WorldState` for ``story`` (English via spaCy or Stanza; Chinese via jieba) with the
    parse it was built from (None for Chinese): ``analyze(story, settings)``'s ``state`` and ``parsed``."""
    from worldstate.analysis import analyze

    world = analyze(story, settings)
    return world.state, world.parsed


def extract_world_state(story: Story, settings: Settings) -> WorldState:
    """The world state alone (see :func:`extract`)."""
    return extract(story, settings)[0]


def accessible(ws: WorldState, character_id: str, sentence_index: int, by: int | None = None) -> bool:
    """See :func:`worldstate.query.access.accessible` (a thin alias kept for users' scripts)."""
    from worldstate.query.access import accessible as _accessible

    return _accessible(ws, character_id, sentence_index, by)
