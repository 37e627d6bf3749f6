"""Mentions, aliases, pronouns and clustering: who is who in a story.

``resolver`` runs a one-pass heuristic resolver (names, nominals, pronouns; MiniLM for nominal
matching) and re-clusters its mentions with the learned mention ranker (``ranker``, pair features in
``features``); ``mentions`` holds the records it returns; ``gender`` guesses a first name's gender;
``characters`` lists the characters (name, aliases, mention count).
"""

from worldstate.extract.coref.mentions import Coreference, MentionInfo
from worldstate.extract.coref.ranker import ranker_for
from worldstate.extract.coref.resolver import NOT_OBJECTS, resolve

__all__ = ["NOT_OBJECTS", "Coreference", "MentionInfo", "ranker_for", "resolve"]
