"""Entity-level pass for descriptions met again: "the guide" after "Our guide", "the wizard" after "the
reputed wizard", "the drummer" after "a little drummer".

The mention ranker links a description only above its threshold, so a character re-described with the
same head noun can start a cluster of its own. Here a cluster without a name whose first definite
description ("the …", "this …", "that …", or a possessed one repeated word for word: "his wife" …
"his wife") has the head noun of an earlier description joins that description's cluster when: the
earlier one is the latest description with that head outside the cluster (no other cluster took the
head in between, and no two other clusters took it before: "his nurse", "the monthly nurse" … "the
nurse" is left alone), the later one adds no modifier (``NARROWER_ONLY``: "the old woman" never joins "the
woman" nor "the young woman") and the two clusters agree in number and gender. Things are merged as
persons are ("the little hut" … "the hut"); ``PERSONS_ONLY`` keeps it to persons.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from worldstate.extract.coref.features import DETERMINERS, NAME, NOMINAL, MentionTable
from worldstate.extract.coref.links import unique_kin
from worldstate.extract.coref.merge import summarize_clusters
from worldstate.resources.lexicon import lexicon

DEFINITE = frozenset({"the", "this", "that"})
OWNERS = frozenset({"my", "our", "his", "her", "their"})  # "my wife" … "my wife": the same words, owner included
# Measured on LitBank dev (document-level 5-fold CV of the ranker, this pass on top): persons only scored
# conll 0.664 vs 0.669 for every description (same clusters per character); a 30-sentence limit, or only
# descriptions the rule pass had linked, lost a little; every definite description of a cluster (not only
# its first) changed nothing. Possessed descriptions repeated word for word ("his wife" … "his wife"):
# conll 0.687 vs 0.684, clusters per character 4.06 vs 4.16 (5 sentences apart at most: 0.685 / 4.13).
PERSONS_ONLY = False
# A later description may drop modifiers ("the wizard" after "the reputed wizard") but not add them:
# "the old woman" (the witch) after "the woman" (the stepmother) in Hansel and Gretel. Allowing both
# directions: CV conll 0.687 / clusters per character 4.06, this way 0.687 / 4.08.
NARROWER_ONLY = True
# Only the descriptions a later one may refer back to are its rivals: "the old woman" (the witch, met again)
# looks past "the woman" (the stepmother) to the last "old woman", and "the woman" is no second candidate
# for it (with ``NARROWER_ONLY``: a description is a candidate when it holds every modifier of the later one).
# With ``consolidate.DESCRIPTIONS_AGAIN``, by CV (2026-11-27): CoNLL 0.6949 / 3.735 / 0.649 against 0.6941 / 3.738
# / 0.649 without both (the ranker's training is the same either way: a paired comparison).
RIVALS_BY_MODIFIERS = True
# A possessed relative a person has one of ("their father", ``links.yaml`` unique_kin) met again may have been
# called otherwise since ("their father" … "the father" … "their father"): it joins the latest description of
# its head when that one's cluster holds, at or before it, a description with the same owner word, the same
# head and every modifier of the later one ("their old father" … "their father"), on the same side of a
# quotation mark; not only when the latest description is word for word. Hansel and Gretel: "since they had
# left their father's house" is the father. Not for other nouns: in Andersen's "The Story of a Mother" "her
# child" would take the child into a cluster the ranker had made of "her child's" flower and Death's he/him.
# Measured with ``consolidate.KIN_FACTS`` (see there).
SAME_WORDS_IN_CLUSTER = True


@lru_cache(maxsize=1 << 16)
def description_modifiers(text: str, head: str) -> frozenset[str]:
    """The content words of a description other than its head (remembered: the rivals of each description
    are compared with it again and again)."""
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
    info = summarize_clusters(table, out)
    by_head: dict[int, list[int]] = {}
    for k in range(len(out)):
        by_head.setdefault(int(table.head_key[k]), []).append(k)
    members: dict[int, list[int]] = {}  # each cluster's mentions, kept as ``out`` changes
    for m, x in enumerate(out):
        members.setdefault(x, []).append(m)
    done: set[int] = set()
    for i in range(len(out)):
        c = out[i]
        if c in done or int(table.mtype[i]) != NOMINAL:
            continue
        words = table.infos[i].mention.text.lower().split()
        if info[c].names or not words or int(table.head_key[i]) < 0:
            continue
        possessed = words[0] in OWNERS
        if words[0] not in DEFINITE and not possessed:
            continue
        done.add(c)  # only a cluster's first definite description decides
        if PERSONS_ONLY and not _is_person(table, i):
            continue
        j = _latest_same_head(table, out, by_head, i)
        if j is None or _ambiguous_head(table, out, by_head, i):
            continue
        if possessed and not _same_owner(table, i, j, words):
            unique = SAME_WORDS_IN_CLUSTER and table.infos[i].lemma.lower() in unique_kin()
            earlier = (m for m in members[out[j]] if m <= j) if unique else ()
            if not any(_owned_alike(table, i, m, words) for m in earlier):
                continue
        head = table.infos[i].lemma.lower()
        mi, mj = (
            description_modifiers(table.infos[i].mention.text, head),
            description_modifiers(table.infos[j].mention.text, head),
        )
        if not (mi <= mj or (mj <= mi and not NARROWER_ONLY)) or bool(table.plural[i]) != bool(table.plural[j]):
            continue
        a = out[j]
        ga, gb = info[a].gender(), info[c].gender()
        if (ga and gb and ga != gb) or (info[a].plural > 0) != (info[c].plural > 0):
            continue
        for m in members[c]:
            out[m] = a
        members[a] += members.pop(c)
        info[a].absorb(info.pop(c))  # the same summary as summarize_clusters(table, out), without the rescan
    return out


def _ambiguous_head(table: MentionTable, cluster_of: list[int], by_head: dict[int, list[int]], i: int) -> bool:
    """Two or more other clusters already hold a mention with ``i``'s head ("his nurse", "the monthly
    nurse" … "the nurse"): which one is meant is not told, so nothing is merged. With
    ``RIVALS_BY_MODIFIERS``, only descriptions ``i`` may refer back to count (``_may_refer_to``)."""
    c = cluster_of[i]
    owners: set[int] = set()
    same_head = by_head.get(int(table.head_key[i]), [])
    for m in same_head[: bisect.bisect_left(same_head, i)]:
        if cluster_of[m] != c and cluster_of[m] not in owners and _may_refer_to(table, i, m):
            owners.add(cluster_of[m])
            if len(owners) > 1:
                return True
    return False


def _may_refer_to(table: MentionTable, i: int, j: int) -> bool:
    """Description ``i`` may refer back to mention ``j`` of its head: ``j`` holds every modifier of ``i`` ("the
    old woman" → "the wicked old woman", not "the woman"); always so for a name, or without
    ``RIVALS_BY_MODIFIERS`` or ``NARROWER_ONLY``."""
    if not (RIVALS_BY_MODIFIERS and NARROWER_ONLY) or int(table.mtype[j]) != NOMINAL:
        return True
    head = table.infos[i].lemma.lower()
    mods = description_modifiers(table.infos[i].mention.text, head)
    return mods <= description_modifiers(table.infos[j].mention.text, head)


def _same_owner(table: MentionTable, i: int, j: int, words: list[str]) -> bool:
    """ "my wife" … "my wife" in the narration, "his wife" … "his wife": the same words, owner included,
    on the same side of a quotation mark (a quoted "my" is a speaker's: only in the narration)."""
    if table.infos[j].mention.text.lower().split() != words or (table.quote[i] >= 0) != (table.quote[j] >= 0):
        return False
    return words[0] not in ("my", "our") or table.quote[i] < 0


def _owned_alike(table: MentionTable, i: int, m: int, words: list[str]) -> bool:
    """Description ``m`` has ``i``'s owner word and head and every modifier of ``i`` ("their old father" …
    "their father"), on the same side of a quotation mark (a quoted "my" only in the narration)."""
    other = table.infos[m].mention.text.lower().split()
    if int(table.mtype[m]) != NOMINAL or int(table.head_key[m]) != int(table.head_key[i]) or other[:1] != words[:1]:
        return False
    if not _may_refer_to(table, i, m) or (table.quote[i] >= 0) != (table.quote[m] >= 0):
        return False
    return words[0] not in ("my", "our") or table.quote[i] < 0


def _latest_same_head(table: MentionTable, cluster_of: list[int], by_head: dict[int, list[int]], i: int) -> int | None:
    """The latest description or name before ``i`` with ``i``'s head word, outside ``i``'s cluster (that ``i``
    may refer back to: ``_may_refer_to``). ``by_head``: the mentions of each head word in order, so that the
    search reads only those (a scan of every mention before ``i`` made long books quadratic)."""
    same_head = by_head.get(int(table.head_key[i]), [])
    for j in reversed(same_head[: bisect.bisect_left(same_head, i)]):
        if cluster_of[j] != cluster_of[i] and int(table.mtype[j]) in (NOMINAL, NAME):
            if not _may_refer_to(table, i, j):
                continue
            return j if int(table.mtype[j]) == NOMINAL else None
    return None
