"""Walks over a story's parsed sentences that several readers share: every token through one reader, the
characters named in the narration before a token, and the relations told before as facts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change

LOOK_BACK = 2  # sentences before a token searched for the character it may stand for


def each_token(views: list[SentenceView], read: Callable[[SentenceView, Token], Iterable[Change]]) -> list[Change]:
    """What ``read`` finds at every token of every sentence, in story order."""
    return [change for view in views for tok in view.doc for change in read(view, tok)]


def each_verb(
    view: SentenceView, wanted: Callable[[Token], bool], read: Callable[[SentenceView, Token], Iterable[Change]]
) -> list[Change]:
    """What ``read`` finds at every verb of one sentence that ``wanted`` accepts, in order."""
    return [change for tok in view.doc if tok.pos_ == "VERB" and wanted(tok) for change in read(view, tok)]


def factual_relations(changes: list[Change]) -> list[Change]:
    """The relations among ``changes`` told as facts, in story order."""
    return sorted(
        (c for c in changes if c.predicate == Predicate.RELATION and c.modality.factual),
        key=lambda c: (c.sentence, c.evidence.start),
    )


def characters_before(view: SentenceView, tok: Token, not_this: str | None) -> Iterator[str]:
    """The characters other than ``not_this`` named by a noun in the narration (not in speech) before
    ``tok``, nearest first: in its own sentence, then the ``LOOK_BACK`` sentences before it."""
    scope = [(view, t) for t in reversed(view.doc[: tok.i])]
    before = view.previous
    for _ in range(LOOK_BACK):  # a quote the splitter made a sentence of its own is skipped over
        if before is None:
            break
        scope += [(before, t) for t in reversed(before.doc)]
        before = before.previous
    for where, word in scope:
        if word.pos_ not in ("NOUN", "PROPN") or where.story.speaker_at(where.offset + word.idx)[0]:
            continue
        ent = where.ent(word)
        if ent and ent != not_this and where.kind(ent) == "character":
            yield ent
