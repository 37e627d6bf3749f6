"""Grammatical persons that never name one person: who speaks is not who is spoken to.

Outside quotation marks the narrator's "I" and the "you" of the narration (the reader, a letter's
addressee, or anyone at all: "you have to back that up with other sciences") are two people, so the
ranker keeps a narrative "you" out of the narrator's cluster and the narrator's "I" out of a cluster
holding a narrative "you" (``NARRATION``). Inside one quotation the speaker's "I" and the listener's
"you" are two people too (``SAME_QUOTE``, off); across quotations they may be one (the turns of a dialogue).
"""

from __future__ import annotations

import numpy as np

from worldstate.extract.coref.features import NARRATOR, QUOTE_I, YOU, MentionTable

# LitBank dev, 2026-11-27 (document-level 5-fold CV, seed 0, threshold 0.3, the ranker refitted per fold): CoNLL
# F1 0.6953 -> 0.6965 with NARRATION (narrative "you" as a singleton: 78 of the 99 gold singletons right, 48
# before); with the other changes of that day (``plural_chains``, ``first_person.WE_CHAINS`` off) 0.6979 ->
# 0.6986 with SAME_QUOTE, but state questions (tune split) 0.758 against 0.767 without it (Holmes's place lost;
# Clever Grethel split in two where her own quote's "I" and "you" were both read as hers), so it is off.
NARRATION = True
SAME_QUOTE = False


class PersonsApart:
    """Per cluster: its narrative I's and you's, and the quotations holding its I's and its you's."""

    def __init__(self, table: MentionTable) -> None:
        n = len(table.infos)
        self.table = table
        self.narrator = np.zeros(n, dtype=bool)  # cluster → holds a narrative "I"
        self.you = np.zeros(n, dtype=bool)  # cluster → holds a narrative "you"
        self.quoted: dict[tuple[int, int], set[int]] = {}  # (quote, I or YOU) → clusters holding one there

    def allowed(self, i: int, clusters: np.ndarray) -> np.ndarray:
        """Which of ``clusters`` mention ``i`` may join."""
        ok = np.ones(len(clusters), dtype=bool)
        t, q = int(self.table.mtype[i]), int(self.table.quote[i])
        if NARRATION and q < 0:
            if t == YOU:
                ok &= ~self.narrator[clusters]
            elif t == NARRATOR:
                ok &= ~self.you[clusters]
        if SAME_QUOTE and q >= 0 and t in (QUOTE_I, YOU):
            other = self.quoted.get((q, YOU if t == QUOTE_I else QUOTE_I))
            if other:
                ok &= ~np.isin(clusters, list(other))
        return ok

    def add(self, i: int, cluster: int) -> None:
        """Mention ``i`` joined ``cluster``."""
        t, q = int(self.table.mtype[i]), int(self.table.quote[i])
        if q < 0:
            if t == NARRATOR:
                self.narrator[cluster] = True
            elif t == YOU:
                self.you[cluster] = True
        elif t in (QUOTE_I, YOU):
            self.quoted.setdefault((q, t), set()).add(cluster)
