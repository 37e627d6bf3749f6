"""Entity-level pass: a small cluster left over by the ranker ("the poor child", "Miss Trotwood" once)
joins a character's cluster when a small learned classifier says so.

A *small* cluster has at most ``SMALL`` mentions, one of them a name or a description. Its candidates
are the larger clusters (``LARGE`` mentions or more) met within ``WINDOW`` sentences of it. Each pair is
described by entity-level features (head and name agreement, gender and number, the candidate's share of
the characters mentioned around the small cluster, distance, size) and scored by a logistic model
(weights in ``data/attach.json``, fitted by ``worldstate bench tune litbank-coref-attach``). The small
cluster joins its best candidate when the score clears the model's threshold; otherwise it stays apart.
A small cluster that names a role ("the king") or a kinship ("her mother") the candidate never has is never
joined to it (``_clash``). A small cluster that says a quote (``speech_subjects.py``) or holds a quoted "I" is left alone: the speech
layer reads speakers from it (``KEEP_SPEAKERS``).
"""

from __future__ import annotations

import bisect
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from worldstate.data import load_json
from worldstate.extract.coref.features import GENERIC_PEOPLE, NAME, NARRATOR, NOMINAL, PRON3, QUOTE_I, MentionTable
from worldstate.extract.coref.merge import ClusterSummary, name_parts, summarize_clusters
from worldstate.resources.lexicon import lexicon

SMALL = 3  # mentions of a cluster that may be attached
LARGE = 4  # mentions of a cluster that may take it
WINDOW = 10  # sentences around the small cluster's first mention in which candidates are met
FOCUS = 3  # sentences either side counted for the candidate's share of the persons mentioned
SHIPPED = "coref/data/attach.json"
# On: by nested document-level 5-fold CV on LitBank dev (ranker and attachment refitted per fold; shipped
# weights, threshold 0.15, main of 2026-11-25 with the role veto) clusters per character fall from 4.13 to 3.91,
# CoNLL F1 holds (0.6957 -> 0.6962), merged documents hold (0.632). Off (False): the pass attaches nothing unless
# ``use_model`` sets one.
ENABLED = True
KEEP_SPEAKERS = True  # a small cluster holding a quote's speaker or a quoted "I" is never attached
FEATURES = [
    "bias",
    "head_match",
    "name_overlap",
    "name_clash",
    "small_named",
    "cand_named",
    "gender_agree",
    "gender_clash",
    "number_clash",
    "focus_share",
    "is_focus",
    "nearest",
    "sent_dist_log",
    "cand_size_log",
    "cand_largest",
    "small_indefinite",
    "small_definite",
    "small_person",
    "small_generic",
    "small_in_quote",
    "role_clash",
    "small_kinship",
    "small_size",
    "cand_narrator",
    "modifier_overlap",
]


@dataclass
class AttachModel:
    """Logistic weights over ``FEATURES`` and the score a link must clear."""

    weights: np.ndarray
    threshold: float
    provenance: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> AttachModel:
        if doc.get("features") != FEATURES:
            raise ValueError("attachment weights were fitted on another feature set")
        return cls(np.asarray(doc["weights"], dtype=float), float(doc["threshold"]), dict(doc.get("provenance") or {}))

    def to_dict(self) -> dict[str, Any]:
        return {
            "features": FEATURES,
            "weights": [round(float(w), 6) for w in self.weights],
            "threshold": self.threshold,
            "provenance": self.provenance,
        }

    def score(self, rows: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-(rows @ self.weights)))


_override: list[AttachModel | None] = []  # set by the tuner: the model to use instead of the file's


def use_model(model: AttachModel | None) -> None:
    """Use ``model`` (None: attach nothing) until :func:`use_default` (for tuning and tests)."""
    _override[:] = [model]


def use_default() -> None:
    _override.clear()


def load_attach_model(path: Path | None = None) -> AttachModel | None:
    """The weights at ``path`` when it is a file, else the shipped ones; None when neither is usable."""
    try:
        doc = json.loads(path.read_text("utf-8")) if path and path.is_file() else load_json("extract", SHIPPED)
        return AttachModel.from_dict(doc)
    except (FileNotFoundError, ValueError, KeyError):
        return None


