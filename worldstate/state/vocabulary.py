"""The proposition vocabulary shared by the extractors (which write it) and the reasoner (which checks it).

A ``Proposition`` is ``(subject, predicate, value, polarity)`` holding from ``valid_from`` (a sentence
index) until ``valid_to`` or until changed. ``subject`` is an Entity id when resolved. Values are
strings; numbers are written in digits; entity-valued relations use the Entity id.
"""

from __future__ import annotations

# predicate → meaning of its value
PREDICATES: dict[str, str] = {
    "is": "an adjective lemma describing the subject (hot, cold, red, blind, young, rich, asleep)",
    "is_a": "a noun lemma the subject is (a king, a wolf, a widow, a soldier)",
    "alive": "'true' or 'false' (died, was killed, dead → false; born, alive, lives → true)",
    "location": "where the subject is: a place Entity id, or the place's text when unresolved",
    "name": "the subject's proper name ('his name was Hans', 'called Rumpelstiltskin')",
    "title": "a title or rank (king, queen, princess, captain)",
    "age": "age in years, digits",
    "count": "how many: value is digits; the counted noun lemma is in the predicate as 'count:<noun>'",
    "has": "possession: an object Entity id or the object's noun lemma",
    "married_to": "an Entity id",
    "parent_of": "an Entity id",
    "child_of": "an Entity id",
    "sibling_of": "an Entity id",
    "time": "an absolute time expression, normalised lower-case ('monday', 'midnight', '1890', 'winter')",
    "duration": "an elapsed duration in days, digits (fractions allowed: '0.5')",
    "able": "a verb lemma the subject can do ('fly', 'see', 'speak'); polarity False for cannot",
}

# Predicates whose value the subject can have only one of at a time.
FUNCTIONAL = frozenset({"alive", "location", "name", "age", "married_to", "time"})


def count_predicate(noun_lemma: str) -> str:
    """The predicate for counting ``noun_lemma`` (``count:son``)."""
    return f"count:{noun_lemma}"


def base_predicate(predicate: str) -> str:
    """``count:son`` → ``count``; other predicates unchanged."""
    return predicate.split(":", 1)[0]
