"""Descriptions of two people that the entity-level passes must not join: a young one and an adult ("the
boy" / "the man", "the girl" / "the woman") or a man and a woman ("the king" / "the queen"), by WordNet's
person senses (``person_senses.py``). Like contrasting adjectives (``contrasts.keep_apart``), a cluster the
passes after the ranker merged is split back into groups of the ranker's pieces that do not clash, unless a
name ties them (both pieces hold the same name).
"""

from __future__ import annotations

from worldstate.extract.coref.contrasts import keep_apart
from worldstate.extract.coref.features import NOMINAL, MentionTable
from worldstate.extract.coref.person_senses import PersonSense, age_clash, person_sense, sex_clash


def person_of(table: MentionTable, i: int) -> PersonSense | None:
    """The person senses of description ``i``'s head noun; None for other mentions and other nouns."""
    if int(table.mtype[i]) != NOMINAL or bool(table.plural[i]):
        return None
    return person_sense(table.infos[i].lemma) if table.infos[i].lemma else None


def persons_clash(a: list[PersonSense], b: list[PersonSense]) -> bool:
    """Some description of ``a`` and some of ``b`` are of another sex or age class."""
    return any(sex_clash(x, y) or age_clash(x, y) for x in a for y in b)


def keep_persons_apart(table: MentionTable, before: list[int], after: list[int]) -> list[int]:
    """``after`` with each merged cluster split where the ranker's pieces ``before`` clash by sex or age."""
    return keep_apart(table, before, after, person_of, persons_clash)
