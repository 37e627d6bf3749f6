"""Places and things described again: "the store" … "the store", "the old house" … "the house".

The mention ranker links a description only above its threshold, and the entity-level pass for descriptions
(``descriptions.py``) leaves a head word alone once two clusters hold it ("which one is meant is not told"):
so a place the story calls "the house" six times can end up as four or five entities, each new one making
the next merge look ambiguous. A place or a thing is rarely a rival of itself the way two persons are, so
here, left to right, a definite description ("the", "this", "that" + noun) of a place or an object joins the
cluster of the latest earlier mention of the same head word (a description or a name, "a store" too) when:

* both are places or objects (the rule pass's kind), with no person hint and not typed PER, and neither
  cluster holds a person (a character or group mention, a he/she);
* their modifiers are compatible: the content words of one hold those of the other ("the old house" and
  "the house" in either order; "the red door" and "the blue door" are two doors, as are "the county of
  Gloucester" and "the county of Somerset");
* they agree in number and are at most ``MAX_GAP`` sentences apart.

The latest earlier mention is the latest one the description is compatible with: "the red door … the blue
door … the red door" joins the first red door.
"""

from __future__ import annotations

import bisect

from worldstate.extract.coref.descriptions import description_modifiers
from worldstate.extract.coref.features import KINDS, NAME, NOMINAL, MentionTable

DEFINITE = frozenset({"the", "this", "that", "these", "those"})
THING_KINDS = frozenset({KINDS.index("place"), KINDS.index("object")})
PERSON_KINDS = frozenset({KINDS.index("character"), KINDS.index("group")})
# Sentences between a description and the earlier mention it joins. LitBank dev, 2026-11-27, the links this pass
# makes on the out-of-fold clusters of ``bench tune litbank-coref`` (5 folds, seed 0, threshold 0.3), counted
# where both mentions are gold mentions: within 20 sentences 50 in one gold cluster and 21 in two, beyond 20 5
# and 10. By CV (pooled CoNLL F1): 0.6996 with 20, 0.6997 with no limit, 0.6979 without the pass.
MAX_GAP = 20
# The earlier mention must be a definite or possessed description too ("the store", "his cellar"), not a name
# ("Columbia City" … "the city") nor an indefinite or bare noun ("one store" … "the store"). Counted as above
# (no gap limit): names 4 links right and 6 wrong, indefinite descriptions 4 and 6, bare nouns 2 and 3. By CV
# 0.6996 this way, 0.6997 with every antecedent (both MAX_GAP 20): the gold pairs decide.
DEFINITE_ANTECEDENT = True
OWNERS = frozenset({"my", "our", "your", "his", "her", "its", "their", "thy"})


def is_thing(table: MentionTable, i: int) -> bool:
    """A mention of a place or an object: the rule pass's kind, no person noun or PERSON name, not typed PER."""
    info = table.infos[i]
    if int(table.kind[i]) not in THING_KINDS or info.person_hint or info.mention.category == "PER":
        return False
    return int(table.mtype[i]) in (NAME, NOMINAL)


def _has_person(table: MentionTable, members: list[int]) -> bool:
    """Does a cluster hold a person: a mention whose rule entity is a character or a group, a person noun,
    a PER mention, or a pronoun of a person?"""
    for m in members:
        info = table.infos[m]
        if int(table.kind[m]) in PERSON_KINDS or info.person_hint or info.mention.category == "PER":
            return True
        if int(table.mtype[m]) not in (NAME, NOMINAL) or int(table.gender[m]):
            return True
    return False


def compatible(text_a: str, text_b: str, head: str) -> bool:
    """Two descriptions of one head word whose modifiers one holds all of the other's."""
    a, b = description_modifiers(text_a, head), description_modifiers(text_b, head)
    return a <= b or b <= a


def latest_compatible(text: str, head: str, earlier: list[tuple[str, str]]) -> str | None:
    """The entity of the latest of ``earlier`` ((description, entity) pairs of ``head``, in text order) whose
    modifiers are compatible with ``text``'s; None when none is (the rule pass's view of the same test)."""
    return next((ent for other, ent in reversed(earlier) if compatible(text, other, head)), None)


def join_repeated_things(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each definite description of a place or thing joined to the cluster of the latest
    compatible earlier mention of its head word (the module docstring's conditions)."""
    out = list(cluster_of)
    members: dict[int, list[int]] = {}
    for m, c in enumerate(out):
        members.setdefault(c, []).append(m)
    person = {c: _has_person(table, ms) for c, ms in members.items()}
    by_head: dict[int, list[int]] = {}
    for k in range(len(out)):
        if int(table.head_key[k]) >= 0 and is_thing(table, k):
            by_head.setdefault(int(table.head_key[k]), []).append(k)
    for i in range(len(out)):
        if int(table.mtype[i]) != NOMINAL or not is_thing(table, i) or person[out[i]]:
            continue
        words = table.infos[i].mention.text.lower().split()
        if not words or words[0] not in DEFINITE:
            continue
        j = _antecedent(table, out, by_head, i)
        if j is None or person[out[j]]:
            continue
        a, c = out[j], out[i]
        for m in members[c]:
            out[m] = a
        members[a] = sorted(members[a] + members.pop(c))
    return out


def _antecedent(table: MentionTable, cluster_of: list[int], by_head: dict[int, list[int]], i: int) -> int | None:
    """The latest earlier thing mention of ``i``'s head, outside its cluster, within MAX_GAP sentences, of
    its number and with compatible modifiers; None when there is none."""
    same = by_head.get(int(table.head_key[i]), [])
    text = table.infos[i].mention.text
    head = table.infos[i].lemma.lower()
    for j in reversed(same[: bisect.bisect_left(same, i)]):
        if int(table.sentence[i]) - int(table.sentence[j]) > MAX_GAP:
            return None
        if cluster_of[j] == cluster_of[i]:
            return None  # already joined to the latest one it may mean
        if bool(table.plural[i]) != bool(table.plural[j]) or not _may_be_antecedent(table, j):
            continue
        if compatible(text, table.infos[j].mention.text, head):
            return j
    return None


def _may_be_antecedent(table: MentionTable, j: int) -> bool:
    """A definite or possessed description (``DEFINITE_ANTECEDENT``), else any thing mention."""
    if not DEFINITE_ANTECEDENT:
        return True
    words = table.infos[j].mention.text.lower().split()
    return int(table.mtype[j]) == NOMINAL and bool(words) and (words[0] in DEFINITE or words[0] in OWNERS)
