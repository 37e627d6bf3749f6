"""spaCy backend: parse a story in paragraph chunks with ``nlp.pipe`` into a :class:`ParsedDoc`.

The parser reads each chunk with its wrapping line breaks as spaces (``unwrap_lines``: same offsets), so a
hard-wrapped line that starts with a capital does not start a sentence; its sentences are the story's one split.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from worldstate.config import Settings
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.resources.models import load_spacy
from worldstate.state import Story
from worldstate.state.text import unwrap_lines

if TYPE_CHECKING:
    import spacy.tokens

CHUNK_CHARS = 4000  # paragraphs are cut at the rule-based sentence split into chunks of about this size
BATCH_SIZE = 32


def chunks(story: Story, max_chars: int = CHUNK_CHARS) -> list[tuple[int, int]]:
    """(start, end) character ranges: whole paragraphs, long ones cut at rule-based sentence ends."""
    out: list[tuple[int, int]] = []
    by_para: dict[int, list[tuple[int, int]]] = {}
    for sent in story.sentences:
        by_para.setdefault(sent.paragraph, []).append((sent.span.start, sent.span.end))
    for para in story.paragraphs:
        sents = by_para.get(para.index) or [(para.span.start, para.span.end)]
        start = sents[0][0]
        end = start
        for s, e in sents:
            if e - start > max_chars and end > start:
                out.append((start, end))
                start = s
            end = e
        out.append((start, max(end, para.span.end)))
    return out


def parse_spacy(story: Story, settings: Settings) -> tuple[ParsedDoc, list[tuple[int, int]], str]:
    """Parse ``story``; returns the doc, the parser's sentence spans and the pipeline name."""
    nlp = load_spacy(settings)
    ranges = chunks(story)
    doc = ParsedDoc()
    spans: list[tuple[int, int]] = []
    texts = (unwrap_lines(story.text[s:e]) for s, e in ranges)  # a wrapped line is one sentence going on
    parsed: list[tuple[int, spacy.tokens.Doc]] = []
    for (offset, _end), sdoc in zip(ranges, nlp.pipe(texts, batch_size=BATCH_SIZE), strict=True):
        _append(doc, sdoc, offset, spans)
        parsed.append((offset, sdoc))
    doc.chunks = parsed  # kept on the parse layer: the task heads slice these instead of parsing again
    doc.finish()
    name = f"{nlp.meta.get('lang', 'en')}_{nlp.meta.get('name', '?')}-{nlp.meta.get('version', '?')}"
    return doc, spans, name


def _append(doc: ParsedDoc, sdoc: spacy.tokens.Doc, offset: int, spans: list[tuple[int, int]]) -> None:
    """Our tokens for ``sdoc`` (whitespace tokens dropped, head indices remapped to ours), in one pass."""
    base = len(doc.tokens)
    kept = [tok for tok in sdoc if not tok.is_space]
    index = {tok.i: base + k for k, tok in enumerate(kept)}  # spaCy indices count whitespace tokens
    morphs: dict[int, dict[str, str]] = {}
    for k, tok in enumerate(kept):
        text, start = tok.text, offset + tok.idx
        morph = tok.morph
        features = morphs.get(morph.key)
        if features is None:
            features = morphs[morph.key] = morph.to_dict()
        doc.tokens.append(
            Token(
                i=base + k,
                text=text,
                start=start,
                end=start + len(text),
                lemma=tok.lemma_.lower() or tok.lower_,
                pos=tok.pos_,
                dep=tok.dep_,
                head=index.get(tok.head.i, base + k),
                tag=tok.tag_,
                ent_type=tok.ent_type_,
                ent_iob=tok.ent_iob_ or "O",
                morph=dict(features),
            )
        )
    for sent in sdoc.sents:
        spans.append((offset + sent.start_char, offset + sent.end_char))


def sentence_docs(chunks: list[tuple[int, spacy.tokens.Doc]], spans: list[tuple[int, int]]) -> list[Any]:
    """One spaCy Doc per (start, end) character span, cut from the chunk parses (``Span.as_doc``);
    None where it cannot be (the span crosses a chunk boundary, or there are no chunks)."""
    starts = [offset for offset, _ in chunks]
    ends = [offset + _text_length(sdoc) for offset, sdoc in chunks]  # ``Doc.text`` joins every token: once a chunk
    out: list[Any] = []
    for start, end in spans:
        k = bisect.bisect_right(starts, start) - 1
        if k < 0:
            out.append(None)
            continue
        offset, sdoc = chunks[k]
        if end > ends[k]:
            out.append(None)
            continue
        piece = sdoc.char_span(start - offset, end - offset, alignment_mode="expand")
        out.append(piece.as_doc() if piece is not None and len(piece) else None)
    return out


def _text_length(sdoc: Any) -> int:
    """``len(sdoc.text)`` without building the text: the last token's offset and length with its whitespace."""
    if not len(sdoc):
        return 0
    last = sdoc[-1]
    return last.idx + len(last.text_with_ws)
