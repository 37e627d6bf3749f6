"""What the task heads read of an analysed story: its sentences, their lemmas, parses and embeddings.

A :class:`StoryView` is a thin view over one :class:`~worldstate.analysis.World`: the world's own
sentence split, its parse layer and its embeddings layer (nothing here parses or splits again).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.state import Span, Story

if TYPE_CHECKING:
    from spacy.tokens import Doc

CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV"})
QUOTE_CHARS = '"“”«»'
TITLE_WORDS = frozenset(
    {"mr", "mrs", "ms", "miss", "dr", "sir", "lady", "lord", "king", "queen", "prince", "princess", "the", "a", "an"}
)


def content_lemmas(doc: Doc | list) -> set[str]:
    """Lower-case lemmas of the content words (nouns, verbs, adjectives, adverbs, numbers)."""
    return {t.lemma_.lower() for t in doc if t.pos_ in CONTENT_POS and not t.is_stop and t.is_alpha and len(t) > 1}


def has_quote(text: str) -> bool:
    return any(ch in text for ch in QUOTE_CHARS)


@dataclass
class StoryView:
    """One analysed story as the heads read it: sentences with character offsets, parsed once."""

    world: World

    @property
    def story(self) -> Story:
        return self.world.story

    @property
    def settings(self) -> Settings:
        return self.world.settings

    @property
    def sentences(self) -> list[str]:
        return self.world.sentences

    @property
    def spans(self) -> list[Span]:
        return self.world.spans

    @property
    def raw(self) -> str:
        """The input text as given (differs from ``story.text`` when it contained HTML)."""
        return self.world.source_text

    def __len__(self) -> int:
        return len(self.world)

    @property
    def docs(self) -> list[Doc]:
        """One spaCy Doc per sentence, from the world's parse layer."""
        return self.world.sentence_docs

    @property
    def lemmas(self) -> list[set[str]]:
        return self.world.layer("view.lemmas")  # type: ignore[no-any-return]

    @property
    def word_sets(self) -> list[set[str]]:
        """The lower-cased word runs of each sentence (for whole-word name tests)."""
        return self.world.layer("view.word_sets")  # type: ignore[no-any-return]

    def mentioning(self, keys: set[str]) -> list[bool]:
        """Per sentence, whether it names one of ``keys`` as a whole word (see :func:`mentions`)."""
        simple = {k for k in keys if _WORD_RUN.fullmatch(k)}
        other = keys - simple
        if not other:
            return [not simple.isdisjoint(words) for words in self.word_sets]
        return [mentions(s, keys, words) for s, words in zip(self.sentences, self.word_sets, strict=True)]

    @property
    def embeddings(self) -> np.ndarray:
        return self.world.embeddings

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.world.embed(texts)

    def parse(self, text: str) -> Doc:
        """A short task input (a name, a question, an option) parsed by the world's pipeline (once per text)."""
        parses: dict[str, Doc] = self.world.layer("view.input_parses")
        if text not in parses:
            parses[text] = self.world.nlp(text)
        return parses[text]

    def parse_many(self, texts: list[str]) -> None:
        """Parse short task inputs in one batch (``nlp.pipe``) so later :meth:`parse` calls find them ready."""
        parses: dict[str, Doc] = self.world.layer("view.input_parses")
        missing = [t for t in dict.fromkeys(texts) if t not in parses]
        for text, doc in zip(missing, self.world.nlp.pipe(missing), strict=True):
            parses[text] = doc

    def sentence_of(self, offset: int) -> int:
        return self.story.sentence_at(offset)

    def raw_span(self, span: Span) -> Span:
        """``span`` (into the normalised text) as offsets into the input text."""
        if not self.story.offset_map:
            return span
        start = self.story.source_offset(span.start)
        end = max(start, self.story.source_offset(span.end - 1) + 1) if len(span) else start
        return Span(start, end)


def name_keys(character: str, view: StoryView) -> set[str]:
    """Lower-case words that identify ``character`` in the text: proper-name words, else the head noun.

    'Margaret “Maggie” Cassidy' → {margaret, maggie, cassidy}; 'The city night watchman at the gate'
    → {watchman}.
    """
    doc = view.parse(character)
    names = {t.text.lower() for t in doc if t.pos_ == "PROPN" and t.is_alpha and t.text.lower() not in TITLE_WORDS}
    names |= {t.text.lower() for t in doc if t.is_alpha and t.text[:1].isupper() and t.i > 0}
    names -= TITLE_WORDS
    if names:
        return names
    heads = {t.text.lower() for t in doc if t.dep_ == "ROOT" and t.is_alpha}
    return heads or {w.lower() for w in re.findall(r"[A-Za-z]{3,}", character)[-1:]}


_WORD_RUN = re.compile(r"\w+")


def mentions(sentence: str, keys: set[str], words: set[str] | None = None) -> bool:
    """Whether ``sentence`` contains one of ``keys`` as a whole word (``words``: its lower-cased word
    runs, when the caller has them already)."""
    low = sentence.lower()
    if words is None:
        words = set(_WORD_RUN.findall(low))
    return any(k in words if _WORD_RUN.fullmatch(k) else re.search(r"\b" + re.escape(k) + r"\b", low) for k in keys)


# -- the lazy layers this module builds (declared in worldstate/layers.py) ---------------------------
def sentence_lemmas(world: World) -> list[set[str]]:
    return [content_lemmas(doc) for doc in world.sentence_docs]


def sentence_word_sets(world: World) -> list[set[str]]:
    return [set(_WORD_RUN.findall(s.lower())) for s in world.sentences]


def input_parses(world: World) -> dict[str, Doc]:
    """Filled by :meth:`StoryView.parse` and :meth:`StoryView.parse_many`, one Doc per task input."""
    return {}
