"""The lazy layers of a :class:`~worldstate.analysis.World`: declared here, built on first use, read
through ``world.layer(name)``.

The extraction stages (:mod:`worldstate.extract.builder`) run when a text is analysed; a lazy layer is
built only when something reads it, once per World. Each is declared with the function that builds it
from the World, named ``"module:function"`` (resolved by :func:`worldstate.refs.resolve`) so that this list (and :mod:`worldstate.analysis`) imports
none of the modules that build them. Only ``World.layer`` stores a layer; a module that needs a value per
World declares a layer here instead of keeping its own cache.

Add a layer: write ``def build(world: World) -> T`` in your module, add a :class:`Layer` row below, and
read it with ``world.layer("your.name")`` (see docs/extending.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.errors import ConfigError


@dataclass(frozen=True)
class Layer:
    """One lazy layer: its name, the ``module:function`` that builds it from a World, and what it holds."""

    name: str
    build: str
    doc: str


LAYERS: dict[str, Layer] = {
    layer.name: layer
    for layer in (
        # the text and the parse
        Layer("spans", "worldstate.analysis:sentence_spans", "sentence spans into the normalised text"),
        Layer("sentences", "worldstate.analysis:sentence_texts", "the text of each sentence"),
        Layer("sentence_docs", "worldstate.analysis:sentence_docs", "one spaCy Doc per sentence"),
        Layer(
            "parse.chunk_ranges",
            "worldstate.analysis:chunk_ranges",
            "(start, end) characters of each piece the parser read (a saved world parses the same pieces)",
        ),
        Layer("embeddings", "worldstate.analysis:sentence_embeddings", "one MiniLM vector per sentence"),
        # reasoning and time
        Layer("reasoning", "worldstate.analysis:reasoning", "the Z3 reasoner's check against the rule packs"),
        Layer("timeline", "worldstate.extract.timeline:build_timeline", "per-entity timelines of state"),
        Layer(
            "timeline.story_index",
            "worldstate.extract.timeline.knowing:story_index",
            "mention offsets → entity ids, for the timeline's clause readers",
        ),
        Layer("timeline.presence", "worldstate.extract.timeline.presence:build_presence", "who is on stage when"),
        Layer(
            "timeline.quote_speakers",
            "worldstate.extract.timeline.presence:find_quote_speakers",
            "sentence → the speaker of the quote it lies in",
        ),
        Layer("timeline.heard", "worldstate.extract.timeline.knowing:find_heard", "'X heard this': (sentence, hearer)"),
        Layer(
            "timeline.reported_speech",
            "worldstate.extract.timeline.knowing:find_reported",
            "'it told her that …': (sentence, teller, hearer)",
        ),
        Layer(
            "timeline.retold",
            "worldstate.extract.timeline.passing:find_retold",
            "'the wife told her sister': (sentence, teller, hearer)",
        ),
        Layer(
            "timeline.letters",
            "worldstate.extract.timeline.passing:find_letters",
            "'a letter saying …' read later: (content sentence, reading sentence, reader)",
        ),
        Layer(
            "timeline.perceived",
            "worldstate.extract.timeline.knowing:find_perceived",
            "'he saw that …': (sentence, perceiver)",
        ),
        Layer(
            "timeline.denials",
            "worldstate.extract.timeline.knowing:find_denials",
            "'she did not know': sentence → the entities it says did not know or see",
        ),
        Layer(
            "timeline.actions",
            "worldstate.extract.timeline.actions:find_actions",
            "(agent, verb lemma, patient) → the first span that narrates it (the faithfulness head's swaps)",
        ),
        # knows' lookup tables, built once per World
        Layer(
            "timeline.perceiving",
            "worldstate.extract.timeline.knowing:find_perceiving",
            "entity → the sentences it perceives on stage and awake",
        ),
        Layer(
            "timeline.seen_by",
            "worldstate.extract.timeline.knowing:find_seen_by",
            "perceiver → the sentences of the events it perceived explicitly",
        ),
        Layer(
            "timeline.speeches_of",
            "worldstate.extract.timeline.knowing:find_speech_sentences",
            "speaker or addressee → (speech, first sentence, last sentence) of the speeches it speaks or hears",
        ),
        Layer(
            "timeline.overheard_by",
            "worldstate.extract.timeline.knowing:find_overheard_by",
            "hearer → its overhearings of the presence layer",
        ),
        # what the task heads read
        Layer("view.lemmas", "worldstate.detect.storyview:sentence_lemmas", "content-word lemmas per sentence"),
        Layer("view.word_sets", "worldstate.detect.storyview:sentence_word_sets", "lower-cased words per sentence"),
        Layer(
            "view.input_parses",
            "worldstate.detect.storyview:input_parses",
            "short task inputs (names, questions, options) parsed once each: text → Doc",
        ),
        Layer(
            "knowledge.access_cues",
            "worldstate.detect.knowledge.access:access_cues",
            "per sentence: 'elsewhere' cue hits and proper-noun subjects of private-mind verbs",
        ),
        Layer(
            "knowledge.starts_with_pronoun",
            "worldstate.detect.knowledge.access:starts_with_pronoun",
            "per sentence: whether its first subject is a pronoun",
        ),
    )
}


def declared(name: str) -> Layer:
    """The declared layer ``name``; a :class:`~worldstate.errors.ConfigError` listing the layers otherwise."""
    layer = LAYERS.get(name)
    if layer is None:
        raise ConfigError(f"unknown layer {name!r}: the layers are {', '.join(LAYERS)}")
    return layer
