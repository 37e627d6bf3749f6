"""Quoted I/you and the speech layer: a quote whose speaker (or single addressee) the speech extractor
found decides who its "I" (or "you") is, over the mention ranker's link."""

from __future__ import annotations

import bisect
from typing import Any

from worldstate.extract.coref.mentions import Coreference, MentionInfo
from worldstate.extract.lexicon import lexicon
from worldstate.extract.parsed import ParsedDoc
from worldstate.state import Entity


def detach_attributed(
    speeches: list[Any], coref: Coreference, entities: dict[str, Entity], doc: ParsedDoc
) -> list[MentionInfo]:
    """Quoted I/me/my in a quote with a speaker, and you/your in one with a single addressee, taken out of
    the entity the ranker gave them (to be linked by ``speech.link_quote_pronouns``); returns them."""
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
        target = (
            speech.speaker
            if tok.low in lex.first_singular
            else speech.addressees[0]
            if tok.low in lex.second and len(speech.addressees) == 1
            else None
        )
        if not target or target == info.mention.entity:
            continue
        old = entities.get(info.mention.entity)
        if old is not None and info.mention.id in old.mentions:
            old.mentions.remove(info.mention.id)
        info.mention.entity = None
        out.append(info)
    return out
