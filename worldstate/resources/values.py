"""The timeline's value vocabulary: how its states are written, shared by the extractors that write them
and the rules that read them.

- :data:`DESCRIBED`: the subject prefix of a noun phrase's description ("described:log" with
  ``desc=tiny``), never taken for a character's id;
- :data:`MARRIED`: the ``value_text`` of a marriage told by a verb (the timeline rule one-spouse reads it);
- :func:`opposed_descriptions`: whether two describing adjectives contradict each other (the antonym
  lexicon of the built-in rule packs, with the extra story antonyms of ``data/patterns.yaml``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.resources.words import words

if TYPE_CHECKING:
    from worldstate.reason.lexicon import Lexicon

DESCRIBED = "described:"  # subject prefix of a description's noun lemma: never taken for a character's id
MARRIED = "married"  # value_text of a marriage told by a verb (the timeline rule one-spouse reads it)


@lru_cache(maxsize=1)
def description_lexicon() -> Lexicon:
    """The antonym lexicon of the built-in reason packs (``opposed``, ``knows``)."""
    from worldstate.reason.lexicon import build_lexicon
    from worldstate.reason.packs import load_packs

    return build_lexicon(load_packs(()))


def opposed_descriptions(a: str, b: str) -> bool:
    """True when adjectives ``a`` and ``b`` sit on opposite sides of one opposition (the packs' lexicon or
    the extra story antonyms of ``patterns.yaml``)."""
    if description_lexicon().opposed(a, b) is not None:
        return True
    return any((a in x and b in y) or (a in y and b in x) for x, y in words().extra_oppositions)
