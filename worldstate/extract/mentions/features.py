"""Sparse features of a candidate span, hashed into a fixed number of columns.

The features are strings ("head=king", "cut=prep", …); :func:`hashed` maps each to a column with CRC-32,
so training (bench tune) and detection share one vocabulary-free encoding and the weights are a plain
matrix (columns × categories).
"""

from __future__ import annotations

import re
import zlib

from worldstate.extract.mentions.candidates import Candidate
from worldstate.extract.parsed import ParsedDoc, Token

BITS = 17
COLUMNS = 1 << BITS
_SHAPE = re.compile(r"(.)\1+")


def shape(text: str) -> str:
    """The word's shape with repeats squeezed: "Darcy" → "Xx", "Mr." → "Xx.", "1820" → "d"."""
    mapped = "".join("X" if c.isupper() else "x" if c.islower() else "d" if c.isdigit() else c for c in text)
    return _SHAPE.sub(r"\1", mapped)[:5]


def _word(tok: Token) -> str:
    return tok.lemma.lower() if tok.pos in ("NOUN", "VERB", "AUX") else tok.low


def features(doc: ParsedDoc, cand: Candidate, titles: frozenset[str]) -> list[str]:
    """The feature strings of ``cand`` in ``doc`` (``titles``: title words such as "mr.", "sir")."""
    toks = doc.tokens
    head, first, last = toks[cand.head], toks[cand.first], toks[cand.last - 1]
    gov = toks[head.head]
    span = toks[cand.first : cand.last]
    length = cand.last - cand.first
    before = toks[cand.first - 1] if cand.first > 0 else None
    after = toks[cand.last] if cand.last < len(toks) else None
    lemma = head.lemma.lower()
    out = [
        "bias",
        f"head={lemma}",
        f"head_low={head.low}",
        f"head_shape={shape(head.text)}",
        f"head_pos={head.pos}",
        f"head_tag={head.tag}",
        f"head_dep={head.dep}",
        f"head_ner={head.ent_type}",
        f"head_suffix={head.low[-3:]}",
        f"head_dep_lemma={head.dep}|{lemma}",
        f"gov={_word(gov)}",
        f"gov_dep={head.dep}|{_word(gov)}",
        f"first={first.low}",
        f"first_pos={first.pos}",
        f"first_shape={shape(first.text)}",
        f"last={last.low}",
        f"last_pos={last.pos}",
        f"first_head={first.low}|{lemma}",
        f"len={min(length, 8)}",
        f"left={min(cand.head - cand.first, 4)}",
        f"right={min(cand.last - 1 - cand.head, 6)}",
        f"full={cand.full}",
        f"pronoun={cand.pronoun}",
        f"cut={cand.cut_dep}",
        f"kept={'|'.join(cand.right_deps[-3:])}",
        f"prev={before.low if before else '<s>'}",
        f"prev_pos={before.pos if before else '<s>'}",
        f"next={after.low if after else '</s>'}",
        f"next_pos={after.pos if after else '</s>'}",
        f"quote={head.in_quote}",
        f"plural={head.tag in ('NNS', 'NNPS')}",
    ]
    if before is not None and before.sent == head.sent:
        out.append(f"prev_in_sent={before.pos}|{before.dep}")
    for tok in span:
        if tok.low in titles or tok.low.rstrip(".") in titles:
            out.append(f"title={tok.low.rstrip('.')}")
        if tok.ent_type:
            out.append(f"ner_in={tok.ent_type}|{tok.ent_iob if tok.i == cand.first else 'in'}")
        if tok.i < cand.head and tok.dep in ("det", "poss", "amod", "compound", "nummod", "predet"):
            out.append(f"mod={tok.dep}|{_word(tok)}")
    if head.dep == "pobj":
        out.append(f"prep={gov.low}|{_word(toks[gov.head])}")
    if length > 1:
        out.append(f"bigram_head={toks[cand.head - 1].low}|{lemma}" if cand.head > cand.first else "bigram_head=-")
    if after is not None and after.low in ("'s", "’s"):
        out.append("possessed")
    return out


def hashed(names: list[str]) -> list[int]:
    """Each feature's column (CRC-32 of the string modulo :data:`COLUMNS`)."""
    return [zlib.crc32(n.encode("utf-8")) & (COLUMNS - 1) for n in names]
