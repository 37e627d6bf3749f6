"""Detected mentions into the resolver: categories and full phrases for its mentions, and the entity kind
a category implies.

The resolver finds its mentions by its own rules (names, argument nominals, pronouns) and resolves them
on their short forms ("Darcy", "a hall"). :func:`merge_detected` gives each of them the category of the
detected mention with the same head and adds the detected mentions it lacks; :func:`widen` then gives every
mention the detected full phrase ("Mr. Darcy", "a hall inlaid with precious stones") once resolution is done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from worldstate.extract.mentions.detect import DetectedMention
from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import lexicon
from worldstate.state import EntityKind, MentionKind, Span

if TYPE_CHECKING:  # the resolver imports this module
    from worldstate.extract.coref.mentions import MentionInfo

PLACE_CATEGORIES = frozenset({"FAC", "GPE", "LOC"})
KINDS = {"name": MentionKind.NAME, "nominal": MentionKind.NOMINAL, "pronoun": MentionKind.PRONOUN}

MakeInfo = Callable[[int, int, MentionKind, int], "MentionInfo"]


def category_kind(category: str, plural: bool = False) -> EntityKind | None:
    """The entity kind a LitBank category implies: PER → character (group when plural), FAC/GPE/LOC → place,
    VEH → object, ORG → group; None for no category."""
    if category == "PER":
        return EntityKind.GROUP if plural else EntityKind.CHARACTER
    if category in PLACE_CATEGORIES:
        return EntityKind.PLACE
    if category == "VEH":
        return EntityKind.OBJECT
    if category == "ORG":
        return EntityKind.GROUP
    return None


def title_only(doc: ParsedDoc, m: DetectedMention) -> bool:
    """A mention that is only a title ("Mr." inside "Mr. Darcy", which LitBank marks as a nested PER)."""
    titles = {t.rstrip(".") for t in lexicon().titles}
    return all(doc.tokens[i].low.rstrip(".") in titles for i in range(m.first, m.last))


def merge_detected(
    doc: ParsedDoc, infos: list[MentionInfo], detected: list[DetectedMention], make_info: MakeInfo
) -> tuple[list[MentionInfo], dict[int, DetectedMention], list[DetectedMention]]:
    """The resolver's candidates ``infos`` with the detected categories set, plus a candidate (built with
    ``make_info(first, last, kind, head)``) for every detected name or nominal whose head has none; also the
    detected mention of each candidate's head, and the detections left out of resolution (bare titles)."""
    by_head = {m.head: m for m in detected}
    by_info_head = {info.head for info in infos}
    used: dict[int, DetectedMention] = {}
    left_out: list[DetectedMention] = []
    taken = {t for info in infos for t in range(info.first, info.last)}
    for m in detected:
        if m.head in by_info_head or m.kind == "pronoun":
            continue
        if title_only(doc, m) or (m.kind == "name" and m.head in taken):
            left_out.append(m)
            continue
        info = make_info(m.first, m.last, KINDS[m.kind], m.head)
        infos.append(info)
    for info in infos:
        m = by_head.get(info.head)
        if m is not None:
            info.mention.category = m.category
            used[info.head] = m
    return infos, used, left_out


def widen(doc: ParsedDoc, text: str, infos: list[MentionInfo], used: dict[int, DetectedMention]) -> None:
    """Give each resolved mention the detected phrase of its head (its span, text and token range)."""
    for info in infos:
        m = used.get(info.head)
        if m is None or (m.first, m.last) == (info.first, info.last):
            continue
        start, end = doc.tokens[m.first].start, doc.tokens[m.last - 1].end
        info.mention.span = Span(start, end)
        info.mention.text = text[start:end]
        info.first, info.last = m.first, m.last
