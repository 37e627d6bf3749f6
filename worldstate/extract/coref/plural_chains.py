"""Entity-level pass for they/them chains the ranker left without a name: "they … their … them" about
"the women" that never joined "the women".

A cluster of third-person plural pronouns only joins the one plural group mentioned by name or
description in the sentences just before its first pronoun (``WINDOW`` sentences, its own included),
on the same side of a quotation mark, and never a group that binds one of its pronouns ("the birds had
picked them up": not the birds; ``binding.py``). When two or more groups are there, or none, it stays
apart: what cannot be resolved is left unresolved.
"""

from __future__ import annotations

from worldstate.extract.coref.features import KINDS, NAME, NOMINAL, PLURAL, MentionTable
from worldstate.extract.coref.merge import chains_of_type, summarize_clusters

# LitBank dev, 2026-11-27 (document-level 5-fold CV, seed 0, threshold 0.3): CoNLL F1 0.6965 -> 0.6969 (with
# ``persons_apart``); WINDOW 1 / 2 / 3 gave 0.6986 / 0.6986 / 0.6985 with the day's other changes. Only groups
# the mention detector typed (a LitBank category) as candidates: 0.6963 (fewer rivals, more wrong joins).
WINDOW = 2  # sentences before the chain's first pronoun
GROUP = KINDS.index("group")


def join_plural_chains(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each unnamed they/them chain joined to the one plural group just before it."""
    out = list(cluster_of)
    info = summarize_clusters(table, out)
    target: dict[int, int] = {}
    for c, idxs in chains_of_type(table, out, PLURAL):
        first = idxs[0]
        quoted = int(table.quote[first]) >= 0
        start = int(table.sentence[first]) - WINDOW
        binders = getattr(table, "binders", None)
        bound = {out[b] for i in idxs for b in (binders[i] if binders is not None else ())}
        found: set[int] = set()
        for j in range(first - 1, -1, -1):
            if int(table.sentence[j]) < start:
                break
            a = out[j]
            if (
                a == c
                or a in bound
                or int(table.mtype[j]) not in (NAME, NOMINAL)
                or (int(table.quote[j]) >= 0) != quoted
            ):
                continue
            if bool(table.plural[j]) or int(table.kind[j]) == GROUP or info[a].plural > 0:
                found.add(a)
        if len(found) == 1:
            target[c] = found.pop()
    return [target.get(c, c) for c in out]
