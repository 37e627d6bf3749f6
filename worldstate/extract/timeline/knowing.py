"""The lookup layers :func:`worldstate.query.knows` reads (declared in :mod:`worldstate.layers`): who
perceives which sentences, who speaks or hears which speeches, who overhears, "X heard this", reported
telling ("it told her that …"), told perceptions ("he saw that …") and denials ("she did not know")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.extract.timeline.clause import view_tokens
from worldstate.extract.timeline.group_membership import with_members
from worldstate.state import Speech

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.extract.timeline.clause import StoryIndex

_DENY = ("know", "see", "notice", "hear", "suspect", "dream", "guess", "perceive", "realise", "realize")


def find_perceiving(world: World) -> dict[str, list[int]]:
    """The ``timeline.perceiving`` layer: entity → the sentences it perceives where they happen
    (:func:`.presence.perceivers_at`), in order."""
    from worldstate.extract.timeline.presence import perceivers_at

    out: dict[str, list[int]] = {}
    for s in range(len(world)):
        for entity in perceivers_at(world, s):
            out.setdefault(entity, []).append(s)
    return out


def find_seen_by(world: World) -> dict[str, set[int]]:
    """The ``timeline.seen_by`` layer: perceiver → the sentences of the events the knowledge layer says it
    perceived explicitly."""
    by_event = {ev.id: ev.sentence for ev in world.state.events}
    out: dict[str, set[int]] = {}
    for p in world.state.perceptions:
        if p.explicit and p.event in by_event:
            out.setdefault(p.perceiver, set()).add(by_event[p.event])
    return out


def find_speech_sentences(world: World) -> dict[str, list[tuple[Speech, int, int]]]:
    """The ``timeline.speeches_of`` layer: speaker or addressee → the speeches they speak or hear, in story
    order, each with the sentences its words begin and end in."""
    story = world.story
    out: dict[str, list[tuple[Speech, int, int]]] = {}
    for sp in world.state.speeches:
        first = story.sentence_at(sp.content_span.start)
        end = story.sentence_at(max(sp.content_span.end - 1, sp.content_span.start))
        for entity in dict.fromkeys([sp.speaker, *sp.addressees]):
            if entity:
                out.setdefault(entity, []).append((sp, first, end))
    return out


def find_overheard_by(world: World) -> dict[str, list[tuple[int, str, int, str | None]]]:
    """The ``timeline.overheard_by`` layer: the presence layer's overhearings grouped by hearer, in their order."""
    from worldstate.extract.timeline.presence import overheard

    out: dict[str, list[tuple[int, str, int, str | None]]] = {}
    for row in overheard(world):
        out.setdefault(row[1], []).append(row)
    return out


def find_heard(world: World) -> list[tuple[int, str]]:
    """The ``timeline.heard`` layer (see :func:`_heard`)."""
    out = []
    for view, tok in view_tokens(world):
        if tok.lemma_ not in ("hear", "overhear") or view.story.speaker_at(view.offset + tok.idx)[0]:
            continue
        obj = next((c for c in tok.children if c.dep_ == "dobj"), None)
        if obj is not None and obj.lower_ in ("this", "that", "it", "these", "words", "all"):
            hearer = view.agent(tok)
            if hearer:
                out += [(view.index, who) for who in with_members(world, hearer)]  # a group hears for each member
    return out


def find_reported(world: World) -> list[tuple[int, str | None, str]]:
    """The ``timeline.reported_speech`` layer (see :func:`_reported`)."""
    from worldstate.extract.timeline.telling import reported_telling

    out = []
    for view, tok in view_tokens(world):
        told = reported_telling(view, tok)  # "told her that …", "told her father all that had happened"
        if told is not None:
            out.append((view.index, *told))
    return out


_PERCEIVE = ("see", "hear", "notice", "perceive", "observe", "discover", "find", "learn", "realise", "realize")


def find_perceived(world: World) -> list[tuple[int, str]]:
    """The ``timeline.perceived`` layer (see :func:`_perceived`)."""
    from worldstate.state.timeline import Modality

    out = []
    for view, tok in view_tokens(world):
        if tok.lemma_ not in _PERCEIVE or not any(
            c.dep_ == "ccomp" and any(m.dep_ == "mark" and m.lower_ == "that" for m in c.children) for c in tok.children
        ):
            continue
        seer = view.agent(tok)
        if seer and view.modality(tok)[0] == Modality.ASSERTED:
            out += [(view.index, who) for who in with_members(world, seer)]  # a group sees for each member
    return out


def find_denials(world: World) -> dict[int, set[str]]:
    """The ``timeline.denials`` layer: sentence → the entities it says did not know or see (subjects of a
    negated knowing verb), and the sentences telling of what a seeker never found (:mod:`.unfound`)."""
    from worldstate.extract.timeline.unfound import unfound

    index = world.layer("timeline.story_index")
    out: dict[int, set[str]] = {}
    for sentence, doc in enumerate(world.sentence_docs):
        if doc is None:
            continue
        start = world.spans[sentence].start
        found = world.text.find(doc.text[:40], max(0, start - 20))
        offset = found if found != -1 else start
        for tok in doc:
            if tok.lemma_ in _DENY and any(c.dep_ == "neg" for c in tok.children):
                subj = next((c for c in tok.children if c.dep_ in ("nsubj",)), None)
                who = None if subj is None else index.entity_at(offset + subj.idx, offset + subj.idx + len(subj.text))
                if who:
                    out.setdefault(sentence, set()).update(with_members(world, who))  # a group's for each member
    for sentence, seekers in unfound(world).items():  # "he never found him. The soldier had fallen …"
        out.setdefault(sentence, set()).update(seekers)
    return out


def story_index(world: World) -> StoryIndex:
    """The ``timeline.story_index`` layer: mention offsets → entity ids."""
    from worldstate.extract.timeline.clause import StoryIndex

    return StoryIndex.of(world.state)
