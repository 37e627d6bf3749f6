"""How much of Acts 2–3 depends on an Act-1 fact (the paper's 1–4 impact score).

Dependency = the later sentences that mention the fact's subject: via the world state's entity
mentions when a world state is given, else via the parse (lemma or name matches).
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from worldstate.make.acts import Acts
from worldstate.make.facts import Fact
from worldstate.state import Story, WorldState

KEEP_SCORES = (2, 3)  # the paper keeps facts of moderate impact


def dependent_sentences(fact: Fact, doc: Doc, story: Story, acts: Acts, ws: WorldState | None = None) -> set[int]:
    """Indices of Act 2–3 sentences that mention the fact's subject."""
    later = set(acts.later)
    head = fact.subject.split()[-1]
    if ws is not None:
        entity = ws.entity_by_name(fact.subject) or ws.entity_by_name(head)
        if entity is not None:
            # by offset: the extractor may split sentences differently from ``story``
            found = {story.sentence_at(m.span.start) for m in ws.mentions if m.entity == entity.id} & later
            if found:
                return found
    if fact.kind == "name":
        pattern = re.compile(rf"(?<!\w){re.escape(fact.subject)}(?!\w)")
        return {story.sentence_at(m.start()) for m in pattern.finditer(story.text)} & later
    return {story.sentence_at(t.idx) for t in doc if t.lemma_.lower() == head.lower()} & later


def impact_score(n_dependent: int, n_later: int) -> int:
    """1 = Acts 2–3 do not depend on it; 2 = a little; 3 = much; 4 = it pervades the story."""
    if n_dependent == 0:
        return 1
    share = n_dependent / max(1, n_later)
    if n_dependent <= 3 and share < 0.2:
        return 2
    if share < 0.5:
        return 3
    return 4
