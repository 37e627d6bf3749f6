"""Mentions, aliases, pronouns and clustering: who is who in a story.

``resolver`` is today's one-pass heuristic resolver (names, nominals, pronouns; MiniLM for nominal
matching); ``mentions`` holds the records it returns; ``gender`` guesses a first name's gender.
"""

from worldstate.extract.coref.mentions import Coreference, MentionInfo
from worldstate.extract.coref.resolver import NOT_OBJECTS, resolve

__all__ = ["NOT_OBJECTS", "Coreference", "MentionInfo", "resolve"]
