"""``analyze(text) -> World``: the one way into the engine, built once and read by every head.

Like spaCy's ``nlp(text) -> Doc``, a :class:`World` holds every layer of one analysed text:

- ``story``: the normalised text with offsets into the input, and the one sentence split every
  output uses (the parser's; sentence numbers a user sees are this split's, counted from 1);
- ``parsed``: the backend's parse (tokens, dependencies, and the backend's own documents);
- ``sentence_docs`` / ``embeddings``: one spaCy Doc and one MiniLM vector per sentence, computed
  once, on first use (a task that never asks for them never loads the embedding model);
- ``state``: entities and coreference, events, propositions, speech, scenes, per-character
  knowledge — the :class:`~worldstate.state.WorldState` that ``worldstate analyze --json`` writes;
- ``timeline``: per-entity timelines of state (computed on first use; ``state_at`` asks them).

Task inputs that are text (summaries, questions, options) go through the same function with
``layers="parse"``: story, sentence split and parse, no extraction.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from worldstate.config import Settings
from worldstate.errors import InputError
from worldstate.files import read_story_file
from worldstate.state import Finding, Span, Story, WorldState

if TYPE_CHECKING:
    import numpy as np
    from spacy.language import Language
    from spacy.tokens import Doc

    from worldstate.extract.coref.characters import Character
    from worldstate.extract.parsed import ParsedDoc
    from worldstate.reason import ReasonResult
    from worldstate.state.timeline import Timeline

Layers = Literal["parse", "world"]


@dataclass(frozen=True, eq=False)
class World:
    """One analysed text: every layer, built once by :func:`analyze`, read by every task head."""

    story: Story
    state: WorldState
    settings: Settings
    source_text: str  # the input as given: evidence spans point into it
    parsed: ParsedDoc | None = None
    layers: Layers = "world"
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def of_state(cls, state: WorldState, settings: Settings | None = None) -> World:
        """A World around a world state read from JSON (``analyze --json``): no parse layer is kept
        there, so the heads' per-sentence Docs are parsed on first use; evidence points into
        ``state.story.text``."""
        story = replace(state.story, offset_map=[]) if state.story.offset_map else state.story
        return cls(story, state, settings or Settings.from_env(), story.text)

    # -- the text ---------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The normalised text (``story.text``)."""
        return self.story.text

    @property
    def spans(self) -> list[Span]:
        """Sentence spans into ``text``: the one sentence split."""
        return self._remember("spans", lambda: [s.span for s in self.story.sentences])

    @property
    def sentences(self) -> list[str]:
        """The text of each sentence."""
        return self._remember("sentences", lambda: [self.story.span_text(s) for s in self.spans])

    def __len__(self) -> int:
        return len(self.story.sentences)

    # -- the world state ----------------------------------------------------------------------
    def characters(self) -> list[Character]:
        """The character list: name, aliases and mention count, most mentioned first."""
        from worldstate.extract.coref.characters import character_list

        return character_list(self.state)

    @property
    def findings(self) -> list[Finding]:
        return self.state.findings

    @property
    def reasoning(self) -> ReasonResult:
        """The Z3 reasoner's check of the world state against the rule packs (run once, on first use;
        every head that reads proved conflicts shares it)."""

        def run() -> ReasonResult:
            from worldstate.reason import check

            return check(self.state, settings=self.settings)

        return self._remember("reasoning", run)

    @property
    def timeline(self) -> Timeline:
        """Per-entity timelines of state (where, holds, alive, traits, relations, counts, titles),
        built once on first use (``worldstate.extract.timeline``)."""

        def build() -> Timeline:
            from worldstate.extract.timeline import build_timeline

            return build_timeline(self)

        return self._remember("timeline", build)

    # -- lazily computed layers ------------------------------------------------------------
    @property
    def nlp(self) -> Language:
        """The spaCy pipeline this world was parsed with (for short task inputs)."""
        from worldstate.extract.models import load_spacy

        return load_spacy(self.settings)

    @property
    def sentence_docs(self) -> list[Doc]:
        """One spaCy Doc per sentence, cut from the parse layer (parsed here only for backends
        that keep no spaCy documents: Stanza, Chinese)."""
        return self._remember("sentence_docs", self._sentence_docs)

    def _sentence_docs(self) -> list[Doc]:
        from worldstate.extract.spacy_backend import sentence_docs
        from worldstate.state.text import unwrap_lines

        chunks = self.parsed.chunks if self.parsed is not None else []
        docs = sentence_docs(chunks, [(s.start, s.end) for s in self.spans])
        missing = [i for i, doc in enumerate(docs) if doc is None]
        texts = [unwrap_lines(self.sentences[i]) for i in missing]
        for i, doc in zip(missing, self.nlp.pipe(texts), strict=True):
            docs[i] = doc
        return docs

    @property
    def embeddings(self) -> np.ndarray:
        """One unit-normalised sentence vector per sentence (computed once; see ``embed_early``)."""
        thread = self._memo.get("_embedding_thread")
        if thread is not None:
            thread.join()
        return self._remember("embeddings", lambda: self.embed(self.sentences))

    def embed(self, texts: list[str]) -> np.ndarray:
        """Vectors for other texts (task inputs) from this world's embedding model."""
        from worldstate.extract.models import get_embedder

        return get_embedder(self.settings).encode(texts)

    def _remember(self, key: str, make: Any) -> Any:
        if key not in self._memo:
            with collector_paused():  # a lazily built layer, like the eager ones
                self._memo[key] = make()
        return self._memo[key]

    def _wait_for(self, thread: threading.Thread) -> None:
        """Let ``embeddings`` wait for ``thread`` (a head start that fills the embedder's cache)."""
        self._memo["_embedding_thread"] = thread


