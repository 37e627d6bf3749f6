"""Quoted I/you and the speech layer: a quote whose speaker (or single addressee) the speech extractor
found decides who its "I" (or "you") is, over the mention ranker's link.

With ``YOU_APART`` (off), a quoted "you" that the ranker put in the speaker's own entity, in a quote whose
addressee is not known (none found, or more than one), is taken out and left unresolved: the speaker is
seldom the one addressed (LitBank dev, in-sample: 24 of 32 such "you" belong to someone else). It is off
because LitBank counts each such pronoun as one more cluster of its character: by document-level 5-fold CV
on the dev half, conll 0.6946 and 4.171 clusters per character with it, 0.6950 and 4.123 without (before
the narrator's names called in quotes had to be PERSON names)
(merged documents 0.667 either way).

``SURE_YOU_APART`` (on) does it only in quotes whose speaker is sure (a speech verb gave it, or the speaker
ranker chose it with probability ``SURE``; ``Speech.rule`` and ``Speech.confidence``): there a "you" in
the speaker's own cluster is surely misplaced, while a guessed speaker says little about it. With it (and
the voice rule of :mod:`worldstate.extract.speech`), by document-level 5-fold CV on the dev half: conll
0.6954, 3.944 clusters per character, merged documents 0.632 (main before: 0.697, 3.92, 0.63; not
measured apart).
"""

from __future__ import annotations

import bisect
from typing import Any

from worldstate.extract.coref.mentions import Coreference, MentionInfo
from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import lexicon
from worldstate.state import Entity

YOU_APART = False  # LitBank dev, 5-fold CV: on 0.6946 conll, 4.171 clusters per character; off 0.6950, 4.123
SURE_YOU_APART = True  # the same, only in quotes whose speaker is sure (:func:`sure_speaker`); see the docstring
SURE = 0.8  # the speaker ranker's probability from which a speech's speaker counts as sure


def sure_speaker(speech: Any) -> bool:
    """Whether a speech's speaker is sure: a speech verb gave it (and the speaker ranker, when it ran,
    agreed with probability ``SURE``), or the ranker chose it with that probability."""
    confidence = getattr(speech, "confidence", None)
    if getattr(speech, "rule", "") == "verb":
        return confidence is None or confidence >= SURE
    return confidence is not None and confidence >= SURE


def _take_out(info: MentionInfo, entities: dict[str, Entity]) -> None:
    old = entities.get(info.mention.entity or "")
    if old is not None and info.mention.id in old.mentions:
        old.mentions.remove(info.mention.id)
    info.mention.entity = None


def detach_attributed(
    speeches: list[Any], coref: Coreference, entities: dict[str, Entity], doc: ParsedDoc
) -> list[MentionInfo]:
    """Quoted I/me/my in a quote with a speaker, and you/your in one with a single addressee, taken out of
    the entity the ranker gave them (to be linked by ``speech.link_quote_pronouns``); returns them. A
    quoted you/your in its own speaker's entity, with no single addressee, is taken out and left unresolved
    (noted in ``coref.unresolved``)."""
    lex = lexicon()
    starts = [s.span.start for s in speeches]
    out = []
    for info in coref.infos:
        tok = doc.tokens[info.head]
        if not tok.in_quote or info.mention.entity is None:
            continue
        k = bisect.bisect_right(starts, info.mention.span.start) - 1
        if k < 0 or not speeches[k].span.contains(info.mention.span):
            continue
        speech = speeches[k]
        second = tok.low in lex.second
        target = (
            speech.speaker
            if tok.low in lex.first_singular
            else speech.addressees[0]
            if second and len(speech.addressees) == 1
            else None
        )
        apart = YOU_APART or (SURE_YOU_APART and sure_speaker(speech))
        if apart and second and not target and speech.speaker and info.mention.entity == speech.speaker:
            _take_out(info, entities)
            coref.unresolved.append(
                f"{info.mention.text!r} in the quote of sentence {speech.sentence + 1}: whom the speaker addresses"
            )
            continue
        if not target or target == info.mention.entity:
            continue
        _take_out(info, entities)
        out.append(info)
    return out
