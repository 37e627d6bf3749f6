"""Knowledge leaks: a sentence whose specific content appears elsewhere in the story only where its
knower could not have learned it — later (the future) or in a sentence inaccessible to them.

For each ordered pair (i, j) of sentences, the *overlap* is the share of sentence i's specific
content words (lemmas that occur in at most two sentences of the story) that sentence j also has,
blended with their embedding similarity. A pair is a leak candidate when
- j comes after i (i states something the story only narrates later), or
- j comes before i and is inaccessible to the characters who speak or act in i (``kn_access``);
speech and thought sentences (quotes, mental verbs) weigh more, since the task is about what a
character shows they know; of a pair, the speech/thought side is reported as the error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from worldstate.detect.knowledge.access import sentence_access
from worldstate.detect.knowledge.world_access import world_inaccessibility
from worldstate.detect.storyview import StoryView, has_quote
from worldstate.state import WorldState


@dataclass(frozen=True)
class Leak:
    """Sentence ``sentence`` shows content found (only) in ``source``; higher ``score`` = more suspicious."""

    sentence: int
    source: int
    score: float
    overlap: float
    direction: str  # "future" or "hidden"
    knower: str


def specific_lemmas(view: StoryView, max_sentences: int = 2) -> list[set[str]]:
    """Each sentence's content lemmas that occur in at most ``max_sentences`` sentences."""
    counts = Counter(lemma for lemmas in view.lemmas for lemma in lemmas)
    return [{lemma for lemma in lemmas if counts[lemma] <= max_sentences} for lemmas in view.lemmas]


def top_overlaps(view: StoryView, k: int = 3, block_size: int = 256) -> list[list[tuple[int, float]]]:
    """For each sentence, its ``k`` most-overlapping other sentences (index, overlap), best first.

    Computed in blocks of rows, so memory stays O(block_size × n) and the pairwise part is numpy work.
    """
    out: list[list[tuple[int, float]]] = []
    for _, block in _overlap_blocks(view, block_size):
        for row in block:
            order = np.argsort(-row)[:k]
            out.append([(int(j), float(row[j])) for j in order])
    return out


def _overlap_blocks(view: StoryView, block_size: int):
    from scipy import sparse

    specific = specific_lemmas(view)
    vocabulary: dict[str, int] = {}
    for lemmas in view.lemmas:
        for lemma in lemmas:
            vocabulary.setdefault(lemma, len(vocabulary))
    n = len(view)

    def incidence(sets: list[set[str]]) -> sparse.csr_matrix:
        rows, cols = [], []
        for i, lemmas in enumerate(sets):
            for lemma in lemmas:
                rows.append(i)
                cols.append(vocabulary[lemma])
        data = np.ones(len(rows), dtype=np.float64)
        return sparse.csr_matrix((data, (rows, cols)), shape=(n, max(1, len(vocabulary))))

    spec_m = incidence([spec if len(spec) >= 2 else set() for spec in specific])
    all_m = incidence(view.lemmas).T.tocsc()
    sizes = np.array([len(spec) if len(spec) >= 2 else 1 for spec in specific], dtype=np.float64)
    embeddings = view.embeddings
    for start in range(0, n, block_size):
        stop = min(n, start + block_size)
        lexical = (spec_m[start:stop] @ all_m).toarray() / sizes[start:stop, None]
        cosine = embeddings[start:stop] @ embeddings.T
        for r in range(stop - start):
            lexical[r, start + r] = 0.0
            cosine[r, start + r] = 0.0
        yield start, 0.5 * lexical + 0.5 * np.clip(cosine, 0.0, 1.0)


def knowers(view: StoryView, index: int) -> list[str]:
    """Named people who speak, think or act in sentence ``index`` (its PERSON entities, else PROPN subjects)."""
    doc = view.docs[index]
    names = [ent.text for ent in doc.ents if ent.label_ == "PERSON"]
    names += [t.text for t in doc if t.pos_ == "PROPN" and t.dep_ in {"nsubj", "nsubjpass"}]
    return list(dict.fromkeys(names))


def is_mental(view: StoryView, index: int) -> bool:
    """Speech or thought: a quotation, or a verb of saying/knowing/thinking."""
    if has_quote(view.sentences[index]):
        return True
    verbs = {"say", "tell", "ask", "know", "think", "wonder", "realize", "realise", "guess", "predict", "warn"}
    return any(t.lemma_.lower() in verbs for t in view.docs[index] if t.pos_ == "VERB")


