"""Chinese stories (LOT): jieba words and part-of-speech tags, sentences split on 。！？, person names.

Extracted for Chinese: sentences, tokens, person-name entities (jieba ``nr`` tags) with their
mentions, place names (``ns``), one event per verb (``v``) with the nearest preceding person as
agent, quotes 「」/“” with the closest named speaker, one scene per paragraph, and presence-based
knowledge of the simple propositions below. Not extracted: pronoun coreference (他/她 stay
unresolved), dependency-based roles, attributes beyond 死 (alive=false), and perception verbs.
"""

from __future__ import annotations

import re

from worldstate.config import Settings
from worldstate.extract.knowledge import derive_knowledge, perceptions_for
from worldstate.state import (
    Entity,
    EntityKind,
    Event,
    Mention,
    MentionKind,
    Proposition,
    Span,
    Speech,
    Story,
    WorldState,
)
from worldstate.state.quotes import find_quotes

_SENTENCE = re.compile(r"[^。！？!?\n]+[。！？!?]*[”」』]?")
_DEATH = ("死", "去世", "身亡", "逝世")
_SPEECH = ("说", "道", "问", "喊", "叫", "答")


def split_sentences(story: Story) -> list[tuple[int, int]]:
    spans = []
    for para in story.paragraphs:
        chunk = story.text[para.span.start : para.span.end]
        for m in _SENTENCE.finditer(chunk):
            if m.group().strip():
                spans.append((para.span.start + m.start(), para.span.start + m.end()))
    return spans


def extract_chinese(story: Story, settings: Settings) -> WorldState:
    """A world state for a Chinese story (see the module docstring for what is covered)."""
    import jieba
    import jieba.posseg as pseg

    jieba.setLogLevel(60)
    story.resegment(split_sentences(story))
    entities: dict[str, Entity] = {}
    mentions: list[Mention] = []
    events: list[Event] = []
    props: list[Proposition] = []
    appear: list[list[str]] = [[] for _ in story.sentences]
    last_person: str | None = None
    for sent in story.sentences:
        offset = sent.span.start
        last_person = (
            None if sent.index == 0 or story.sentences[sent.index - 1].paragraph != sent.paragraph else last_person
        )
        for pair in pseg.cut(story.sentence_text(sent.index)):
            word, flag = pair.word, pair.flag
            start = story.text.find(word, offset)
            if start < 0:
                continue
            offset = start + len(word)
            span = Span(start, offset)
            if flag in ("nr", "nrfg", "ns") and len(word) >= 2:
                kind = EntityKind.CHARACTER if flag != "ns" else EntityKind.PLACE
                ent = entities.setdefault(word, Entity(word, word, kind, first_sentence=sent.index))
                mention = Mention(f"m{len(mentions) + 1}", span, word, sent.index, MentionKind.NAME, ent.id)
                mentions.append(mention)
                ent.mentions.append(mention.id)
                if kind == EntityKind.CHARACTER:
                    last_person = ent.id
                    if ent.id not in appear[sent.index]:
                        appear[sent.index].append(ent.id)
            elif flag.startswith("v"):
                events.append(Event(f"ev{len(events) + 1}", word, sent.index, sent.index, span, agent=last_person))
                if any(d in word for d in _DEATH) and last_person:
                    props.append(
                        Proposition(
                            f"p{len(props) + 1}",
                            last_person,
                            "alive",
                            "false",
                            span,
                            sent.index,
                            valid_from=sent.index,
                            event=events[-1].id,
                        )
                    )
    speeches = _speeches(story, mentions)
    present = [[] for _ in story.sentences]
    scenes: list[tuple[int, int]] = []
    for para in story.paragraphs:
        idx = [s.index for s in story.sentences if s.paragraph == para.index]
        if not idx:
            continue
        scenes.append((idx[0], idx[-1]))
        here: list[str] = []
        for s in idx:
            here.extend(c for c in appear[s] if c not in here)
            present[s] = list(here)
    scene_of = {s: k for k, (a, b) in enumerate(scenes) for s in range(a, b + 1)}
    for ev in events:
        ev.scene, ev.present = scene_of.get(ev.sentence, 0), list(present[ev.sentence])
    cast = sorted((e for e in entities.values() if e.kind == EntityKind.CHARACTER), key=lambda e: -len(e.mentions))
    knowledge = derive_knowledge(props, present, {}, speeches, [e.id for e in cast[:25]])
    return WorldState(
        story=story,
        entities=list(entities.values()),
        mentions=mentions,
        events=events,
        propositions=props,
        speeches=speeches,
        perceptions=perceptions_for(events, {}),
        knowledge=knowledge,
        scenes=scenes,
        unresolved=["Chinese: pronouns (他/她/他们) are not resolved; roles are positional, not parsed"],
        metadata={
            "backend": "jieba",
            "parser": f"jieba-{jieba.__version__}",
            "language": "zh",
            "embedding_model": "(not used for Chinese)",
        },
    )


def _speeches(story: Story, mentions: list[Mention]) -> list[Speech]:
    out = []
    for q in find_quotes(story):
        sent = story.sentence_at(q.start)
        before = [m for m in mentions if m.span.end <= q.start and m.span.start >= q.start - 40]
        after = [m for m in mentions if q.end <= m.span.start <= q.end + 20]
        context = story.text[max(0, q.start - 12) : q.start] + story.text[q.end : q.end + 12]
        cands = before[-1:] if before else after[:1]
        speaker = cands[0].entity if cands and any(v in context for v in _SPEECH) else None
        out.append(
            Speech(
                f"sp{len(out) + 1}", speaker, [], Span(q.start, q.end), Span(q.content_start, q.content_end), sent, sent
            )
        )
    return out
