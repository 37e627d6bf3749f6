"""From a story to its world state: entities, events, propositions, speech, scenes and knowledge.

Import-light: the parsers and models load inside :func:`extract_world_state`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from worldstate.config import Settings
    from worldstate.state import Story, WorldState

__all__ = ["accessible", "extract_world_state"]


def extract_world_state(story: Story, settings: Settings) -> WorldState:
    """Fill a complete :class:`WorldState` for ``story`` (English via spaCy or Stanza; Chinese via jieba)."""
    language = settings.language or story.language
    if language == "zh":
        from worldstate.extract.chinese import extract_chinese

        story.language = "zh"
        return extract_chinese(story, settings)
    from worldstate.extract.builder import extract_english

    return extract_english(story, settings)


def accessible(ws: WorldState, character_id: str, sentence_index: int, by: int | None = None) -> bool:
    """See :func:`worldstate.extract.knowledge.accessible`."""
    from worldstate.extract.knowledge import accessible as _accessible

    return _accessible(ws, character_id, sentence_index, by)
