"""Stanza backend: a user's local Stanza models, converted into the same :class:`ParsedDoc` as spaCy.

Universal Dependencies labels are mapped to the spaCy (ClearNLP) names the extractors read:
``obj``→``dobj``, ``iobj``→``dative``, ``nsubj:pass``→``nsubjpass``, ``nmod:poss``→``poss``,
negating ``advmod``→``neg``, and an ``obl``/``nmod`` noun with a ``case`` preposition becomes
``prep`` (the preposition, attached to the verb) + ``pobj`` (the noun).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.extract.spacy_backend import chunks
from worldstate.state import Story
from worldstate.state.text import unwrap_lines

_DEP_MAP = {
    "obj": "dobj",
    "iobj": "dative",
    "nsubj:pass": "nsubjpass",
    "nmod:poss": "poss",
    "aux:pass": "auxpass",
    "root": "ROOT",
    "flat": "compound",
    "flat:name": "compound",
    "compound:prt": "prt",
    "obl:tmod": "npadvmod",
    "obl:npmod": "npadvmod",
    "acl:relcl": "relcl",
    "nummod": "nummod",
}


def load_pipeline(settings: Settings, lang: str = "en") -> Any:
    """``stanza.Pipeline`` from local models only; ConfigError when they are missing."""
    import stanza

    model_dir = settings.stanza_dir or str(Path.home() / "stanza_resources")
    if not Path(model_dir).is_dir():
        raise ConfigError(f"Stanza models not found in {model_dir!r} (set --stanza-dir or WORLDSTATE_STANZA_DIR)")
    try:
        return stanza.Pipeline(
            lang,
            dir=model_dir,
            processors="tokenize,pos,lemma,depparse,ner",
            download_method=None,
            logging_level="WARN",
            use_gpu=settings.stanza_gpu,
        )
    except Exception as exc:  # stanza raises plain Exceptions / FileNotFoundError for missing models
        raise ConfigError(f"cannot load Stanza models for {lang!r} from {model_dir!r}: {exc}") from None


def parse_stanza(story: Story, settings: Settings) -> tuple[ParsedDoc, list[tuple[int, int]], str]:
    """Parse ``story`` with Stanza; returns the doc, sentence spans and a backend name."""
    pipeline = load_pipeline(settings, story.language if story.language in ("en", "zh") else "en")
    doc = ParsedDoc()
    spans: list[tuple[int, int]] = []
    for start, end in chunks(story):
        sdoc = pipeline(unwrap_lines(story.text[start:end]))
        append_stanza_document(doc, sdoc, story.text, start, spans)
    doc.finish()
    return doc, spans, f"stanza-{getattr(pipeline, 'lang', 'en')}"


def append_stanza_document(
    doc: ParsedDoc, sdoc: Any, text: str, offset: int = 0, spans: list[tuple[int, int]] | None = None
) -> None:
    """Append a ``stanza.Document`` whose text starts at ``offset`` of ``text`` to ``doc``.

    Words without character offsets (documents read from CoNLL-U) are located by searching
    ``text`` left to right.
    """
    cursor = offset
    ents = _entity_ranges(sdoc, offset)
    for sent in sdoc.sentences:
        base = len(doc.tokens)
        words = list(sent.words)
        for word in words:
            start, end = _word_offsets(word, text, cursor, offset)
            cursor = end
            feats = dict(f.split("=", 1) for f in (word.feats or "").split("|") if "=" in f)
            doc.tokens.append(
                Token(
                    i=len(doc.tokens),
                    text=word.text,
                    start=start,
                    end=end,
                    lemma=(word.lemma or word.text).lower(),
                    pos=word.upos or "X",
                    dep=(word.deprel or "dep"),
                    head=base + word.head - 1 if word.head else base + word.id - 1,
                    tag=word.xpos or "",
                    morph=feats,
                )
            )
        mine = doc.tokens[base:]
        _map_dependencies(mine, base)
        for tok in mine:
            for e_start, e_end, label in ents:
                if e_start <= tok.start < e_end:
                    tok.ent_type = label
                    tok.ent_iob = "B" if tok.start == e_start else "I"
                    break
        if spans is not None and mine:
            spans.append((mine[0].start, mine[-1].end))


def _word_offsets(word: Any, text: str, cursor: int, offset: int) -> tuple[int, int]:
    token = getattr(word, "parent", None)
    start = getattr(word, "start_char", None) or getattr(token, "start_char", None)
    end = getattr(word, "end_char", None) or getattr(token, "end_char", None)
    if start is not None and end is not None and text[offset + start : offset + end] == word.text:
        return offset + start, offset + end
    found = text.find(word.text, cursor)
    if found < 0:
        return cursor, cursor
    return found, found + len(word.text)


def _entity_ranges(sdoc: Any, offset: int) -> list[tuple[int, int, str]]:
    out = []
    for ent in getattr(sdoc, "ents", []) or []:
        if ent.start_char is not None:
            out.append((offset + ent.start_char, offset + ent.end_char, ent.type))
    return out


def _map_dependencies(tokens: list[Token], base: int) -> None:
    """Rewrite UD labels and prepositional attachment into the spaCy scheme."""
    for tok in tokens:
        if tok.head == tok.i:
            tok.dep = "ROOT"
        elif tok.dep == "advmod" and (tok.morph.get("Polarity") == "Neg" or tok.low in ("not", "n't", "never")):
            tok.dep = "neg"
        else:
            tok.dep = _DEP_MAP.get(tok.dep, tok.dep.split(":")[0] if tok.dep.startswith(("obl", "nmod")) else tok.dep)
    for tok in tokens:
        if tok.dep not in ("obl", "nmod"):
            continue
        case = next((t for t in tokens if t.head == tok.i and t.dep == "case"), None)
        if case is None:
            tok.dep = "npadvmod" if tok.dep == "obl" else "nmod"
            continue
        case.head, case.dep = tok.head, ("agent" if case.low == "by" else "prep")
        tok.head, tok.dep = case.i, "pobj"
