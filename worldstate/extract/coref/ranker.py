"""Mention-ranking coreference: each mention scores its candidate antecedents (the recent mentions and
the latest name of every earlier cluster) with a small learned scorer and joins the best one when the
score clears a learned threshold; otherwise it starts a new entity. Greedy, left to right. A few links
are ruled out whatever the score (``features.allowed``: names that share no word, other given names,
titles of the other gender; he/she to a place or a thing; a gendered mention to a cluster whose
gendered mentions are mostly of the other gender; a role noun to a cluster named by another role noun; the narrator's "I" and a he/she outside quotes to
each other's cluster; the narrator's "I" and a narrative "you" to each other's cluster
(``persons_apart.py``); a parent or spouse noun ("the father") to a named cluster the rule pass did not link it to). Then whole clusters whose names agree are merged (``merge.py``), and merged
clusters whose descriptions contrast (``contrasts.py``) or differ by sex or age (``person_apart.py``: "the
boy" / "the man") are split back.

The scorer is a one-hidden-layer network (weights in ``data/ranker.json``, fitted by
``worldstate bench tune litbank-coref``), run with numpy. Contextual pair features from spaCy's tok2vec
vectors (``context.py``) are ready in ``features.py`` but off (``USE_CONTEXT``; see there for why).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from worldstate.data import load_json
from worldstate.extract.coref.binding import no_antecedents, third_person_reflexives
from worldstate.extract.coref.consolidate import consolidate_clusters
from worldstate.extract.coref.contrasts import ContrastTracker, keep_apart
from worldstate.extract.coref.features import (
    FEATURE_NAMES,
    NAME,
    NARRATOR,
    NOMINAL,
    PLURAL,
    PRON3,
    MentionTable,
    allowed,
    pair_features,
)
from worldstate.extract.coref.number_apart import NumberApart
from worldstate.extract.coref.pair_scorer import PairScorer
from worldstate.extract.coref.person_apart import keep_persons_apart
from worldstate.extract.coref.persons_apart import PersonsApart
from worldstate.extract.coref.previous_subject import previous_subjects
from worldstate.extract.coref.representatives import Representatives
from worldstate.resources.lexicon import lexicon

WINDOW = 30  # recent mentions every mention may link to
NARRATOR_APART = True  # no he/she outside quotes in the narrator's cluster, no narrator I in a he/she cluster
MERGE_NAMED = True  # the entity-level passes after linking (``consolidate.py``: names, descriptions, I/we, he/she)
SHIPPED = "coref/data/ranker.json"
KINSHIP_NAMED_APART = True  # "the father" joins a named cluster only when the rules linked it to that name
KINSHIP_APART_CLASSES = {"parent_of", "married_to"}  # parents and spouses ("the brother" may well be Hansel)
# An object pronoun never joins its own clause subject's cluster, a reflexive object joins it, and "no one …
# himself" is no antecedent of a later sentence (``binding.py``). LitBank dev, 2026-11-27 (``bench tune
# litbank-coref``, document-level 5-fold CV): CoNLL 0.6986 / clusters per character 3.767 / merged documents 0.649
# against 0.6993 / 3.757 / 0.667 off (object pronouns alone 0.6991 / 3.767 / 0.667); in-sample with the shipped
# weights 0.7028 / 3.623 / 0.649 against 0.7031 / 3.610 / 0.649. State questions (tune split) 80/120 against
# 79/120 (Laotsze "took him into his house", Mrs. McGregor's sack right; Mr. McGregor's "knows" wrong); the
# package's own 67/72 against 69/72 (Red-Cap's cap and the tailor's queen were right through two wrong links).
BINDING = True
# With BINDING: a third-person reflexive takes an antecedent in its own sentence, where one is allowed ("a woman
# …, who supported herself on crutches": not Gretel of the sentence before, whatever the parse makes of "who").
# CV 0.6947 / 3.749 / 0.649 against 0.6949 / 3.735 / 0.649 off (2026-11-27); Hansel and Gretel's witch 44
# mentions (17 before: her she/her of "she seized Hansel … carried him" were Gretel's), Red-Cap's huntsman 30
# (4 before: his he's were the wolf's). Own questions 65/72 against 67/72: with the huntsman's "he" right, the
# timeline reads "took a pair of scissors" as the wolf's and the wolf alive at "fell dead" (a reading there).
REFLEXIVE_LOCAL = True
# Descriptions whose adjectives contrast ("the young king", "the old king") stay apart, in the ranker and through
# the entity-level passes, unless a name ties them (``contrasts.py``).
CONTRASTS = True
# Descriptions of another sex or age class ("the boy" / "the man") that the entity-level passes joined are split
# back into the ranker's pieces, unless a name ties them (``person_apart.py``). LitBank dev, 2026-11-28 (``bench
# tune litbank-coref --seed 0``, document-level 5-fold CV, threshold 0.3): CoNLL F1 / clusters per character /
# merged documents 0.6995 / 3.869 / 0.649 against 0.6996 / 3.856 / 0.649 off. State questions (tune splits,
# shipped weights): first set 95/120 either way (the same answers), second 40/50 against 39/50 (M-025); own
# 66/72 either way. Hansel and Gretel: Gretel's cluster no longer takes the dead stepmother ("the woman, however,
# was dead"), but the ranker's piece gives her "her" of "Gretel emptied her pinafore" too.
PERSONS_APART = True
# A he/she opening its sentence as subject links to the previous sentence's main subject, a person of its gender
# (``previous_subject.py``). LitBank dev, 2026-11-27 (``bench tune litbank-coref``'s document-level 5-fold CV, seed
# 0, threshold 0.3): CoNLL F1 / clusters per character / merged documents 0.6982 / 3.882 / 0.632 against 0.6979 /
# 3.856 / 0.649 off (the subject's gender known, no rival test: 0.6970; a rival test for unknown genders only:
# 0.6985 / 3.880 / 0.614, but "a boy knocked …, bidding him … He" went to the boy). State questions (tune split):
# first set 91/120 against 92/120 (G-12: the farmer's daughter's "she" now hers, her husband's relation lost
# downstream), second set 33/50 against 32/50 (M-018: the girl the robbers bring in dies); own 66/72 either way.
# Off: on Hansel and Gretel it joins Hansel and his father (146 mentions, "the father", "husband" among Hansel's
# aliases; 102 and 47 apart with it off), a merge the gain of 0.0003 CoNLL does not pay for.
PREVIOUS_SUBJECT = False


@dataclass
class RankerModel:
    """Weights of the pair scorer and the linking threshold."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float
    threshold: float
    provenance: dict[str, Any]
    pronoun_threshold: float | None = None  # he/she/him/her link above this (None: ``threshold``)

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> RankerModel:
        if doc.get("features") != FEATURE_NAMES:
            raise ValueError("ranker weights were fitted on another feature set")
        return cls(
            np.asarray(doc["w1"], dtype=float),
            np.asarray(doc["b1"], dtype=float),
            np.asarray(doc["w2"], dtype=float),
            float(doc["b2"]),
            float(doc["threshold"]),
            dict(doc.get("provenance") or {}),
            None if doc.get("pronoun_threshold") is None else float(doc["pronoun_threshold"]),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "features": FEATURE_NAMES,
            "w1": np.round(self.w1, 6).tolist(),
            "b1": np.round(self.b1, 6).tolist(),
            "w2": np.round(self.w2, 6).tolist(),
            "b2": round(self.b2, 6),
            "threshold": self.threshold,
            "pronoun_threshold": self.pronoun_threshold,
            "provenance": self.provenance,
        }

    def score(self, rows: np.ndarray) -> np.ndarray:
        """Probability that each row's pair is coreferent."""
        hidden = np.maximum(rows @ self.w1 + self.b1, 0.0)
        return 1.0 / (1.0 + np.exp(-(hidden @ self.w2 + self.b2)))


