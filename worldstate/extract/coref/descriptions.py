"""Entity-level pass for descriptions met again: "the guide" after "Our guide", "the wizard" after "the
reputed wizard", "the little drummer" after "a drummer".

The mention ranker links a description only above its threshold, so a character re-described with the
same head noun can start a cluster of its own. Here a cluster without a name whose first definite
description ("the …", "this …", "that …") has the head noun of an earlier description joins that
description's cluster when: the earlier one is the latest description with that head outside the
cluster (no other cluster took the head in between), their modifiers do not disagree (one set holds
the other: "the old woman" never joins "the young woman"), the two clusters agree in number and gender,
and, with ``PERSONS_ONLY``, the description names a person (a person noun or a PER mention).
"""

from __future__ import annotations

import os
import re

from worldstate.extract.coref.features import DETERMINERS, NAME, NOMINAL, MentionTable
from worldstate.extract.coref.merge import _clusters
from worldstate.extract.lexicon import lexicon

DEFINITE = frozenset({"the", "this", "that"})
PERSONS_ONLY = os.environ.get("WS_DESC_PERSONS", "0") == "1"
FIRST_ONLY = os.environ.get("WS_DESC_FIRST", "1") == "1"
MAX_SENTENCES = int(os.environ.get("WS_DESC_MAX", "1000"))  # the earlier description at most this many sentences back
SAME_RULE = os.environ.get("WS_DESC_RULE", "0") == "1"


def _modifiers(text: str, head: str) -> frozenset[str]:
    """The content words of a description other than its head."""
    lex = lexicon()
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", text)]
    return frozenset(w for w in words if w not in DETERMINERS and w not in lex.possessive and w != head)


def _is_person(table: MentionTable, i: int) -> bool:
    info = table.infos[i]
    return info.person_hint or info.mention.category == "PER"


def merge_descriptions(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with each unnamed cluster whose first definite description repeats an earlier
    description's head merged into that description's cluster."""
    out = list(cluster_of)
    info = _clusters(table, out)
    done: set[int] = set()
    for i in range(len(out)):
        c = out[i]
        if c in done or int(table.mtype[i]) != NOMINAL:
            continue
        words = table.infos[i].mention.text.lower().split()
        if info[c].names or not words or words[0] not in DEFINITE or int(table.head_key[i]) < 0:
            continue
        if FIRST_ONLY:
            done.add(c)  # only a cluster's first definite description decides
        if PERSONS_ONLY and not _is_person(table, i):
            continue
        j = _latest_same_head(table, out, i)
        if j is None or table.sentence[i] - table.sentence[j] > MAX_SENTENCES:
            continue
        if SAME_RULE and (table.rule_entity[i] < 0 or table.rule_entity[i] != table.rule_entity[j]):
            continue
        head = table.infos[i].lemma.lower()
        mi, mj = _modifiers(table.infos[i].mention.text, head), _modifiers(table.infos[j].mention.text, head)
        if not (mi <= mj or mj <= mi) or bool(table.plural[i]) != bool(table.plural[j]):
            continue
        a = out[j]
        ga, gb = info[a].gender(), info[c].gender()
        if (ga and gb and ga != gb) or (info[a].plural > 0) != (info[c].plural > 0):
            continue
        out = [a if x == c else x for x in out]
        info = _clusters(table, out)
    return out


def _latest_same_head(table: MentionTable, cluster_of: list[int], i: int) -> int | None:
    """The latest description or name before ``i`` with ``i``'s head word, outside ``i``'s cluster."""
    key = int(table.head_key[i])
    for j in range(i - 1, -1, -1):
        if cluster_of[j] != cluster_of[i] and int(table.head_key[j]) == key and int(table.mtype[j]) in (NOMINAL, NAME):
            return j if int(table.mtype[j]) == NOMINAL else None
    return None
