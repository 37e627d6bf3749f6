"""Which deed tallies a count question asks for: those whose verb the question's own words name.

A deed tally (:mod:`worldstate.extract.timeline.deeds`, key ``"branch break by-self"``) counts what a
character did to things; "How many branches has he broken off?" with the counted things told as
"branches broken from the trees" asks for the tally of "break", not for the branches he saw or carried.
The question's words are lemmatised with the world's own parser, so "broken" finds "break".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from worldstate.extract.timeline.deeds import deed_verb

if TYPE_CHECKING:
    from worldstate.state.timeline import StateInterval


def asked_deeds(counts: Iterable[StateInterval], words: str, lemmas: Callable[[str], set[str]]) -> list[StateInterval]:
    """``counts`` less the deed tallies whose verb is not among the lemmas of ``words`` (the question's
    description of what is counted); other counts pass as they are."""
    kept: list[StateInterval] = []
    wanted: set[str] | None = None
    for s in counts:
        verb = deed_verb(s.key)
        if verb is not None:
            wanted = lemmas(words) if wanted is None else wanted
            if verb not in wanted:
                continue
        kept.append(s)
    return kept


def lemmas_with(nlp: Callable[[str], Iterable[object]]) -> Callable[[str], set[str]]:
    """A lemmatiser over a spaCy pipeline: text → the lower-cased lemmas of its words."""
    return lambda text: {str(getattr(t, "lemma_", "")).lower() for t in nlp(text)}
