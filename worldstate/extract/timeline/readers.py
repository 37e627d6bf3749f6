"""Running a sentence's token readers: each reader reads one token of a sentence into state changes.

:mod:`.patterns` and :mod:`.inferred` each name which readers a token gets (by its part of speech);
:func:`read_tokens` runs them over the sentence, token by token, and lists the changes in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token

Reader = Callable[[SentenceView, Token], Iterable[Change]]
VERB_TAGS = ("VERB", "AUX")
NOUN_TAGS = ("NOUN", "PROPN")


def read_tokens(view: SentenceView, readers_of: Callable[[SentenceView, Token], Sequence[Reader]]) -> list[Change]:
    """The changes of every token of ``view``'s sentence: ``readers_of(view, token)`` read in turn."""
    out: list[Change] = []
    for tok in view.doc:
        for reader in readers_of(view, tok):
            out += reader(view, tok)
    return out