def find_leaks(
    view: StoryView,
    mental_weight: float = 1.0,
    plain_weight: float = 0.8,
    ws: WorldState | None = None,
    world_weight: float = 0.0,
    speaker_knowers: bool = False,
    lanes: bool = False,
) -> list[Leak]:
    """Leak candidates, most suspicious first (one per sentence: its best source).

    With a world state ``ws``, a source's inaccessibility blends the stand-in score with the
    extractor's access model: ``(1 - world_weight) * stand-in + world_weight * extractor``; with
    ``lanes``, a source the knower knows per the knowledge lanes (told, overheard, witnessed) is no leak.
    """
    neighbours = top_overlaps(view, k=3)
    spoken = spoken_sentences(view)
    access_cache: dict[str, list[float]] = {}
    speakers = speakers_by_sentence(view, ws) if ws is not None and speaker_knowers else {}
    leaks: list[Leak] = []
    view.parse_many([name for i in range(len(view)) for name in knowers(view, i)])  # their name keys, batched
    for i in range(len(view)):
        weight = mental_weight if is_mental(view, i) else plain_weight
        people = knowers(view, i)
        people += [name for name in speakers.get(i, []) if name not in people]
        best: Leak | None = None
        for j, value in neighbours[i]:
            if value <= 0:
                break
            if j > i and i in spoken and j in spoken:
                continue  # a line said twice ("that is the morning sun"): a repetition, no narration to leak
            if j > i:
                direction, knower, factor = "future", people[0] if people else "", 1.0
            else:
                hidden = [(p, _access(view, p, access_cache, ws, world_weight, lanes)[j]) for p in people]
                if not hidden:
                    continue
                knower, inaccessible = max(hidden, key=lambda x: x[1])
                direction, factor = "hidden", inaccessible
            score = float(value * weight * factor)
            if best is None or score > best.score:
                best = Leak(i, j, score, float(value), direction, knower)
        if best is not None:
            best = _error_side(view, best)
            if best.direction == "future":
                best = _speaker_side(
                    view, best, speakers, lambda p: _access(view, p, access_cache, ws, world_weight, lanes)
                )
            leaks.append(best)
    return sorted(leaks, key=lambda leak: -leak.score)


def spoken_sentences(view: StoryView) -> set[int]:
    """The sentences that hold speech, in any quoting style: double or single quotes (the quote layer of
    the World), or a double quotation mark the quote layer did not pair."""
    out = {i for i, text in enumerate(view.sentences) if has_quote(text)}
    for sp in view.world.state.speeches:
        first = view.sentence_of(sp.content_span.start)
        last = view.sentence_of(max(sp.content_span.end - 1, sp.content_span.start))
        out.update(range(first, last + 1))
    return out


def speakers_by_sentence(view: StoryView, ws: WorldState) -> dict[int, list[str]]:
    """View sentence → names of the characters the extractor found speaking in it (resolving "he asked")."""
    out: dict[int, list[str]] = {}
    for sp in ws.speeches:
        if sp.speaker is None or sp.speaker == "narrator":
            continue
        try:
            name = ws.entity(sp.speaker).name
        except KeyError:
            continue
        index = view.sentence_of(sp.content_span.start)
        if name not in out.setdefault(index, []):
            out[index].append(name)
    return out


def _error_side(view: StoryView, leak: Leak) -> Leak:
    """Report the speech/thought side of a pair: when the earlier sentence is plain narration and the
    later one is speech or thought, the later one shows knowledge of the earlier (hidden) narration."""
    if leak.direction != "future" or is_mental(view, leak.sentence) or not is_mental(view, leak.source):
        return leak
    people = knowers(view, leak.source)
    return Leak(leak.source, leak.sentence, leak.score, leak.overlap, "hidden", people[0] if people else "")


def _speaker_side(
    view: StoryView, leak: Leak, speakers: dict[int, list[str]], access: Callable[[str], list[float]]
) -> Leak:
    """A "future" pair whose later sentence is spoken by someone who could not access the earlier one
    (the extractor's scenes): the speaker shows knowledge of hidden narration, so report the speech."""
    for name in speakers.get(leak.source, []):
        if access(name)[leak.sentence] >= 0.5:
            return Leak(leak.source, leak.sentence, leak.score, leak.overlap, "hidden", name)
    return leak


def _access(
    view: StoryView,
    person: str,
    cache: dict[str, list[float]],
    ws: WorldState | None,
    world_weight: float,
    lanes: bool = False,
) -> list[float]:
    if person not in cache:
        standin = [a.score for a in sentence_access(view, person)]
        if ws is None or world_weight <= 0:
            cache[person] = standin
        else:
            world = world_inaccessibility(ws, view, person, lanes=lanes)
            cache[person] = [(1 - world_weight) * s + world_weight * w for s, w in zip(standin, world, strict=True)]
        if ws is not None and lanes:
            known = _known_view_sentences(view, ws, person)
            cache[person] = [0.0 if k in known else v for k, v in enumerate(cache[person])]
    return cache[person]


def _known_view_sentences(view: StoryView, ws: WorldState, person: str) -> set[int]:
    """View sentences all of whose world-state sentences ``person`` knows per the knowledge lanes."""
    from worldstate.detect.knowledge.world_access import coverage, lane_known
    from worldstate.query import find_character

    cid = find_character(ws, person)
    if cid is None or not ws.story.sentences:
        return set()
    known = lane_known(view, cid)
    first, last = coverage(ws, view)
    return {i for i in range(len(view)) if all(k in known for k in range(int(first[i]), int(last[i]) + 1))}
