"""What a seeker never found stays unknown to them: "'I shall find him!' said the old man; but he never found
him. The floor was too open -- the pewter soldier had fallen through a crevice".

A narrated, negated verb of finding (``FIND_VERBS``: "never found him", "could not find it", "did not
discover it") with a subject and an object entity: the next ``REACH`` sentences that tell of that object (a
mention of it as the subject of a clause of the narration) are what the narrator tells, not what the seeker
perceives, though the seeker is there. They join the ``timeline.denials`` layer for the seeker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.extract.timeline.clause import direct_object, view_tokens

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.extract.timeline.clause import SentenceView, Token

FIND_VERBS = ("find", "discover", "locate")
REACH = 2  # the sentences after a failed search that may tell where the sought one is (hand-set)


def unfound(world: World) -> dict[int, set[str]]:
    """Sentence → the seekers who do not know what it tells of what they never found."""
    subjects = _narrated_subjects(world)
    out: dict[int, set[str]] = {}
    for view, tok in view_tokens(world):
        found = _failed_search(view, tok)
        if found is None:
            continue
        seeker, sought = found
        for k in range(view.index + 1, min(view.index + 1 + REACH, len(world))):
            if sought in subjects.get(k, set()):
                out.setdefault(k, set()).add(seeker)
    return out


def _failed_search(view: SentenceView, verb: Token) -> tuple[str, str] | None:
    """(seeker, sought) for a narrated negated finding of an entity, else None."""
    if verb.lemma_.lower() not in FIND_VERBS or view.story.speaker_at(view.offset + verb.idx)[0]:
        return None
    if not any(c.dep_ == "neg" for c in verb.children):
        return None
    seeker, sought = view.agent(verb), view.ent(direct_object(verb))
    if not seeker or not sought or seeker == sought:
        return None
    return seeker, sought


def _narrated_subjects(world: World) -> dict[int, set[str]]:
    """Sentence → the entities named as the subject of a clause of its narration."""
    out: dict[int, set[str]] = {}
    for view, tok in view_tokens(world):
        if tok.dep_ in ("nsubj", "nsubjpass") and not view.story.speaker_at(view.offset + tok.idx)[0]:
            who = view.ent(tok)
            if who:
                out.setdefault(view.index, set()).add(who)
    return out
