"""LitBank coreference, small-cluster attachment (``extract/coref/attach.py``): fit the logistic model
that joins a small leftover cluster to a larger one, on the development half's gold clusters.

Rows: every small cluster's candidate pairs after the mention ranker and the other entity-level passes
(attachment off), labelled 1 when the small cluster's gold entity (the majority of its exact-span gold
mentions) is the candidate's. With ``--cv K`` the document-level K-fold scores come first, nested so that
no held-out document is seen by anything fitted: per fold the mention ranker is refitted on the other
folds (``tune/coref.py``'s fit, at the linking threshold in use), the attachment rows of the other folds
are built with that ranker and the attachment model is fitted on them; the held-out documents are then
clustered by that ranker with and without that attachment model. The threshold is the lowest whose pooled
CoNLL F1 is within ``CONLL_SLACK`` of attaching nothing and whose merged documents do not rise (picked on
the same pooled folds, so slightly optimistic). Then the fit on every document with the ranker in use,
written to ``<cache>/tuned/litbank-coref-attach/attach.json`` (``analyze`` and ``bench run`` load it, else
the shipped weights)."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from worldstate.bench.folds import assign_folds
from worldstate.bench.tune.store import TuneOptions, Tuning, read_provenance, tuned_else_shipped
from worldstate.config import Settings
from worldstate.detect.tuned import tuned_dir

TASK = "litbank-coref-attach"
THRESHOLDS = (0.15, 0.2, 0.3, 0.4)
CONLL_SLACK = 0.0005  # a threshold is kept when its CoNLL F1 is at most this below attaching nothing
C = 1.0  # inverse L2 strength of the logistic fit
KEEP = ("conll_f1", "muc_f1", "b3_f1", "ceafe_f1", "clusters_per_character", "merged_documents")
Rows = list[tuple[np.ndarray, np.ndarray]]


@dataclass
class Prepared:
    """One parsed document with its rule pass (copied, never changed) and the ranker's mention table."""

    parsed: Any  # tune.coref.ParsedItem
    rules: Any
    table: Any
    gold: list[int]  # gold cluster per mention of ``table`` (tune.coref.gold_clusters)


def _say(message: str, options: TuneOptions) -> None:
    if options.progress:
        print(message, file=sys.stderr, flush=True)


def prepare(p: Any, embed: Any) -> Prepared:
    from worldstate.bench.tune.coref import gold_clusters
    from worldstate.extract.coref.resolver import mention_table, rule_pass

    rules = rule_pass(p.doc, p.text, embed)
    table = mention_table(rules) if rules.infos else None
    return Prepared(p, rules, table, gold_clusters(p, table) if table is not None else [])


def _majority(cluster_of: list[int], gold: list[int], n_gold: int) -> dict[int, int]:
    """Cluster → its most frequent gold entity among exact-span gold mentions (absent: none)."""
    counts: dict[int, Counter[int]] = {}
    for c, g in zip(cluster_of, gold, strict=True):
        if g < n_gold:
            counts.setdefault(c, Counter())[g] += 1
    return {c: cnt.most_common(1)[0][0] for c, cnt in counts.items()}


def base_clusters(d: Prepared, ranker: Any) -> list[int]:
    """The ranker's clusters of ``d`` after the entity-level passes, attachment off."""
    from worldstate.extract.coref import attach
    from worldstate.extract.coref.ranker import cluster_mentions

    attach.use_model(None)
    try:
        return cluster_mentions(d.table, ranker)
    finally:
        attach.use_default()


def document_rows(d: Prepared, ranker: Any) -> Rows:
    """(feature rows, labels) of every small cluster of one document, attachment off."""
    from worldstate.extract.coref import attach

    if d.table is None:
        return []
    cluster_of = base_clusters(d, ranker)
    major = _majority(cluster_of, d.gold, len(d.parsed.item.gold["clusters"]))
    out = []
    for c, cands, rows in attach.pair_rows(d.table, cluster_of):
        own = major.get(c, -1)
        out.append((rows, np.asarray([float(own >= 0 and major.get(a, -2) == own) for a in cands])))
    return out


def fit(rows: Rows, threshold: float) -> Any:
    """The logistic attachment model over ``rows`` (the bias is the first feature)."""
    from sklearn.linear_model import LogisticRegression

    from worldstate.extract.coref.attach import FEATURES, AttachModel

    if not rows or len({float(v) for r in rows for v in r[1]}) < 2:
        return AttachModel(np.zeros(len(FEATURES)), 1.0)  # nothing to learn from: attaches nothing
    x = np.vstack([r[0] for r in rows])
    y = np.concatenate([r[1] for r in rows])
    net = LogisticRegression(C=C, max_iter=2000, fit_intercept=False).fit(x, y)
    return AttachModel(net.coef_[0].copy(), threshold)


def predict(d: Prepared, ranker: Any, cluster_of: list[int] | None) -> dict[str, Any]:
    """LitBank clusters of ``d`` from ``cluster_of`` (None: no mentions), as ``tune.coref.predict`` makes them."""
    from worldstate.bench.litbank import coref_clusters
    from worldstate.bench.tune.coref import _clone, attribute_quote_pronouns
    from worldstate.extract.coref.resolver import finish, regroup

    res = _clone(d.rules)
    if res.infos and cluster_of is not None:
        regroup(res, ranker, cluster_of)
    coref = finish(res)
    attribute_quote_pronouns(d.parsed, coref)
    return coref_clusters(SimpleNamespace(entities=coref.entities, mentions=coref.mentions), d.parsed.offsets)


