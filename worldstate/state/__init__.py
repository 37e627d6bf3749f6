"""The world-state model: story text, entities, events, propositions, knowledge, findings.

Nothing here imports spaCy, Z3 or torch; networkx is imported only by ``worldstate.state.graphs``.
"""

from worldstate.state.model import (
    Channel,
    Entity,
    EntityKind,
    Event,
    Evidence,
    Finding,
    Knowledge,
    Mention,
    MentionKind,
    Perception,
    Proposition,
    Source,
    Speech,
    WorldState,
)
from worldstate.state.serialize import SCHEMA_VERSION, SchemaError, from_json, to_json
from worldstate.state.text import Paragraph, Sentence, Span, Story

__all__ = [
    "SCHEMA_VERSION",
    "Channel",
    "Entity",
    "EntityKind",
    "Event",
    "Evidence",
    "Finding",
    "Knowledge",
    "Mention",
    "MentionKind",
    "Paragraph",
    "Perception",
    "Proposition",
    "SchemaError",
    "Sentence",
    "Source",
    "Span",
    "Speech",
    "Story",
    "WorldState",
    "from_json",
    "to_json",
]
