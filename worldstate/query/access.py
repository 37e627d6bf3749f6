"""Could a character know what a sentence says, by a given sentence? ``accessible`` (one sentence) and
``accessibility`` (every sentence at once), the Act-on-Known detectors' question, and ``private_holders``.

Direct access: on stage in the sentence's scene, an explicit perceiver, or holding knowledge of one of its
propositions (unless it is another character's private thought); told later: a quote heard by the character
whose speaker had direct access and which shares two content words with the sentence.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from worldstate.extract.events import PRIVATE_ROLE
from worldstate.identity_cache import IdentityCache
from worldstate.state import Channel, Event, Speech, WorldState

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{3,}")
_STOP = {
    "that",
    "this",
    "with",
    "have",
    "were",
    "what",
    "when",
    "then",
    "there",
    "their",
    "them",
    "they",
    "from",
    "would",
    "could",
    "should",
    "been",
    "into",
    "about",
    "said",
    "your",
    "will",
    "just",
    "like",
    "only",
}


@dataclass
class _Index:
    events: dict[int, list[Event]]
    perceived: dict[tuple[str, int], bool]
    known: set[tuple[str, int]]
    speeches: list[Speech]
    present_at: dict[int, set[str]]
    # character → sentences they were present at, perceived or hold knowledge of (``_direct`` before
    # the private-thought test), and sentence → private holders where every event is someone's thought
    reach: dict[str, set[int]] = field(default_factory=dict)
    private_only: dict[int, set[str]] = field(default_factory=dict)


_indexes: IdentityCache[_Index] = IdentityCache()


def _index(ws: WorldState) -> _Index:
    """The index of ``ws``, built once per world state (again when its events, knowledge or speeches
    change in number)."""
    key = (len(ws.events), len(ws.knowledge), len(ws.speeches))
    return _indexes.get(ws, key, lambda: _build_index(ws))


def _build_index(ws: WorldState) -> _Index:
    events: dict[int, list[Event]] = defaultdict(list)
    present_at: dict[int, set[str]] = defaultdict(set)
    for ev in ws.events:
        events[ev.sentence].append(ev)
        present_at[ev.sentence].update(ev.present)
    scene_of = {s: k for k, (first, last) in enumerate(ws.scenes) for s in range(first, last + 1)}
    for s in range(1, len(ws.story.sentences)):  # a sentence without events: the cast of the one before
        if s not in events and scene_of.get(s) == scene_of.get(s - 1):
            present_at[s] = set(present_at.get(s - 1, set()))
    by_event = {ev.id: ev.sentence for ev in ws.events}
    perceived = {(p.perceiver, by_event[p.event]): True for p in ws.perceptions if p.event in by_event}
    sentence_of = {p.id: p.sentence for p in ws.propositions}
    known = {
        (k.character, sentence_of[k.proposition])
        for k in ws.knowledge
        if k.channel != Channel.NARRATOR_ONLY and k.proposition in sentence_of
    }
    reach: dict[str, set[int]] = defaultdict(set)
    for s, cast in present_at.items():
        for ch in cast:
            reach[ch].add(s)
    for ch, s in (*perceived, *known):
        reach[ch].add(s)
    private_only = {
        s: {ev.arguments[PRIVATE_ROLE] for ev in evs}
        for s, evs in events.items()
        if evs and all(ev.arguments.get(PRIVATE_ROLE) is not None for ev in evs)
    }
    return _Index(
        events, perceived, known, sorted(ws.speeches, key=lambda sp: sp.sentence), present_at, reach, private_only
    )


def private_holders(ws: WorldState) -> dict[int, set[str]]:
    """Sentence → the characters whose private thought it tells, where every event of it is someone's
    thought ("she thought …"): nobody else perceives those sentences."""
    return _index(ws).private_only


def _direct(ws: WorldState, idx: _Index, character: str, sentence: int) -> bool:
    evs = idx.events.get(sentence, [])
    if evs and all(ev.arguments.get(PRIVATE_ROLE) not in (None, character) for ev in evs):
        return False  # someone else's private thought
    if character in idx.present_at.get(sentence, set()) or (character, sentence) in idx.perceived:
        return True
    return (character, sentence) in idx.known


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP}


def accessible(ws: WorldState, character_id: str, sentence_index: int, by: int | None = None) -> bool:
    """Can ``character_id`` have witnessed, perceived, thought, or been told what sentence
    ``sentence_index`` says, by sentence ``by`` (default: the end of the story)?

    Direct access: present in the scene at that sentence, an explicit perceiver, or holding knowledge of one of its propositions (and it is not another character's private
    thought). Told later: a quote between the sentence and ``by`` heard by the character (addressee or
    present), whose speaker had direct access, and which shares at least two content words with the
    sentence.
    """
    if not 0 <= sentence_index < len(ws.story.sentences):
        raise IndexError(f"sentence {sentence_index} out of range 0..{len(ws.story.sentences) - 1}")
    idx = _index(ws)
    if _direct(ws, idx, character_id, sentence_index):
        return True
    end = len(ws.story.sentences) - 1 if by is None else by
    target: set[str] | None = None
    for sp in idx.speeches:
        if sp.sentence < sentence_index or sp.sentence > end or sp.speaker in (None, character_id):
            continue
        hearers = set(sp.addressees) | idx.present_at.get(sp.sentence, set())
        if character_id not in hearers or not _direct(ws, idx, sp.speaker or "", sentence_index):
            continue
        if target is None:
            target = _words(ws.story.sentence_text(sentence_index))
        if len(target & _words(ws.story.span_text(sp.content_span))) >= 2:
            return True
    return False


def accessibility(ws: WorldState, character_id: str, by: int | None = None) -> list[bool]:
    """``accessible(ws, character_id, k, by)`` for every sentence ``k`` at once.

    Same answers as calling :func:`accessible` per sentence, in time linear in the story: the
    "told later" test runs once per speech the character heard, over an index of which sentences
    share its words, instead of once per (sentence, speech) pair.
    """
    n = len(ws.story.sentences)
    idx = _index(ws)
    out = [False] * n
    for k in idx.reach.get(character_id, ()):
        holders = idx.private_only.get(k)
        if 0 <= k < n and (holders is None or character_id in holders):
            out[k] = True  # = _direct(ws, idx, character_id, k), from the index
    end = n - 1 if by is None else by
    heard = [
        sp
        for sp in idx.speeches
        if sp.speaker not in (None, character_id)
        and sp.sentence <= end
        and character_id in (set(sp.addressees) | idx.present_at.get(sp.sentence, set()))
    ]
    if not heard or all(out):
        return out
    postings = _word_postings(ws)
    for sp in heard:
        counts: dict[int, int] = defaultdict(int)
        for word in _words(ws.story.span_text(sp.content_span)):
            for k in postings.get(word, ()):
                if k <= sp.sentence:
                    counts[k] += 1
        for k, shared in counts.items():
            if shared >= 2 and not out[k] and _direct(ws, idx, sp.speaker or "", k):
                out[k] = True
    return out


_postings: IdentityCache[dict[str, list[int]]] = IdentityCache()


def _word_postings(ws: WorldState) -> dict[str, list[int]]:
    """word → indices of the sentences containing it (the words of :func:`_words`), cached per world."""

    def build() -> dict[str, list[int]]:
        postings: dict[str, list[int]] = defaultdict(list)
        for k in range(len(ws.story.sentences)):
            for word in _words(ws.story.sentence_text(k)):
                postings[word].append(k)
        return postings

    return _postings.get(ws, len(ws.story.sentences), build)
