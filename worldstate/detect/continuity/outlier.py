"""A recurring thing described once with the opposite adjective ("the little kid" … "the big kid").

When the story keeps calling a thing by the same noun with one adjective, and a single later
mention gives it an adjective the reasoner's lexicon opposes (antonyms, exclusive colours or sizes),
that lone mention contradicts the established description. Two things told apart by the
adjectives ("the big dog and the little dog" in one sentence) are left alone.

Off by default (``outlier.enabled`` in ``data/knowledge/continuity.yaml``): on the development
set it found planted errors but raised more false alarms on the unmodified stories than it found.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from worldstate.detect.continuity.lexicon import continuity_finding, lexicon
from worldstate.detect.storyview import StoryView
from worldstate.reason.lexicon import Lexicon, build_lexicon
from worldstate.reason.packs import load_packs
from worldstate.state import Finding


@lru_cache(maxsize=4)
def _opposites(rules: tuple[str, ...]) -> Lexicon:
    return build_lexicon(load_packs(list(rules)))


def noun_adjectives(view: StoryView) -> dict[str, list[tuple[int, str]]]:
    """Head-noun lemma → [(sentence, adjective lemma)] for every adjective modifying it."""
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    skip = set(lexicon()["outlier"]["skip_adjectives"])
    for i, doc in enumerate(view.docs):
        for tok in doc:
            if tok.dep_ == "amod" and tok.pos_ == "ADJ" and tok.head.pos_ == "NOUN" and tok.lower_ not in skip:
                found[tok.head.lemma_.lower()].append((i, tok.lemma_.lower()))
    return found


def _first_contradiction(
    counts: dict[str, list[int]], opposites: Lexicon, min_established: int, min_gap: int
) -> tuple[int, int, str, str] | None:
    """(error, contradicted, usual adjective, odd adjective) for the earliest contradicting mention.

    Two opposed adjectives A and B on one noun contradict when they never share a sentence and
    either every A comes before every B (the description switches) or B is said once after A was
    said at least ``min_established`` times (B is an outlier). Neighbouring sentences (closer than
    ``min_gap``) often contrast two of a kind ("the poor brother … the rich brother"), so they do not count.
    """
    best: tuple[int, int, str, str] | None = None
    ageing = lexicon()["outlier"]["ageing"]
    for odd, odd_at in counts.items():
        for usual, usual_at in counts.items():
            before = [s for s in usual_at if s < odd_at[0]]
            if (
                not before
                or odd_at[0] - before[-1] < min_gap
                or set(odd_at) & set(usual_at)
                or opposites.opposed(odd, usual) is None
            ):
                continue
            if usual in ageing["young"] and odd in ageing["old"]:
                continue  # growing old is a change, not a contradiction
            switch = max(usual_at) < odd_at[0]
            outlier = len(odd_at) == 1 and len(usual_at) >= min_established
            if (switch or outlier) and (best is None or odd_at[0] < best[0]):
                best = (odd_at[0], before[-1], usual, odd)
    return best


def outlier_conflicts(view: StoryView) -> list[Finding]:
    """One conflict per noun whose lone opposite adjective follows an established description."""
    params = lexicon()["outlier"]
    if not params["enabled"]:
        return []
    opposites = _opposites(tuple(view.settings.rules))
    conflicts = []
    for noun, mentions in noun_adjectives(view).items():
        if noun in params["skip_nouns"]:
            continue
        counts: dict[str, list[int]] = defaultdict(list)
        for sentence, adjective in mentions:
            counts[adjective].append(sentence)
        found = _first_contradiction(counts, opposites, int(params["min_established"]), int(params["min_gap"]))
        if found is None:
            continue
        error, contradicted, usual, odd = found
        conflicts.append(
            continuity_finding(
                view,
                error=error,
                contradicted=contradicted,
                subtype="description_outlier",
                explanation=(
                    f"The {noun} is '{usual}' (last in sentence {contradicted + 1}) but '{odd}' in sentence "
                    f"{error + 1}, and nothing tells two of them apart."
                ),
                confidence=float(params["confidence"]),
            )
        )
    return conflicts
