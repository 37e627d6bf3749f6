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

The eager layers are the extraction stages (``worldstate.extract.builder.STAGES``; ``disable=[...]``
turns some off); the lazy ones are declared in :mod:`worldstate.layers` and read with
``world.layer(name)`` (the properties below are the common ones). ``world.profile`` holds the seconds
each stage and each lazy layer built so far took (``worldstate analyze --profile`` prints them).

Task inputs that are text (summaries, questions, options) go through the same function with
``layers="parse"``: story, sentence split and parse, no extraction.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from worldstate.config import Settings
from worldstate.errors import ConfigError, InputError
from worldstate.files import read_story_file
from worldstate.layers import declared
from worldstate.refs import resolve
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
    embedding_prefetch: threading.Thread | None = field(default=None, repr=False)  # see ``embed_early``
    _built: dict[str, Any] = field(default_factory=dict, repr=False)  # lazy layers, written by ``layer``
    _seconds: dict[str, float] = field(default_factory=dict, repr=False)  # stage and layer → seconds

    @classmethod
    def of_state(cls, state: WorldState, settings: Settings | None = None) -> World:
        """A World around a world state read from JSON (``analyze --json``): no parse layer is kept
        there, so the heads' per-sentence Docs are parsed on first use; evidence points into
        ``state.story.text``."""
        story = replace(state.story, offset_map=[]) if state.story.offset_map else state.story
        return cls(story, state, settings or Settings.from_env(), story.text)

    # -- the layers ---------------------------------------------------------------------------
    def layer(self, name: str) -> Any:
        """The lazy layer ``name`` (declared in :data:`worldstate.layers.LAYERS`), built on first use."""
        if name not in self._built:
            build = resolve(declared(name).build, f"layer {name}")
            started = time.perf_counter()
            with collector_paused():  # a lazily built layer, like the eager ones
                value = build(self)
            self._seconds.setdefault(name, time.perf_counter() - started)
            self._built[name] = value
        return self._built[name]

    def preload(self, values: Mapping[str, Any]) -> None:
        """Fill lazy layers with values built elsewhere (a saved world's layers, :mod:`worldstate.saved_world`),
        so that they are never built here; each name must be declared and not built yet."""
        for name in values:
            declared(name)
            if name in self._built:
                raise ConfigError(f"layer {name!r} is already built: it cannot be preloaded")
        self._built.update(values)

    @property
    def profile(self) -> dict[str, float]:
        """Seconds per extraction stage run, then per lazy layer built so far (a layer's time includes
        the layers it read first)."""
        return dict(self._seconds)

    # -- the text ---------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The normalised text (``story.text``)."""
        return self.story.text

    @property
    def spans(self) -> list[Span]:
        """Sentence spans into ``text``: the one sentence split."""
        return self.layer("spans")  # type: ignore[no-any-return]

    @property
    def sentences(self) -> list[str]:
        """The text of each sentence."""
        return self.layer("sentences")  # type: ignore[no-any-return]

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
        return self.layer("reasoning")  # type: ignore[no-any-return]

    @property
    def timeline(self) -> Timeline:
        """Per-entity timelines of state (where, holds, alive, traits, relations, counts, titles),
        built once on first use (``worldstate.extract.timeline``)."""
        return self.layer("timeline")  # type: ignore[no-any-return]

    # -- lazily computed layers ------------------------------------------------------------
    @property
    def nlp(self) -> Language:
        """The spaCy pipeline this world was parsed with (for short task inputs)."""
        from worldstate.resources.models import load_spacy

        return load_spacy(self.settings)

    @property
    def sentence_docs(self) -> list[Doc]:
        """One spaCy Doc per sentence, cut from the parse layer (parsed here only for backends
        that keep no spaCy documents: Stanza, Chinese)."""
        return self.layer("sentence_docs")  # type: ignore[no-any-return]

    @property
    def embeddings(self) -> np.ndarray:
        """One unit-normalised sentence vector per sentence (computed once; see ``embed_early``)."""
        return self.layer("embeddings")  # type: ignore[no-any-return]

    def embed(self, texts: list[str]) -> np.ndarray:
        """Vectors for other texts (task inputs) from this world's embedding model."""
        from worldstate.resources.models import get_embedder

        return get_embedder(self.settings).encode(texts)


# -- the lazy layers analysis.py builds (declared in worldstate/layers.py) ---------------------------
def sentence_spans(world: World) -> list[Span]:
    return [s.span for s in world.story.sentences]


def sentence_texts(world: World) -> list[str]:
    return [world.story.span_text(s) for s in world.spans]


