"""Align summary sentences with story evidence and measure what the evidence does not support.

The story is cut into windows of one and two consecutive sentences; each summary sentence retrieves
its top-k windows by embedding cosine. Against that evidence (and the whole story) it gets signals:
- ``max_sim``: best window cosine (low = the event is not in the story);
- ``unsupported``: share of its content lemmas (nouns, verbs, adjectives, numbers) absent from the
  whole story (invented detail);
- ``local_unsupported``: the same share against the top-k evidence only;
- ``new_names`` / ``new_numbers``: proper names and numbers the story never mentions;
- ``negation_flip``: negation in the claim but not in its evidence, or the reverse.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from worldstate.analysis import World
from worldstate.detect.words import has_negation
from worldstate.state import Span, Story

CONTENT_POS = frozenset({"NOUN", "VERB", "ADJ", "PROPN", "NUM", "ADV"})
TOP_K = 3


@dataclass(frozen=True)
class Alignment:
    """One summary sentence against the story."""

    sentence: str
    evidence: list[Span]  # top-k story windows, best first
    max_sim: float
    unsupported: float
    local_unsupported: float
    new_names: int
    new_numbers: int
    negation_flip: bool


@dataclass
class StoryIndex:
    """The story's sentence windows, their embeddings and lemma sets (built once per story)."""

    story: Story
    windows: list[Span]
    vectors: np.ndarray
    window_lemmas: list[set[str]]
    lemmas: set[str]
    names: set[str]

    @classmethod
    def build(cls, world: World) -> StoryIndex:
        """From the world's sentence split, parse and embeddings layers (windows of one and two sentences)."""
        sents = world.spans
        pairs = list(itertools.pairwise(range(len(sents))))
        windows = list(sents) + [Span(sents[a].start, sents[b].end) for a, b in pairs]
        docs = world.sentence_docs
        sentence_lemmas = [{t.lemma_.lower() for t in doc if t.pos_ in CONTENT_POS} for doc in docs]
        window_lemmas = sentence_lemmas + [sentence_lemmas[a] | sentence_lemmas[b] for a, b in pairs]
        names = {t.text.lower() for doc in docs for t in doc if t.pos_ == "PROPN"}
        names |= {e.text.lower() for doc in docs for e in doc.ents}
        pair_vectors = world.embed([world.story.span_text(w) for w in windows[len(sents) :]])
        vectors = np.concatenate([world.embeddings, pair_vectors]) if pairs else world.embeddings
        lemmas = set().union(*sentence_lemmas) | {t.text.lower() for doc in docs for t in doc if not t.is_punct}
        return cls(world.story, windows, vectors, window_lemmas, lemmas, names)


def align(index: StoryIndex, summary: World) -> list[Alignment]:
    """An :class:`Alignment` per sentence of the analysed ``summary``."""
    sentences = summary.sentences
    if not sentences:
        return []
    vectors = summary.embeddings
    sims = vectors @ index.vectors.T
    out = []
    for row, (sentence, doc) in enumerate(zip(sentences, summary.sentence_docs, strict=True)):
        top = np.argsort(-sims[row])[:TOP_K]
        evidence = [index.windows[i] for i in top]
        content = {t.lemma_.lower() for t in doc if t.pos_ in CONTENT_POS and not t.is_stop}
        local = set().union(*(index.window_lemmas[i] for i in top))
        names = {t.text.lower() for t in doc if t.pos_ == "PROPN" and t.text[:1].isupper()}
        numbers = {t.text.lower() for t in doc if t.like_num}
        evidence_text = " ".join(index.story.span_text(s) for s in evidence[:1])
        out.append(
            Alignment(
                sentence=sentence,
                evidence=evidence,
                max_sim=float(sims[row, top[0]]),
                unsupported=len(content - index.lemmas) / max(1, len(content)),
                local_unsupported=len(content - local) / max(1, len(content)),
                new_names=len({n for n in names if n not in index.names and n not in index.lemmas}),
                new_numbers=len({n for n in numbers if n not in index.lemmas}),
                negation_flip=bool(has_negation(sentence)) != bool(has_negation(evidence_text)),
            )
        )
    return out