_loaded: dict[str, AttachModel | None] = {}


def current_model() -> AttachModel | None:
    """The tuner's override, else (when ``ENABLED``) ``bench tune litbank-coref-attach``'s weights when
    written, else the shipped ones."""
    if _override:
        return _override[0]
    if not ENABLED:
        return None
    from worldstate.config import Settings
    from worldstate.detect.tuned import tuned_file

    tuned = tuned_file(Settings(), "litbank-coref-attach", "attach.json")
    key = str(tuned or "")
    if key not in _loaded:
        _loaded[key] = load_attach_model(Path(tuned) if tuned else None)
    return _loaded[key]


def _words(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", text))


@dataclass
class _Cluster:
    idxs: list[int]
    summary: ClusterSummary
    heads: set[int]
    roles: set[int]
    name_words: set[str]
    words: set[str]
    sentences: list[int]


def _clusters(table: MentionTable, cluster_of: list[int]) -> dict[int, _Cluster]:
    info = summarize_clusters(table, cluster_of)
    out: dict[int, _Cluster] = {}
    for i, c in enumerate(cluster_of):
        rec = out.setdefault(c, _Cluster([], info[c], set(), set(), set(), set(), []))
        rec.idxs.append(i)
        rec.sentences.append(int(table.sentence[i]))
        t = int(table.mtype[i])
        if t == NOMINAL and int(table.head_key[i]) >= 0:
            rec.heads.add(int(table.head_key[i]))
            rec.words |= _words(table.infos[i].mention.text)
        if int(table.role_key[i]) >= 0:
            rec.roles.add(int(table.role_key[i]))
        if t == NAME:
            rec.name_words |= name_parts(table.infos[i].mention.text).words
    return out


def _is_person(table: MentionTable, i: int) -> bool:
    info = table.infos[i]
    return int(table.mtype[i]) == NAME or info.person_hint or info.mention.category == "PER"


def _speaks(table: MentionTable, i: int) -> bool:
    """Mention ``i`` says a quote (the subject of a verb of speaking beside it) or is a quoted "I"."""
    return int(table.mtype[i]) == QUOTE_I or (table.speaker is not None and bool(table.speaker[i]))


def _is_small(table: MentionTable, rec: _Cluster) -> bool:
    """At most ``SMALL`` mentions, one of them a name or a person's description; with ``KEEP_SPEAKERS``,
    none of them a quote's speaker or a quoted "I" (the speech layer reads speakers from those)."""
    if KEEP_SPEAKERS and any(_speaks(table, i) for i in rec.idxs):
        return False
    return len(rec.idxs) <= SMALL and any(
        int(table.mtype[i]) in (NAME, NOMINAL) and _is_person(table, i) for i in rec.idxs
    )


def pair_rows(table: MentionTable, cluster_of: list[int]) -> list[tuple[int, list[int], np.ndarray]]:
    """For each small cluster: (its id, its candidate clusters, one feature row per candidate)."""
    clusters = _clusters(table, cluster_of)
    large = [c for c, rec in clusters.items() if len(rec.idxs) >= LARGE]
    if not large:
        return []
    largest = max(large, key=lambda c: len(clusters[c].idxs))
    position = {a: k for k, a in enumerate(large)}
    large_at: dict[int, set[int]] = {}  # sentence → the large clusters with a mention there
    for a in large:
        for x in clusters[a].sentences:
            large_at.setdefault(x, set()).add(a)
    by_sentence: dict[int, list[int]] = {}
    for i, c in enumerate(cluster_of):
        if int(table.mtype[i]) in (NAME, NOMINAL, PRON3):
            by_sentence.setdefault(int(table.sentence[i]), []).append(c)
    lex = lexicon()
    out = []
    for c, rec in clusters.items():
        if not _is_small(table, rec):
            continue
        first = next(i for i in rec.idxs if int(table.mtype[i]) in (NAME, NOMINAL) and _is_person(table, i))
        s = int(table.sentence[first])
        near = _persons_near(by_sentence, s - FOCUS, s + FOCUS, c)
        total = sum(near.values())
        cands, rows = [], []
        dists = {}
        met = {a for x in range(s - WINDOW, s + WINDOW + 1) for a in large_at.get(x, ())}
        for a in sorted(met, key=position.__getitem__):  # the large clusters met in the window, in their order
            if a == c:
                continue
            d = _distance(clusters[a].sentences, s)
            if d <= WINDOW:
                dists[a] = d
        if not dists:
            continue
        nearest = min(dists, key=lambda a: (dists[a], -len(clusters[a].idxs)))
        focus = max(near, key=lambda a: near[a]) if near else None
        info_s, head_s = table.infos[first], int(table.head_key[first])
        words_s = _words(info_s.mention.text) - {info_s.lemma.lower()}
        for a, d in dists.items():
            cand = clusters[a]
            if _clash(rec, cand, head_s, info_s.lemma.lower() in lex.kinship):
                continue
            gs, ga = rec.summary.gender() or int(table.gender[first]), cand.summary.gender()
            text_words = cand.words - {info_s.lemma.lower()}
            row = [
                1.0,
                float(head_s >= 0 and head_s in cand.heads),
                float(bool(rec.name_words & cand.name_words)),
                float(bool(rec.name_words) and bool(cand.name_words) and not rec.name_words & cand.name_words),
                float(bool(rec.name_words)),
                float(bool(cand.name_words)),
                float(bool(gs and ga and gs == ga)),
                float(bool(gs and ga and gs != ga)),
                float((rec.summary.plural > 0) != (cand.summary.plural > 0)),
                near.get(a, 0) / total if total else 0.0,
                float(a == focus),
                float(a == nearest),
                math.log1p(d),
                math.log(len(cand.idxs)),
                float(a == largest),
                float(info_s.mention.text.lower().split()[0] in ("a", "an")),
                float(bool(info_s.definite)),
                float(bool(info_s.person_hint or info_s.mention.category == "PER")),
                float(info_s.lemma.lower() in GENERIC_PEOPLE),
                float(int(table.quote[first]) >= 0),
                float(bool(rec.roles) and bool(cand.roles) and not rec.roles & cand.roles),
                float(info_s.lemma.lower() in lex.kinship),
                float(len(rec.idxs)),
                float(any(int(table.mtype[i]) == NARRATOR and int(table.quote[i]) < 0 for i in cand.idxs)),
                float(bool(words_s & text_words)),
            ]
            cands.append(a)
            rows.append(row)
        if cands:
            out.append((c, cands, np.asarray(rows, dtype=float)))
    return out


def _clash(small: _Cluster, cand: _Cluster, head: int, kin: bool) -> bool:
    """Never a candidate: the small cluster names a role ("the king", "the old grandmother") the candidate
    never has ("the miller", "Tom", "Anna"), or is a kinship noun the candidate never is."""
    if small.roles and not small.roles & cand.roles:
        return True
    return kin and head not in cand.heads


def _distance(sentences: list[int], s: int) -> int:
    """Sentences between ``s`` and the nearest of ``sentences`` (ascending, as mentions come in text order)."""
    at = bisect.bisect_left(sentences, s)
    near = sentences[max(0, at - 1) : at + 1]
    return min(abs(x - s) for x in near)


def _persons_near(by_sentence: dict[int, list[int]], lo: int, hi: int, skip: int) -> dict[int, int]:
    """How many person-like mentions each cluster has in sentences ``lo``..``hi`` (``skip`` left out)."""
    out: dict[int, int] = {}
    for s in range(lo, hi + 1):
        for c in by_sentence.get(s, ()):
            if c != skip:
                out[c] = out.get(c, 0) + 1
    return out


def attach_small_clusters(table: MentionTable, cluster_of: list[int], model: AttachModel | None = None) -> list[int]:
    """``cluster_of`` with each small cluster joined to its best-scoring larger cluster above the threshold."""
    model = model if model is not None else current_model()
    if model is None:
        return cluster_of
    target: dict[int, int] = {}
    for c, cands, rows in pair_rows(table, cluster_of):
        probs = model.score(rows)
        best = int(np.argmax(probs))
        if probs[best] >= model.threshold:
            target[c] = cands[best]
    return [target.get(c, c) for c in cluster_of]