@lru_cache(maxsize=4)
def _load(path: str) -> RankerModel | None:
    import json

    try:
        doc = json.loads(Path(path).read_text("utf-8")) if path else load_json("extract", SHIPPED)
        return RankerModel.from_dict(doc)
    except (FileNotFoundError, ValueError, KeyError):
        return None


def load_ranker(path: Path | None = None) -> RankerModel | None:
    """The tuned weights at ``path``, else the shipped ones; None when neither is usable."""
    return _load(str(path) if path and Path(path).is_file() else "")


def ranker_for(settings: Any) -> RankerModel | bool:
    """The weights ``analyze`` uses: ``bench tune litbank-coref``'s when written, else the shipped ones
    (False when ``settings.coref_ranker`` is off)."""
    if not getattr(settings, "coref_ranker", True):
        return False
    from worldstate.detect.tuned import tuned_file

    tuned = tuned_file(settings, "litbank-coref", "ranker.json")
    return load_ranker(tuned) or False


def candidates(
    table: MentionTable, i: int, cluster_of: list[int], reps: Representatives
) -> tuple[np.ndarray, np.ndarray]:
    """Antecedent candidates of mention ``i``: the last WINDOW mentions, then the representative (latest
    name, or latest narrator "I") of every earlier cluster not in that window. Returns (indices, far flags)."""
    start = max(0, i - WINDOW)
    near = list(range(start, i))
    far = reps.before(start, {cluster_of[j] for j in near})
    cands = np.asarray(far + near, dtype=np.int64)
    flags = np.concatenate((np.ones(len(far)), np.zeros(len(near))))
    return cands, flags


