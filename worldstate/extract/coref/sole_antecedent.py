"""Mention-level pass: a he/she whose sentence names exactly one person of its gender before it belongs
to that person ("The king came in the morning, and, finding all he wanted, was forced to keep his word").

The greedy ranker can give such a pronoun to a cluster met earlier; here, when the sentence holds
exactly one earlier name or description of a person, the subject of its clause (``SUBJECT_ONLY``), of
the pronoun's gender (its own, else its cluster's), singular and on the same side of a quotation mark,
and no he/she of the other gender stands between them, the pronoun moves to that person's cluster.
"""

from __future__ import annotations

from worldstate.extract.coref.features import KINDS, NAME, NOMINAL, PRON3, MentionTable
from worldstate.extract.coref.merge import summarize_clusters

CHARACTER = KINDS.index("character")
# LitBank dev, document-level 5-fold CV with the other passes on: the person as subject of its clause
# only: conll 0.684, clusters per character 4.16, merged documents 0.70 (the passes without this one:
# 0.684 / 4.13 / 0.70); any person: 0.682 / 4.20 / 0.65.
SUBJECT_ONLY = True


def is_person(table: MentionTable, j: int) -> bool:
    """A character by the rule pass, a lexicon person noun or PERSON name, or a mention detected as PER."""
    info = table.infos[j]
    return int(table.kind[j]) == CHARACTER or info.person_hint or info.mention.category == "PER"


def attach_to_sole_antecedent(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each he/she moved to the one person its sentence names before it."""
    out = list(cluster_of)
    info = summarize_clusters(table, out)
    n = len(out)
    i = 0
    while i < n:
        s = int(table.sentence[i])
        k = i
        while k < n and int(table.sentence[k]) == s:
            k += 1
        _fix_sentence(table, out, info, range(i, k))
        i = k
    return out


def _fix_sentence(table: MentionTable, out: list[int], info: dict, idxs: range) -> None:
    persons: list[int] = []
    for i in idxs:
        t = int(table.mtype[i])
        if t in (NAME, NOMINAL) and is_person(table, i):
            persons.append(i)
            continue
        if t != PRON3 or not int(table.gender[i]):
            continue
        g = int(table.gender[i])
        if len(persons) != 1:
            continue
        j = persons[0]
        if (
            (SUBJECT_ONLY and int(table.role[j]) != 0)
            or bool(table.plural[j])
            or (int(table.quote[j]) >= 0) != (int(table.quote[i]) >= 0)
        ):
            continue
        gj = int(table.gender[j]) or info[out[j]].gender()
        if gj != g:
            continue
        between = [m for m in range(j + 1, i) if int(table.mtype[m]) == PRON3 and int(table.gender[m]) not in (0, g)]
        if between or out[i] == out[j]:
            continue
        out[i] = out[j]
