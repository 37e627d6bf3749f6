"""Scenes and presence: who is on stage when each sentence happens.

A new scene starts at a sentence that opens with a time or place shift (``scene_shift_patterns`` in
the lexicon: "Meanwhile", "That same afternoon", "The next morning", "On Saturday", "Earlier",
"Chapter 2"); at a fronted time/place phrase ("Under the captain, …", "Before Tom arrived, …") whose
characters were not named in the two sentences before; at a sentence-initial "In/At <a place other
than the scene's>"; and at a paragraph whose characters share no one with the current scene's cast.

Presence within a scene: a character is present from a mention outside quotes that is not only a
possessor ("their parents") nor inside another character's thought, or as a quote's speaker or
addressee (characters of the scene's first sentence from its start). They go off stage when they
leave (subject of leave/depart/go away, or of a motion verb with a destination: "went to the
castle"; "After Kye left, …" and "While we were out, …" already for that sentence) or when they go
unmentioned for more than ``PRESENCE_DECAY`` sentences (1: not named in this or the previous
sentence; tuned on the KNP development items). A later mention brings them back. Groups count as
their members.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldstate.extract.coref import Coreference
from worldstate.extract.events import subject_of, thinker_of
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.resources.lexicon import lexicon
from worldstate.state import Entity, EntityKind, Speech, Story

OPENING_SENTENCES = 1  # characters named in a scene's first sentence are there from its start
PRESENCE_DECAY = 1  # off stage after this many sentences without a mention (0: until leaving); tuned on KNP dev
_ABSENT = {"out", "away", "gone", "asleep", "abroad", "elsewhere", "absent"}
_AWAY = {"away", "off", "out", "home", "back"}


@dataclass
class Stage:
    """Scenes and, for every sentence, the characters present."""

    scenes: list[tuple[int, int]] = field(default_factory=list)
    scene_of: list[int] = field(default_factory=list)
    present: list[list[str]] = field(default_factory=list)


def _people(ent_id: str, entities: dict[str, Entity], groups: dict[str, frozenset[str]]) -> list[str]:
    if ent_id in groups:
        return sorted(groups[ent_id])
    return [ent_id] if entities[ent_id].kind == EntityKind.CHARACTER else []


def _away_while(doc: ParsedDoc, tok: Token) -> bool:
    """'while/when X was out/away/asleep' as a subordinate clause."""
    if tok.lemma != "be" or tok.dep != "advcl":
        return False
    if not any(m.low in ("while", "when") for m in doc.kids(tok.i, "mark")):
        return False
    return any(k.low in _ABSENT for k in doc.kids(tok.i, "advmod", "acomp", "prep", "prt"))


Casts = tuple[list[list[str]], list[set[str]], list[str | None], list[set[str]]]
"""Per sentence: who appears, who leaves after it, the place opening it, who left before its main clause."""


def sentence_casts(
    story: Story,
    doc: ParsedDoc,
    coref: Coreference,
    entities: dict[str, Entity],
    speeches: list[Speech],
    groups: dict[str, frozenset[str]],
) -> Casts:
    """Per sentence: characters who appear on stage, who leave after it, the place opening it, and who
    left before its main clause ("After Kye left, …")."""
    n = len(story.sentences)
    appear: list[list[str]] = [[] for _ in range(n)]
    leave: list[set[str]] = [set() for _ in range(n)]
    gone_before: list[set[str]] = [set() for _ in range(n)]
    opening_place: list[str | None] = [None] * n
    for info in coref.infos:
        tok = doc.tokens[info.head]
        if not info.mention.entity or tok.in_quote or info.possessive or tok.sent >= n:
            continue
        thinker = thinker_of(doc, coref, doc.tokens[tok.head]) if tok.dep != "nsubj" else None
        if thinker and thinker != info.mention.entity:
            continue  # only in someone's thoughts
        for person in _people(info.mention.entity, entities, groups):
            if person not in appear[tok.sent]:
                appear[tok.sent].append(person)
    for sp in speeches:
        for person in ([sp.speaker] if sp.speaker else []) + sp.addressees:
            for p in _people(person, entities, groups):
                if p not in appear[sp.sentence]:
                    appear[sp.sentence].append(p)
    lex = lexicon()
    for tok in doc.tokens:
        if tok.pos != "VERB" or tok.in_quote or tok.lemma not in lex.departure_verbs | lex.motion_verbs:
            continue
        away = any(k.low in _AWAY for k in doc.kids(tok.i, "advmod", "prt"))
        destination = any(p.low in ("to", "into", "toward", "towards") for p in doc.kids(tok.i, "prep"))
        if (tok.lemma in lex.departure_verbs and tok.lemma != "go") or away or destination:
            subj = subject_of(doc, tok)
            info = coref.by_token.get(subj.i) if subj is not None else None
            if info and info.mention.entity and tok.sent < n:
                gone_people = _people(info.mention.entity, entities, groups)
                leave[tok.sent].update(gone_people)
                if any(m.low in ("after", "once") for m in doc.kids(tok.i, "mark")):  # "After Kye left, Billy …"
                    gone_before[tok.sent].update(gone_people)
    for sent in doc.sentences:
        toks = doc.sentence_tokens(sent.index)
        if len(toks) > 2 and toks[0].low in ("in", "at", "inside") and sent.index < n:
            pobj = next(iter(doc.kids(toks[0].i, "pobj")), None)
            info = coref.by_token.get(pobj.i) if pobj is not None else None
            if info and info.mention.entity and entities[info.mention.entity].kind == EntityKind.PLACE:
                opening_place[sent.index] = info.mention.entity
    for tok in doc.tokens:  # "While we were out, …": away for the main clause
        subj = subject_of(doc, tok) if _away_while(doc, tok) else None
        info = coref.by_token.get(subj.i) if subj is not None else None
        if info and info.mention.entity and tok.sent < n:
            gone_before[tok.sent].update(_people(info.mention.entity, entities, groups))
    for s in range(n):
        appear[s] = [p for p in appear[s] if p not in gone_before[s]]
    return appear, leave, opening_place, gone_before


def build_stage(story: Story, casts: Casts) -> Stage:
    """Split the story into scenes and compute presence for every sentence, from its :func:`sentence_casts`."""
    lex = lexicon()
    appear, leave, opening_place, gone_before = casts
    n = len(story.sentences)
    starts: list[int] = [0] if n else []
    place: str | None = None
    cast: set[str] = set()
    para_cast: dict[int, set[str]] = {}
    for s in range(n):
        para_cast.setdefault(story.sentences[s].paragraph, set()).update(appear[s])
    for s in range(n):
        sentence = story.sentences[s]
        text = story.sentence_text(s).lstrip("\"'“‘( ")
        shift = any(p.search(text) for p in lex.scene_shift)
        new_para = s > 0 and story.sentences[s - 1].paragraph != sentence.paragraph
        if new_para and cast and para_cast[sentence.paragraph] and not para_cast[sentence.paragraph] & cast:
            shift = True
        if opening_place[s] and place and opening_place[s] != place:
            shift = True
        before = set(appear[s - 1]) | set(appear[s - 2]) if s > 1 else set(appear[0]) if s else set()
        if (
            not shift
            and appear[s]
            and not set(appear[s]) & before
            and any(p.search(text) for p in lex.soft_scene_shift)
        ):
            shift = True  # a fronted time/place phrase, and its characters were not in the last two sentences
        if s > 0 and shift and starts[-1] != s:
            starts.append(s)
            cast = set()
            place = None
        place = opening_place[s] or place
        cast.update(appear[s])
    stage = Stage()
    for k, first in enumerate(starts):
        last = starts[k + 1] - 1 if k + 1 < len(starts) else n - 1
        stage.scenes.append((first, last))
    stage.scene_of = [0] * n
    stage.present = [[] for _ in range(n)]
    for k, (first, last) in enumerate(stage.scenes):
        first_para = story.sentences[first].paragraph
        opening: list[str] = []
        for s in range(first, min(last, first + OPENING_SENTENCES - 1) + 1):
            if story.sentences[s].paragraph != first_para:
                break
            opening.extend(p for p in appear[s] if p not in opening)
        here: list[str] = list(opening)
        seen = dict.fromkeys(opening, first)
        for s in range(first, last + 1):
            stage.scene_of[s] = k
            here.extend(p for p in appear[s] if p not in here)
            seen.update(dict.fromkeys(appear[s], s))
            if PRESENCE_DECAY:
                here = [p for p in here if s - seen.get(p, s) <= PRESENCE_DECAY]
            stage.present[s] = [p for p in here if p not in gone_before[s]]
            here = [p for p in here if p not in leave[s]]
    return stage