def cluster_mentions(
    table: MentionTable, model: RankerModel, trace: list[tuple[int, int, float]] | None = None
) -> list[int]:
    """Greedy best-antecedent clustering: a cluster id for every mention of ``table``. ``trace`` (for
    diagnostics) receives (mention, chosen antecedent or -1, its score) for every mention."""
    n = len(table.infos)
    cluster_of: list[int] = []
    cluster_arr = np.zeros(n, dtype=np.int64)  # cluster_of as an array (cluster ids are mention indices)
    reps = Representatives()
    genders = np.zeros((n, 3), dtype=np.int64)  # cluster → mentions of [unknown, male, female] gender
    roles: dict[int, set[int]] = {}  # cluster → role nouns of its nominals
    role_count = np.zeros(n, dtype=np.int64)  # cluster → how many role nouns, and one of them
    some_role = np.full(n, -1, dtype=np.int64)
    narrator = np.zeros(n, dtype=np.int64)  # cluster → its narrator "I"s (outside quotes)
    third = np.zeros(n, dtype=np.int64)  # cluster → its he/she outside quotes
    named_by = np.full(n, -1, dtype=np.int64)  # cluster → the rule entity of its names (-1 none, -2 several)
    kinship = lexicon().kinship
    muted = no_antecedents(table.infos, table.reflexive_of) if BINDING and table.reflexive_of is not None else None
    third = (table.mtype == PRON3) | (table.mtype == PLURAL)
    reflexive_here = third_person_reflexives(table.infos, third) if BINDING and REFLEXIVE_LOCAL else None
    contrasts = ContrastTracker(table) if CONTRASTS else None
    persons = PersonsApart(table)  # the narrator is not the narration's "you"
    numbers = NumberApart(table)  # a narrated "they" is not a narrated "he" (``number_apart.py``)
    carried = previous_subjects(table) if PREVIOUS_SUBJECT else {}
    scorer = PairScorer(table, model)  # model.score of pair_features, without building full rows
    for i in range(n):
        cands, far = candidates(table, i, cluster_of, reps)
        chosen = len(cluster_of)  # a new cluster (ids are the first mention's index)
        if len(cands):
            ok = allowed(table, i, cands)
            clusters = cluster_arr[cands]
            g = int(table.gender[i])
            if g:  # the cluster as a whole must not be of the other gender ("she" … "the little man")
                ok &= genders[clusters, 3 - g] <= genders[clusters, g]
            if NARRATOR_APART:  # the narrator's "I" and a third-person he/she outside quotes never corefer
                t_i = int(table.mtype[i])
                if t_i in (PRON3, NARRATOR) and int(table.quote[i]) < 0:
                    ok &= (narrator if t_i == PRON3 else third)[clusters] == 0
            ok &= persons.allowed(i, clusters)
            ok &= numbers.allowed(i, clusters)
            r = int(table.role_key[i])
            if r >= 0:  # "the miller" never joins a cluster of "the king"
                ok &= (role_count[clusters] == 0) | ((role_count[clusters] == 1) & (some_role[clusters] == r))
            if KINSHIP_NAMED_APART and _kinship_noun(table, i, kinship):  # "the father" is not Hansel
                ok &= (named_by[clusters] == -1) | (named_by[clusters] == table.rule_entity[i])
            if muted is not None:  # "no one … himself": no antecedent of a later sentence's he (``binding.py``)
                ok &= ~(muted[cands] & (table.sentence[cands] < table.sentence[i]))
            if reflexive_here is not None and reflexive_here[i]:  # "a woman …, who supported herself": her own sentence
                local = ok & (table.sentence[cands] == table.sentence[i])
                ok = local if local.any() else ok
            for binder in table.binders[i] if table.binders is not None and BINDING else ():
                ok &= clusters != cluster_arr[binder]  # "the birds had picked them up": not the birds (binding.py)
            if contrasts is not None:  # "the young king" never joins a cluster of "the old king" (contrasts.py)
                ok[ok] = contrasts.allowed(i, clusters[ok])
            probs = np.zeros(len(cands))  # only the allowed candidates are scored; the others stay at 0
            scored = np.flatnonzero(ok)
            if len(scored):
                probs[scored] = scorer.score(i, cands, far, scored)
            best = int(np.argmax(probs))
            reporter = _reporting_subject(table, i, cands, ok)
            reflexive = _reflexive_subject(table, i, cands, ok)
            previous = carried.get(i, -1)
            if previous >= 0 and not ok[cands == previous].any():
                previous = -1  # the subject is ruled out for it (gender of its cluster by now, binding)
            if reflexive is not None:  # "he … placed himself on the throne": himself is he (``binding.py``)
                chosen = cluster_of[reflexive]
                link = (reflexive, -1.0)
            elif reporter is not None:  # "the miller said he …": he is the one who says it
                chosen = cluster_of[reporter]
                link = (reporter, -1.0)
            elif previous >= 0:  # "A corporal began to swear. He had …": the corporal (``previous_subject.py``)
                chosen = cluster_of[previous]
                link = (previous, -1.0)
            elif probs[best] > 0 and probs[best] >= _threshold_of(table, i, model):
                chosen = cluster_of[int(cands[best])]
                link = (int(cands[best]), float(probs[best]))
            else:
                link = (-1, float(probs[best]))
        else:
            link = (-1, 0.0)
        if trace is not None:
            trace.append((i, *link))
        cluster_of.append(chosen)
        cluster_arr[i] = chosen
        genders[chosen, int(table.gender[i])] += 1
        persons.add(i, chosen)
        numbers.add(i, chosen)
        if int(table.quote[i]) < 0 and int(table.mtype[i]) in (PRON3, NARRATOR):
            (narrator if int(table.mtype[i]) == NARRATOR else third)[chosen] += 1
        r = int(table.role_key[i])
        if r >= 0 and r not in roles.setdefault(chosen, set()):
            roles[chosen].add(r)
            role_count[chosen] += 1
            some_role[chosen] = r
        if int(table.mtype[i]) == NAME:
            e = int(table.rule_entity[i])
            named_by[chosen] = e if named_by[chosen] in (-1, e) else -2
        reps.update(table, i, chosen)
        if contrasts is not None:
            contrasts.add(i, chosen)
    if not MERGE_NAMED:
        return cluster_of
    merged = consolidate_clusters(table, cluster_of)
    merged = keep_apart(table, cluster_of, merged) if CONTRASTS else merged
    return keep_persons_apart(table, cluster_of, merged) if PERSONS_APART else merged


