"""Entity-level pass for the narrator's own words: chains of narrative "I" or "we" split from their own.

Outside quotation marks "I" is the narrator and "we" the narrator's party all through a story opening,
so the ranker's clusters made only of them are one entity each: every cluster of narrative "we"/"our"/"us"
alone joins the first such cluster, and (``NARRATOR_CHAINS``) every cluster of narrative "I"/"me"/"my"
alone joins the cluster holding most of the narrative "I"s. Quoted I/we belong to their speakers and
are left to the speech layer.
"""

from __future__ import annotations

from worldstate.extract.coref.features import NARRATOR, WE, MentionTable

# LitBank dev, document-level 5-fold CV (ranker per fold, all passes on): both on conll 0.684, clusters per
# character 4.13; "we" chains off 0.685 / 4.17; "I" chains off 0.677 / 4.22.
NARRATOR_CHAINS = True
WE_CHAINS = True


def merge_first_person(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with the narrative-"we" chains joined together, and the narrative-"I" chains
    joined to the narrator's main cluster."""
    members: dict[int, list[int]] = {}
    for i, c in enumerate(cluster_of):
        members.setdefault(c, []).append(i)
    target: dict[int, int] = {}
    for mtype, on in ((WE, WE_CHAINS), (NARRATOR, NARRATOR_CHAINS)):
        if not on:
            continue
        alone = [
            c
            for c, idxs in members.items()
            if all(int(table.mtype[i]) == mtype and int(table.quote[i]) < 0 for i in idxs)
        ]
        if not alone:
            continue
        counts = {
            c: sum(1 for i in idxs if int(table.mtype[i]) == mtype and int(table.quote[i]) < 0)
            for c, idxs in members.items()
        }
        main = min(alone) if mtype == WE else max(counts, key=lambda c: (counts[c], -c))
        for c in alone:
            if c != main:
                target[c] = main
    return [target.get(c, c) for c in cluster_of]
