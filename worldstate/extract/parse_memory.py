"""The spaCy parses of the most recent stories, kept so that later stages slice them instead of parsing again.

The extractor parses a story once, in paragraph chunks (``spacy_backend``). The task heads want one
spaCy ``Doc`` per sentence of their own sentence split; :func:`sentence_docs` cuts those out of the
remembered chunk parses (``Span.as_doc``), so a story is parsed once per process however many heads
read it. Only the last few stories are kept (a 100k-word story's parse is a few hundred MB).
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

    from worldstate.state import Span

KEEP = 2
_recent: OrderedDict[tuple[int, str], list[tuple[int, int, Doc]]] = OrderedDict()
_lock = threading.Lock()


def remember(nlp: Language, text: str, chunks: list[tuple[int, Doc]]) -> None:
    """Keep the parse of ``text``: (character offset of the chunk in ``text``, its Doc), in order."""
    with _lock:
        _recent[(id(nlp), text)] = [(offset, offset + len(doc.text), doc) for offset, doc in chunks]
        _recent.move_to_end((id(nlp), text))
        while len(_recent) > KEEP:
            _recent.popitem(last=False)


def forget() -> None:
    """Drop every remembered parse."""
    with _lock:
        _recent.clear()


def sentence_docs(nlp: Language, text: str, spans: list[Span]) -> list[Doc | None]:
    """One Doc per span of ``text`` cut from its remembered parse; None where it cannot be (not
    remembered, or the span crosses a chunk boundary)."""
    with _lock:
        chunks = _recent.get((id(nlp), text))
    if not chunks:
        return [None] * len(spans)
    starts = [offset for offset, _, _ in chunks]
    out: list[Doc | None] = []
    for span in spans:
        k = bisect.bisect_right(starts, span.start) - 1
        if k < 0:
            out.append(None)
            continue
        offset, end, doc = chunks[k]
        if span.end > end:
            out.append(None)
            continue
        piece = doc.char_span(span.start - offset, span.end - offset, alignment_mode="expand")
        out.append(piece.as_doc() if piece is not None and len(piece) else None)
    return out