QUOTED_OWNERS = frozenset({"my", "our", "your", "thy"})  # owners the rules cannot resolve before the speaker is known


def _kinship_noun(table: MentionTable, i: int, kinship: dict[str, str]) -> bool:
    """A description by a kinship noun of KINSHIP_APART_CLASSES ("the father", "her husband"), unless it is
    owned by the speaker or listener of a quote ("Where is my father?"): the rules could not link that one."""
    if int(table.mtype[i]) != NOMINAL or kinship.get(table.infos[i].lemma) not in KINSHIP_APART_CLASSES:
        return False
    words = table.infos[i].mention.text.lower().split()
    return not (int(table.quote[i]) >= 0 and words and words[0] in QUOTED_OWNERS)


def _threshold_of(table: MentionTable, i: int, model: RankerModel) -> float:
    """The score mention ``i`` needs to link: a third-person singular pronoun almost always has an
    antecedent in LitBank, so it may have a threshold of its own (lower)."""
    if model.pronoun_threshold is not None and int(table.mtype[i]) == PRON3:
        return model.pronoun_threshold
    return model.threshold


def _reporting_subject(table: MentionTable, i: int, cands: np.ndarray, ok: np.ndarray) -> int | None:
    """The subject of the saying or thinking verb whose clause he/she ``i`` is the subject of, if allowed."""
    verb = int(table.reporter[i])
    if verb < 0:
        return None
    for j in cands[ok]:
        j = int(j)
        if int(table.governor[j]) == verb and int(table.role[j]) == 0:
            return j
    return None


def _reflexive_subject(table: MentionTable, i: int, cands: np.ndarray, ok: np.ndarray) -> int | None:
    """The subject of the clause whose reflexive object ``i`` is, if an allowed candidate (``BINDING``)."""
    if not BINDING or table.reflexive_of is None or not table.reflexive_of[i]:
        return None
    allowed_here = {int(j) for j in cands[ok]}
    return next((j for j in table.reflexive_of[i] if j in allowed_here), None)


def training_pairs(table: MentionTable, gold_of: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows and labels with gold clusters as the history (``gold_of``: a gold cluster id per mention,
    a fresh id for mentions that are not gold mentions)."""
    rows, labels = [], []
    reps = Representatives()
    for i in range(len(table.infos)):
        cands, far = candidates(table, i, gold_of[:i], reps)
        if len(cands):
            rows.append(pair_features(table, i, cands, far))
            labels.append(np.asarray([gold_of[int(j)] == gold_of[i] for j in cands], dtype=float))
        reps.update(table, i, gold_of[i])
    if not rows:
        return np.zeros((0, len(FEATURE_NAMES))), np.zeros(0)
    return np.vstack(rows), np.concatenate(labels)
