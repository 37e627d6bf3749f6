"""The backend-neutral parse every extractor reads: tokens with offsets into ``Story.text``.

spaCy, Stanza and the Chinese (jieba) path all produce a :class:`ParsedDoc`, so the entity, event,
speech, scene and knowledge extractors never touch a backend's own objects.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Token:
    i: int  # index in ParsedDoc.tokens
    text: str
    start: int  # character offsets in Story.text
    end: int
    lemma: str
    pos: str  # Universal POS (NOUN, VERB, PROPN, PRON …)
    dep: str  # dependency label, spaCy's (ClearNLP) names; Stanza's UD labels are mapped
    head: int  # index of the head token (itself for the root)
    sent: int = 0  # sentence index
    tag: str = ""
    ent_type: str = ""  # PERSON, GPE, LOC, DATE … ("" when outside a named entity)
    ent_iob: str = "O"
    morph: dict[str, str] = field(default_factory=dict)
    in_quote: bool = False
    low: str = field(init=False, repr=False, compare=False)  # ``text`` lower-cased (read millions of times a story)

    def __post_init__(self) -> None:
        self.low = self.text.lower()


@dataclass
class ParsedSentence:
    index: int
    start: int
    end: int
    first: int  # first token index
    last: int  # last token index + 1


@dataclass
class ParsedDoc:
    tokens: list[Token] = field(default_factory=list)
    sentences: list[ParsedSentence] = field(default_factory=list)
    children: list[list[int]] = field(default_factory=list)
    # The backend's own documents, each with the character offset of its chunk in ``Story.text``
    # (spaCy ``Doc`` objects for the spaCy backend; empty for the others). The task heads read
    # per-sentence spaCy Docs cut from these (``World.sentence_docs``) instead of parsing again.
    chunks: list[tuple[int, Any]] = field(default_factory=list, repr=False)

    def finish(self) -> None:
        """Compute the children index (call once after tokens are final)."""
        self.children = [[] for _ in self.tokens]
        for tok in self.tokens:
            if tok.head != tok.i and 0 <= tok.head < len(self.tokens):
                self.children[tok.head].append(tok.i)

    def kids(self, i: int, *deps: str) -> list[Token]:
        """Children of token ``i`` (optionally only those with one of ``deps``)."""
        return [self.tokens[c] for c in self.children[i] if not deps or self.tokens[c].dep in deps]

    def sentence_tokens(self, s: int) -> list[Token]:
        sent = self.sentences[s]
        return self.tokens[sent.first : sent.last]

    def subtree(self, i: int) -> list[int]:
        out, stack = [], [i]
        while stack:
            j = stack.pop()
            out.append(j)
            stack.extend(self.children[j])
        return sorted(out)

    def token_at(self, offset: int) -> int:
        starts = [t.start for t in self.tokens]
        return max(0, bisect.bisect_right(starts, offset) - 1)


def assign_sentences(doc: ParsedDoc, sentence_spans: list[tuple[int, int]]) -> None:
    """Attach every token to the sentence whose span contains its start."""
    starts = [s for s, _ in sentence_spans]
    doc.sentences = []
    for idx, (s, e) in enumerate(sentence_spans):
        doc.sentences.append(ParsedSentence(idx, s, e, 0, 0))
    first_seen: dict[int, int] = {}
    for tok in doc.tokens:
        sent = max(0, bisect.bisect_right(starts, tok.start) - 1)
        tok.sent = sent
        first_seen.setdefault(sent, tok.i)
        doc.sentences[sent].last = tok.i + 1
    for idx, sent in enumerate(doc.sentences):
        sent.first = first_seen.get(idx, sent.last)
        if idx not in first_seen:
            sent.last = sent.first = doc.sentences[idx - 1].last if idx else 0
