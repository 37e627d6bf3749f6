"""LitBank entities: fit the mention classifier (``worldstate/extract/mentions``) on the development half.

Every document is parsed once; each candidate span of the parse is labelled with the gold category of
the entity with exactly its span (else "none") and described by its hashed features. The score is
document-level K-fold cross-validation (K = 5, seeded folds of the document ids; fewer when there are
fewer documents): for each fold the classifier is fitted on the other documents and its chosen spans are
scored exact span + type against the gold entities. Then one fit on every document is saved
(``<cache>/tuned/litbank-entities/mention_model.npz`` + ``provenance.json``); copy both into
``worldstate/extract/mentions/data/`` (as ``mention_model.npz`` / ``mention_model.provenance.json``) to ship.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from worldstate.bench.tune.store import (
    DocumentFit,
    TuneOptions,
    read_provenance,
    tune_documents,
    tuned_else_shipped,
)
from worldstate.config import Settings
from worldstate.detect.tuned import PROVENANCE, tuned_dir
from worldstate.extract.mentions.candidates import Candidate
from worldstate.extract.parsed import ParsedDoc

TASK = "litbank-entities"
FOLDS = 5
C = 0.3  # inverse L2 strength (5-fold CV with earlier features: f1 .678 at 0.3, .676 at 1.0)
THRESHOLDS = (0.2, 0.25, 0.3, 0.35, 0.4, 0.5)
Span = tuple[int, int, str]  # LitBank first and last token (inclusive), type


@dataclass
class DocData:
    """One parsed document: its candidates' feature columns and labels, and the gold LitBank entities."""

    id: str
    doc: ParsedDoc
    offsets: list[tuple[int, int]]  # LitBank token character offsets
    candidates: list[Candidate]
    rows: list[list[int]]
    labels: list[str]
    gold: set[Span]


def _say(message: str, options: TuneOptions) -> None:
    if options.progress:
        print(message, file=sys.stderr, flush=True)