def _fold_ranker(docs: list[Prepared], train: list[bool], threshold: float, pronoun_threshold: Any) -> Any:
    from worldstate.bench.tune.coref import fit as fit_ranker
    from worldstate.extract.coref.ranker import training_pairs

    rows = [training_pairs(d.table, d.gold) for d, t in zip(docs, train, strict=True) if t and d.table is not None]
    model = fit_ranker(rows, threshold)
    model.pronoun_threshold = pronoun_threshold
    return model


def cross_validate(
    docs: list[Prepared], ranker_in_use: Any, options: TuneOptions
) -> tuple[dict[str, Any], dict[str, Any], float, dict[str, Any]]:
    """Nested document-level folds (see the module docstring): (scores without attachment, scores of the
    chosen threshold, the threshold, scores of every threshold)."""
    from worldstate.bench.litbank import score_coref
    from worldstate.extract.coref.attach import AttachModel, attach_small_clusters

    k = options.cv or 5
    items = [d.parsed.item for d in docs]
    fold_of = assign_folds([it.id for it in items], k, options.seed)
    base_preds: list[dict[str, Any]] = [{}] * len(docs)
    preds: dict[float, list[dict[str, Any]]] = {t: [{}] * len(docs) for t in THRESHOLDS}
    for fold in range(k):
        train = [fold_of[it.id] != fold for it in items]
        ranker = _fold_ranker(docs, train, ranker_in_use.threshold, ranker_in_use.pronoun_threshold)
        rows = [r for d, t in zip(docs, train, strict=True) if t for r in document_rows(d, ranker)]
        model = fit(rows, 0.5)
        _say(f"  fold {fold + 1}/{k}: {len(rows)} small clusters to learn from", options)
        for n, d in enumerate(docs):
            if train[n]:
                continue
            base = base_clusters(d, ranker) if d.table is not None else None
            base_preds[n] = predict(d, ranker, base)
            for t in THRESHOLDS:
                joined = attach_small_clusters(d.table, base, AttachModel(model.weights, t)) if base else base
                preds[t][n] = predict(d, ranker, joined)
    base_scores = score_coref(items, base_preds)
    _say(f"  no attachment: conll_f1 {base_scores['conll_f1']:.4f}", options)
    scores = {t: score_coref(items, preds[t]) for t in THRESHOLDS}
    for t in THRESHOLDS:
        s = scores[t]
        _say(
            f"  threshold {t}: conll_f1 {s['conll_f1']:.4f} clusters/char {s['clusters_per_character']:.3f} "
            f"merged {s['merged_documents']:.3f}",
            options,
        )
    # the lowest threshold (the most attachments) that keeps CoNLL F1 and merged documents where they
    # were without attaching; none such: 1.0, attachment off
    kept = [
        t
        for t in THRESHOLDS
        if scores[t]["conll_f1"] >= base_scores["conll_f1"] - CONLL_SLACK
        and scores[t]["merged_documents"] <= base_scores["merged_documents"]
    ]
    if not kept:
        return base_scores, base_scores, 1.0, scores
    return base_scores, scores[min(kept)], min(kept), scores


def weights_path(settings: Settings) -> Path:
    return tuned_dir(settings, TASK) / "attach.json"


def shipped_path() -> Path:
    return Path(__file__).resolve().parents[2] / "extract" / "coref" / "data" / "attach.json"


def prepare_all(data: Path, settings: Settings, options: TuneOptions) -> tuple[list[Prepared], Any]:
    """Every LitBank coreference document of ``data`` parsed and rule-passed; and the ranker in use."""
    from worldstate.bench.litbank import load_coref
    from worldstate.bench.tune.coref import _embedder, parse_items
    from worldstate.extract.coref.ranker import ranker_for

    items = load_coref(Path(data))
    _say(f"parsing {len(items)} documents", options)
    parsed = parse_items(items, settings, options.progress)
    embed = _embedder(settings)
    return [prepare(p, embed) for p in parsed], ranker_for(settings)


def tune_litbank_coref_attach(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Cross-validate (``options.cv`` folds, default 5), fit on every document, save weights + provenance."""
    run = Tuning(settings, TASK, data, options)
    k = options.cv or 5
    docs, ranker = prepare_all(data, settings, options)
    _say(f"{k}-fold nested cross-validation (ranker and attachment refitted per fold)", options)
    base, cv_scores, threshold, _ = cross_validate(docs, ranker, options)
    rows = [r for d in docs for r in document_rows(d, ranker)]
    model = fit(rows, threshold)
    score = {f"cv_{m}": round(cv_scores[m], 4) for m in KEEP}
    score.update({f"without_{m}": round(base[m], 4) for m in KEEP})
    return run.record(
        len(docs),
        score,
        f"{k}-fold nested cross-validation (documents; seeded folds; per fold the mention ranker and the "
        "attachment model fitted on the other folds only; threshold picked on the pooled folds, the lowest "
        "keeping CoNLL F1 and merged documents)",
        ["--cv", str(k), "--seed", str(options.seed)],
        fitted=model,
        to=weights_path(settings),
        parameters={"threshold": threshold, "C": C, "k": k, "small_clusters": len(rows)},
    )


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The attachment weights ``bench run`` uses: tuned, else shipped."""
    return tuned_else_shipped(weights_path(settings), shipped_path(), data, read_provenance)
