"""From a story to its world state: entities, events, propositions, speech, scenes and knowledge.

Import-light: the parsers and models load inside :func:`extract_world_state`.
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
    if (settings.language or story.language) == "zh":
        return None
    from worldstate.extract.builder import parse as parse_english

    return parse_english(story, settings)[0]


def extract(story: Story, settings: Settings) -> tuple[WorldState, ParsedDoc | None]:
    """Fill a complete :class:`WorldState` for ``story`` (English via spaCy or Stanza; Chinese via jieba)
    and return it with the parse it was built from (None for Chinese)."""
    language = settings.language or story.language
    if language == "zh":
        from worldstate.extract.chinese import extract_chinese

        story.language = "zh"
        return extract_chinese(story, settings), None
    from worldstate.extract.builder import extract_english

    return extract_english(story, settings)


def extract_world_state(story: Story, settings: Settings) -> WorldState:
    """The world state alone (see :func:`extract`)."""
    return extract(story, settings)[0]


def accessible(ws: WorldState, character_id: str, sentence_index: int, by: int | None = None) -> bool:
    """See :func:`worldstate.extract.knowledge.accessible`."""
    from worldstate.extract.knowledge import accessible as _accessible

    return _accessible(ws, character_id, sentence_index, by)