def analyze(
    text: str | Story,
    settings: Settings | None = None,
    *,
    source: str = "",
    layers: Layers = "world",
    embed_early: bool = False,
) -> World:
    """Analyse ``text`` once into a :class:`World`.

    ``layers="parse"`` stops after the parse (for summaries, questions and options);
    ``embed_early`` embeds the sentences in a background thread while the parser runs (for callers
    that run the heads that read them): it embeds the rule-based split before the parser replaces it,
    and the embeddings layer then finds nearly every sentence of the final split in the embedder's cache.
    """
    settings = settings or Settings.from_env()
    where = source or getattr(text, "source", "") or "text"
    if isinstance(text, Story):  # evidence then points into the story's normalised text
        story = replace(text, offset_map=[]) if text.offset_map else text
        raw = story.text
    else:
        if not isinstance(text, str) or not text.strip():
            raise InputError(where, "empty text")
        raw = text
        story = Story.from_text(text, source=source, language=settings.language or None)
    if not story.sentences:
        raise InputError(where, "no sentences found")
    with collector_paused():
        return _build(story, raw, settings, layers, embed_early)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while the layers are built and the heads read them: they
    allocate millions of small objects (parse tokens, spaCy ``Token`` views) and free few cycles, and each
    full collection would walk every object of the loaded models again. It runs as usual afterwards (and
    collects anything left then)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _build(story: Story, raw: str, settings: Settings, layers: Layers, embed_early: bool) -> World:
    from worldstate import extract

    prefetch = None
    if embed_early:  # the rule-based split, embedded while the parser runs
        prefetch = _embed_in_background([story.sentence_text(i) for i in range(len(story.sentences))], settings)
    parsed: ParsedDoc | None = None
    state = WorldState(story=story)
    if (settings.language or story.language) == "zh":  # jieba segments during extraction: no parse layer
        if layers == "world":
            state, _ = extract.extract(story, settings)
    else:
        from worldstate.extract.builder import build_world_state, parse

        started = time.perf_counter()
        parsed, name = parse(story, settings)
        if layers == "world":
            state = build_world_state(story, parsed, settings, name, time.perf_counter() - started)
    world = World(story, state, settings, raw, parsed, layers)
    if prefetch is not None:
        world._wait_for(prefetch)
    return world


def _embed_in_background(sentences: list[str], settings: Settings) -> threading.Thread:
    """Embed ``sentences`` in a thread (the embedder caches per text); a failure is left to the
    embeddings layer, which embeds again and reports it."""

    def run() -> None:
        from worldstate.extract.models import get_embedder

        try:
            get_embedder(settings).encode(sentences)
        except Exception:
            return

    thread = threading.Thread(target=run, name="worldstate-embeddings", daemon=True)
    thread.start()
    return thread


def analyze_file(path: str | Path, settings: Settings | None = None, **options: Any) -> World:
    """:func:`analyze` on a story file (see :func:`worldstate.files.read_story_file` for what is accepted)."""
    return analyze(read_story_file(path), settings, source=str(path), **options)