def to_litbank(doc: ParsedDoc, cand: Candidate, offsets: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The LitBank token span (inclusive) of a candidate's characters."""
    from worldstate.bench.litbank import char_to_tokens

    return char_to_tokens(doc.tokens[cand.first].start, doc.tokens[cand.last - 1].end, offsets)


def prepare(doc_id: str, text: str, doc: ParsedDoc, gold: set[Span]) -> DocData:
    """Candidates, features and labels of one parsed LitBank document."""
    from worldstate.bench.litbank import flat, token_offsets
    from worldstate.extract.mentions.detect import _titles
    from worldstate.extract.mentions.features import document_roles, features, hashed

    offsets = flat(token_offsets(text))
    gold_type = {(s, e): t for s, e, t in gold}
    titles = _titles()
    roles = document_roles(doc)
    cands, rows, labels = [], [], []
    from worldstate.extract.mentions.candidates import candidates

    for cand in candidates(doc):
        if cand.pronoun:
            continue
        span = to_litbank(doc, cand, offsets)
        cands.append(cand)
        rows.append(hashed(features(doc, cand, titles, roles)))
        labels.append(gold_type.get(span, "none") if span else "none")
    return DocData(doc_id, doc, offsets, cands, rows, labels, gold)


def load(data: Path, settings: Settings, options: TuneOptions) -> list[DocData]:
    """Every LitBank entities document of ``data``, parsed (spaCy, as ``analyze`` does) and prepared."""
    from worldstate.analysis import analyze
    from worldstate.bench.litbank import load_entities

    out = []
    items = load_entities(Path(data))
    for n, item in enumerate(items, 1):
        text = item.inputs["text"]
        world = analyze(text, settings, source=item.id, layers="parse")
        assert world.parsed is not None
        gold = {(int(s), int(e), str(t)) for s, e, t in item.gold["entities"]}
        out.append(prepare(item.id, text, world.parsed, gold))
        if n % 10 == 0:
            _say(f"parsed {n}/{len(items)} documents", options)
    return out


def fit(docs: list[DocData], c: float = C, threshold: float = 0.5) -> Any:
    """A :class:`MentionModel` fitted on the candidates of ``docs``."""
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression

    from worldstate.extract.mentions.features import COLUMNS
    from worldstate.extract.mentions.model import LABELS, MentionModel

    rows = [r for d in docs for r in d.rows]
    y = np.array([LABELS.index(label) for d in docs for label in d.labels])
    indptr = np.concatenate([[0], np.cumsum([len(r) for r in rows])])
    cols = np.fromiter((c for r in rows for c in r), dtype=np.int64, count=int(indptr[-1]))
    x = csr_matrix((np.ones(len(cols), dtype=np.float32), cols, indptr), shape=(len(rows), COLUMNS))
    x.sum_duplicates()
    clf = LogisticRegression(C=c, max_iter=300, tol=1e-4)
    clf.fit(x, y)
    weights = np.zeros((COLUMNS, len(LABELS)), dtype=np.float32)
    bias = np.zeros(len(LABELS), dtype=np.float32)
    for k, label in enumerate(clf.classes_):
        weights[:, label] = clf.coef_[k]
        bias[label] = clf.intercept_[k]
    present = set(int(k) for k in clf.classes_)
    bias[[k for k in range(len(LABELS)) if k not in present]] = -1e4  # a label never seen is never chosen
    return MentionModel(weights, bias, LABELS, threshold)


def predict(d: DocData, model: Any, threshold: float | None = None) -> set[Span]:
    """The LitBank (first, last, type) entities the model chooses in document ``d``."""
    from worldstate.extract.mentions.detect import choose

    probs = model.probabilities(d.rows).tolist()
    out = set()
    for cand, label, _ in choose(
        d.doc, d.candidates, probs, model.labels, model.threshold if threshold is None else threshold
    ):
        span = to_litbank(d.doc, cand, d.offsets)
        if span:
            out.add((span[0], span[1], label))
    return out


def score(docs: list[DocData], preds: list[set[Span]]) -> dict[str, float]:
    """Exact span + type precision/recall/F1 (micro, over the documents) and F1 per type."""
    from worldstate.bench.litbank import TYPES
    from worldstate.bench.metrics.spans import SpanCounts

    total = SpanCounts()
    by_type = {t: SpanCounts() for t in TYPES}
    for d, pred in zip(docs, preds, strict=True):
        total = total + SpanCounts.of(d.gold, pred)
        for t in TYPES:
            by_type[t] = by_type[t] + SpanCounts.of({g for g in d.gold if g[2] == t}, {p for p in pred if p[2] == t})
    out = total.as_dict()
    out.update({f"{t.lower()}_f1": c.f1 for t, c in by_type.items()})
    return out


def cross_validate(docs: list[DocData], k: int, seed: int, options: TuneOptions) -> tuple[dict[str, Any], float]:
    """Document-level K-fold CV: the scores at every threshold, and the threshold with the best F1."""
    from worldstate.bench.folds import assign_folds

    fold_of = assign_folds([d.id for d in docs], k, seed)
    preds: dict[float, list[set[Span]]] = {t: [set() for _ in docs] for t in THRESHOLDS}
    for fold in range(k):
        _say(f"[fold {fold + 1}/{k}] fitting", options)
        model = fit([d for d in docs if fold_of[d.id] != fold])
        for n, d in enumerate(docs):
            if fold_of[d.id] == fold:
                for t in THRESHOLDS:
                    preds[t][n] = predict(d, model, t)
    by_threshold = {t: score(docs, preds[t]) for t in THRESHOLDS}
    best = max(THRESHOLDS, key=lambda t: by_threshold[t]["f1"])
    return {"by_threshold": {str(t): s for t, s in by_threshold.items()}, **by_threshold[best]}, best


def model_path(settings: Settings) -> Path:
    """``<cache>/tuned/litbank-entities/mention_model.npz``."""
    from worldstate.extract.mentions.model import SHIPPED

    return tuned_dir(settings, TASK) / SHIPPED


def tune_litbank_entities(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Cross-validate, fit on every document of ``data``, save the model and its provenance."""
    return tune_documents(FITTING, data, settings, options)


def _save(settings: Settings, model: Any, _provenance: dict[str, Any]) -> Path:
    return Path(model.save(model_path(settings)))


def _parameters(docs: list[DocData], _model: Any, threshold: float) -> dict[str, Any]:
    return {"c": C, "threshold": threshold, "candidates": sum(len(d.rows) for d in docs)}


FITTING = DocumentFit(
    TASK,
    load,
    cross_validate,
    lambda docs, t: fit(docs, C, t),
    lambda docs, m: score(docs, [predict(d, m) for d in docs]),
    _save,
    _parameters,
    ("decision threshold", THRESHOLDS, 0.5),
    FOLDS,
)


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The model ``bench run litbank-entities`` uses: tuned (cache dir) if there is one, else the shipped one."""
    from worldstate.extract.mentions.model import shipped_path

    tuned = model_path(settings)

    def provenance_of(path: Path) -> dict[str, Any]:
        beside = path.parent / PROVENANCE if path == tuned else path.with_name("mention_model.provenance.json")
        return read_provenance(beside)

    return tuned_else_shipped(tuned, shipped_path(), data, provenance_of)
