"""Learned mention detection with LitBank entity categories.

``detect_mentions(doc) -> list[DetectedMention]``: every name and nominal phrase of a :class:`ParsedDoc`
with its head token and category (PER/FAC/GPE/LOC/VEH/ORG), plus personal pronouns. Candidates are the
noun phrases of the parse (``candidates``), described by hashed sparse features (``features``) and typed by
a multinomial logistic regression (``model``, weights in ``data/mention_model.npz``, fitted by
``worldstate bench tune litbank-entities``); ``detect`` keeps one span per head.
"""

from worldstate.extract.mentions.detect import DetectedMention, detect_mentions
from worldstate.extract.mentions.model import CATEGORIES, MentionModel, load_model

__all__ = ["CATEGORIES", "DetectedMention", "MentionModel", "detect_mentions", "load_model"]