def sentence_docs(world: World) -> list[Doc]:
    """One spaCy Doc per sentence, cut from the parse layer (parsed here for the sentences it has none for)."""
    from worldstate.extract.spacy_backend import sentence_docs as cut
    from worldstate.state.text import unwrap_lines

    chunks = world.parsed.chunks if world.parsed is not None else _parse_again(world)
    docs = cut(chunks, [(s.start, s.end) for s in world.spans])
    missing = [i for i, doc in enumerate(docs) if doc is None]
    texts = [unwrap_lines(world.sentences[i]) for i in missing]
    for i, doc in zip(missing, world.nlp.pipe(texts), strict=True):
        docs[i] = doc
    return docs


def chunk_ranges(world: World) -> list[tuple[int, int]]:
    """The characters of each piece the parser read (none for a World without its parse)."""
    from worldstate.extract.spacy_backend import _text_length

    chunks = world.parsed.chunks if world.parsed is not None else []
    return [(offset, offset + _text_length(doc)) for offset, doc in chunks]


def _parse_again(world: World) -> list[tuple[int, Doc]]:
    """A World read from JSON: the pieces the analysis parsed (``parse.chunk_ranges``, preloaded from a saved
    world) parsed again the same way, so the same Docs; none when no ranges were saved."""
    from worldstate.extract.spacy_backend import BATCH_SIZE
    from worldstate.state.text import unwrap_lines

    ranges: list[tuple[int, int]] = world.layer("parse.chunk_ranges")
    texts = (unwrap_lines(world.text[start:end]) for start, end in ranges)
    docs = world.nlp.pipe(texts, batch_size=BATCH_SIZE)
    return [(start, doc) for (start, _), doc in zip(ranges, docs, strict=True)]


def sentence_embeddings(world: World) -> np.ndarray:
    """The sentences' vectors (after the ``embed_early`` thread, which fills the embedder's cache)."""
    if world.embedding_prefetch is not None:
        world.embedding_prefetch.join()
    return world.embed(world.sentences)


def reasoning(world: World) -> ReasonResult:
    from worldstate.reason import check

    return check(world.state, settings=world.settings)


def analyze(
    text: str | Story,
    settings: Settings | None = None,
    *,
    source: str = "",
    layers: Layers = "world",
    embed_early: bool = False,
    disable: Collection[str] = (),
) -> World:
    """Analyse ``text`` once into a :class:`World`.

    ``layers="parse"`` stops after the parse (for summaries, questions and options); ``disable`` names
    extraction stages not to run (``worldstate.extract.builder.STAGE_NAMES``; a stage another kept stage
    needs cannot be disabled alone: a :class:`~worldstate.errors.ConfigError` names both);
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
        return _build(story, raw, settings, layers, embed_early, disable)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while the layers are built and the heads read them: they
    allocate millions of small objects (parse tokens, spaCy ``Token`` views) and free few cycles, and each
    full collection would walk every object of the loaded models again. It runs as usual afterwards (and
    collects anything left then).

    Its first threshold is set to 0 as well (which also stops automatic collections): a library that
    switches the collector back on while the pause lasts (srsly does, each time spaCy loads a model or a Doc
    from bytes) would otherwise leave it on for the rest of the analysis, and a long book then paid for
    repeated full collections of an ever larger heap."""
    was_enabled = gc.isenabled()
    thresholds = gc.get_threshold()
    gc.disable()
    gc.set_threshold(0, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if was_enabled:
            gc.enable()


def _build(
    story: Story, raw: str, settings: Settings, layers: Layers, embed_early: bool, disable: Collection[str]
) -> World:
    prefetch = None
    if embed_early:  # the rule-based split, embedded while the parser runs
        prefetch = _embed_in_background([story.sentence_text(i) for i in range(len(story.sentences))], settings)
    parsed: ParsedDoc | None = None
    state = WorldState(story=story)
    seconds: dict[str, float] = {}
    if (settings.language or story.language) == "zh":  # jieba segments during extraction: no parse layer
        if disable:
            raise ConfigError("Chinese stories are extracted in one step (jieba): no stage can be disabled")
        if layers == "world":
            from worldstate.extract.chinese import extract_chinese

            started = time.perf_counter()
            story.language = "zh"
            state = extract_chinese(story, settings)
            seconds["extract (zh)"] = time.perf_counter() - started
    else:
        from worldstate.extract.builder import STAGE_NAMES, run_pipeline, world_state

        if layers == "parse":
            disable = [name for name in STAGE_NAMES if name != "parse"]
        x = run_pipeline(story, settings, disable, seconds)
        parsed = x.doc
        if layers == "world":
            state = world_state(x, seconds)
    return World(story, state, settings, raw, parsed, layers, prefetch, _seconds=seconds)


def _embed_in_background(sentences: list[str], settings: Settings) -> threading.Thread:
    """Embed ``sentences`` in a thread (the embedder caches per text); a failure is left to the
    embeddings layer, which embeds again and reports it."""

    def run() -> None:
        from worldstate.resources.models import get_embedder

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
