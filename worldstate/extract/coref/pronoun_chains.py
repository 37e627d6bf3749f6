"""Entity-level pass for he/she chains the ranker left without a name: "he … his … him" split off a
character after a long speech or a scene change.

A cluster of third-person singular pronouns only, all of one gender, joins the one character of that
gender mentioned by name or description in the sentences just before its first pronoun (``WINDOW``
sentences, its own included). When two or more such characters are there, or none, it stays apart:
what cannot be resolved is left unresolved.
"""

from __future__ import annotations

from worldstate.extract.coref.features import NAME, NOMINAL, PRON3, MentionTable
from worldstate.extract.coref.merge import chains_of_type, summarize_clusters

WINDOW = 2  # sentences before the chain's first pronoun
STRICT_GENDER = True  # a character of unknown gender there counts as a rival


def join_pronoun_chains(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each unnamed he/she chain joined to the one compatible character just before it."""
    out = list(cluster_of)
    info = summarize_clusters(table, out)
    target: dict[int, int] = {}
    for c, idxs in chains_of_type(table, out, PRON3):
        genders = {int(table.gender[i]) for i in idxs}
        if len(genders) != 1 or 0 in genders:
            continue
        g = genders.pop()
        first = idxs[0]
        start = int(table.sentence[first]) - WINDOW
        found: set[int] = set()
        for j in range(first - 1, -1, -1):
            if int(table.sentence[j]) < start:
                break
            a = out[j]
            if a == c or int(table.mtype[j]) not in (NAME, NOMINAL) or bool(table.plural[j]):
                continue
            ga = info[a].gender() or int(table.gender[j])
            if ga == g or (not STRICT_GENDER and ga == 0):
                found.add(a)
            elif ga == 0 and STRICT_GENDER:
                found.add(-1 - a)  # a character of unknown gender: the chain may be theirs
        if len(found) == 1 and min(found) >= 0:
            target[c] = found.pop()
    return [target.get(c, c) for c in out]
