"""Binding constraints that catch a subject pronoun resolved to the wrong character, for the timeline.

Two of the binding principles hold of English prose almost without exception:

- a non-reflexive object pronoun is not its own clause's subject ("he gave him" is two people; the
  same person would be "himself");
- a pronoun is not a name or noun phrase inside its own clause ("he saw that the wolf was lying in
  it", "he took the string ... while Hans went on": "he" is not the wolf, not Hans).

When coreference puts the subject pronoun on the same character as such a mention, the pronoun is
re-resolved to the nearest earlier character of its gender that is not that one, and so is a later
same subject pronoun of the sentence that coreference gave the same entity. Only the timeline
reads the result (``SentenceView.ent``); the World's mentions stay as coreference left them.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from worldstate.state import EntityKind, WorldState

Token = Any  # a spaCy Token

_SUBJECT_PRONOUNS = {"he": "male", "she": "female"}
_OBJECT_PRONOUNS = {"him", "her", "them"}
_LOOK_BACK = 6  # sentences searched for the pronoun's other antecedent
SAME_PRONOUN_FOLLOWS = True  # a later same subject pronoun of the sentence with the same wrong entity moves too


def rebind(
    doc: Any,
    offset: int,
    raw_entity: Callable[[Token], str | None],
    ws: WorldState,
    starts: list[int],
    mentions: list[Any],
    sentence: int,
) -> dict[int, str]:
    """Token index → entity for the subject pronouns of ``doc`` whose resolution breaks a binding
    constraint and that have a better antecedent (``mentions`` sorted by start, ``starts`` their starts)."""
    out: dict[int, str] = {}
    moved: dict[tuple[str, str], str] = {}  # (pronoun, wrong entity) → the entity it was moved to
    for pron in doc:
        gender = _SUBJECT_PRONOUNS.get(pron.lower_)
        if gender is None or pron.dep_ not in ("nsubj", "nsubjpass"):
            continue
        wrong = raw_entity(pron)
        if not wrong:
            continue
        if (pron.lower_, wrong) in moved and SAME_PRONOUN_FOLLOWS:
            out[pron.i] = moved[(pron.lower_, wrong)]  # "he was going to fire at him, … so he did not fire"
            continue
        if not _clashes(pron, wrong, raw_entity):
            continue
        other = _nearest_other(offset + pron.idx, wrong, gender, ws, starts, mentions, sentence)
        if other:
            out[pron.i] = other
            moved[(pron.lower_, wrong)] = other
    return out


def _clashes(pron: Token, entity: str, raw_entity: Callable[[Token], str | None]) -> bool:
    """True when an object pronoun of the pronoun's clause, or a name or noun inside the clause after
    it, names ``entity`` too."""
    verb = pron.head
    for v in [verb, *(c for c in verb.children if c.dep_ == "xcomp")]:
        objects = [c for c in v.children if c.dep_ in ("dobj", "dative")]
        objects += [g for c in v.children if c.dep_ in ("prep", "dative") for g in c.children if g.dep_ == "pobj"]
        if any(o.lower_ in _OBJECT_PRONOUNS and raw_entity(o) == entity for o in objects):
            return True
    for tok in verb.subtree:
        if tok.i <= pron.i or tok.pos_ not in ("PROPN", "NOUN") or tok.dep_ in ("appos", "npadvmod", "poss"):
            continue
        if raw_entity(tok) == entity:
            return True
    return False


def _nearest_other(
    at: int, wrong: str, gender: str, ws: WorldState, starts: list[int], mentions: list[Any], sentence: int
) -> str | None:
    """The entity of the nearest mention before ``at`` (this sentence or the few before) that is a
    character of a compatible gender other than ``wrong``."""
    k = bisect.bisect_left(starts, at)
    for m in reversed(mentions[max(0, k - 60) : k]):
        if m.sentence < sentence - _LOOK_BACK:
            break
        if m.entity == wrong:
            continue
        try:
            ent = ws.entity(m.entity)
        except KeyError:
            continue
        if ent.kind == EntityKind.CHARACTER and ent.gender in ("", gender) and ent.number != "plural":
            return ent.id
    return None
