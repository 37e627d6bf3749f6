"""LitBank realis events: fit the trigger tagger (:mod:`worldstate.extract.realis`) on the development half.

``worldstate bench tune litbank-events --data ../shared/data/litbank`` parses every document as the engine
does, labels each candidate token (verb, noun, adjective) with LitBank's ``EVENT`` tag, reports the
document-level 5-fold cross-validated precision, recall and F1 (seeded folds of the document ids, per
part of speech too), then fits on all documents and writes ``realis.npz`` (weights, bias, threshold,
provenance) and ``provenance.json`` to ``<cache>/tuned/litbank-events/``. Copy that ``realis.npz`` to
``worldstate/extract/data/`` to ship it. ``bench run litbank-events`` uses the tuned file, else the shipped one.
"""

from __future__ import annotations

import bisect
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from worldstate.bench.folds import K_FOLDS, assign_folds
from worldstate.bench.tune.store import TuneOptions, command_line, provenance, tuned_else_shipped, write_provenance
from worldstate.config import Settings
from worldstate.detect.tuned import tuned_dir
from worldstate.errors import ConfigError
from worldstate.extract.realis import PARAMS_FILE, TASK, RealisModel, indices, load_model, shipped_path
from worldstate.extract.realis_features import doc_features

REGULARISATION_C = 1.0  # inverse L2 strength (5-fold CV on the dev half: 0.1 → .614, 0.3 → .626, 1.0 → .629)
THRESHOLD = 0.3  # decision threshold on P(realis) (CV: 0.3 → .629, 0.4 → .622, 0.5 → .599)
MAX_ITER = 2000


@dataclass
class Candidate:
    token: int  # index in the engine's ParsedDoc
    features: list[int]  # hashed feature indices
    label: bool  # LitBank tags the token EVENT
    pos: str


@dataclass
class Document:
    id: str
    candidates: list[Candidate]
    gold_pos: Counter[str]  # parts of speech of the gold triggers (candidates or not)


def _say(message: str, options: TuneOptions) -> None:
    if options.progress:
        print(message, file=sys.stderr, flush=True)


def label_document(doc_id: str, text: str, gold: list[int], settings: Settings) -> Document:
    """Parse ``text`` as the engine does and label its candidate triggers with the gold token indices."""
    from worldstate.analysis import analyze
    from worldstate.bench.litbank import flat, token_offsets
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state.quotes import find_quotes

    world = analyze(text, settings, source=doc_id, layers="parse")
    parsed = world.parsed
    if parsed is None:
        raise ConfigError("the realis tagger needs the spaCy/Stanza parse (not the Chinese path)")
    mark_quoted_tokens(parsed, find_quotes(world.story))
    starts = [t.start for t in parsed.tokens]
    gold_tokens: set[int] = set()
    gold_pos: Counter[str] = Counter()
    offsets = flat(token_offsets(text))
    for i in gold:
        k = max(0, bisect.bisect_right(starts, offsets[i][0]) - 1)
        gold_tokens.add(k)
        gold_pos[parsed.tokens[k].pos] += 1
    candidates = [
        Candidate(i, indices(feats), i in gold_tokens, parsed.tokens[i].pos) for i, feats in doc_features(parsed)
    ]
    return Document(doc_id, candidates, gold_pos)


def load_documents(data: Path, settings: Settings, options: TuneOptions) -> list[Document]:
    from worldstate.bench.litbank import load_events

    items = load_events(Path(data))
    docs = []
    for n, item in enumerate(items, 1):
        if options.progress and (n == 1 or n % 10 == 0):
            _say(f"[parse] document {n}/{len(items)}", options)
        docs.append(label_document(item.id, item.inputs["text"], item.gold["events"], settings))
    return docs


def _matrix(candidates: list[Candidate]) -> Any:
    from scipy.sparse import csr_matrix

    from worldstate.extract.realis import HASH_BITS

    cols = [j for c in candidates for j in c.features]
    ptr = np.cumsum([0, *(len(c.features) for c in candidates)])
    x = csr_matrix((np.ones(len(cols)), cols, ptr), shape=(len(candidates), 1 << HASH_BITS))
    return x


def fit(docs: list[Document], c: float = REGULARISATION_C, threshold: float = THRESHOLD) -> RealisModel:
    """Logistic regression over the candidates of ``docs``."""
    from sklearn.linear_model import LogisticRegression

    cands = [c_ for d in docs for c_ in d.candidates]
    labels = [c_.label for c_ in cands]
    if len(set(labels)) < 2:
        raise ConfigError("the realis tagger needs both event and non-event tokens to fit")
    reg = LogisticRegression(C=c, max_iter=MAX_ITER, solver="liblinear", random_state=0).fit(_matrix(cands), labels)
    return RealisModel(reg.coef_[0].astype(np.float64), float(reg.intercept_[0]), threshold)


def predict(model: RealisModel, doc: Document) -> list[bool]:
    """The model's realis decision for each candidate of ``doc`` (the same arithmetic as at inference)."""
    out = []
    for cand in doc.candidates:
        z = model.bias + float(model.weights[cand.features].sum())
        out.append(1.0 / (1.0 + np.exp(-z)) >= model.threshold)
    return out


def score(docs: list[Document], decisions: dict[str, list[bool]]) -> dict[str, Any]:
    """Trigger precision, recall and F1 over the corpus, and per part of speech of the token."""
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    gold: Counter[str] = Counter()
    for doc in docs:
        gold.update(doc.gold_pos)
        for cand, yes in zip(doc.candidates, decisions[doc.id], strict=True):
            if yes:
                (tp if cand.label else fp)[cand.pos] += 1
    return {**_prf(sum(tp.values()), sum(fp.values()), sum(gold.values())), "by_pos": _by_pos(tp, fp, gold)}


def _prf(tp: int, fp: int, gold: int) -> dict[str, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / gold if gold else 0.0
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def _by_pos(tp: Counter[str], fp: Counter[str], gold: Counter[str]) -> dict[str, dict[str, float]]:
    out = {}
    for pos in sorted(set(gold) | set(tp) | set(fp), key=lambda p: -gold[p]):
        out[pos] = {**_prf(tp[pos], fp[pos], gold[pos]), "gold": gold[pos], "predicted": tp[pos] + fp[pos]}
    return out


def cross_validate(docs: list[Document], k: int, seed: int, options: TuneOptions) -> dict[str, Any]:
    """Document-level k-fold cross-validated scores (folds: seeded shuffle of the document ids)."""
    fold_of = assign_folds([d.id for d in docs], k, seed)
    decisions: dict[str, list[bool]] = {}
    for fold in range(k):
        _say(f"[fit {fold + 1}/{k + 1}] fold {fold + 1} of {k}", options)
        model = fit([d for d in docs if fold_of[d.id] != fold])
        for doc in docs:
            if fold_of[doc.id] == fold:
                decisions[doc.id] = predict(model, doc)
    return score(docs, decisions)


def tune_litbank_events(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Cross-validate (5 folds unless ``options.cv`` says otherwise), fit on all documents, save the model."""
    started = time.perf_counter()
    docs = load_documents(Path(data), settings, options)
    k = options.cv or K_FOLDS
    if not 2 <= k <= len(docs):
        raise ConfigError(f"cross-validation needs between 2 and {len(docs)} folds, got {k}")
    cv = cross_validate(docs, k, options.seed, options)
    _say(f"cross-validated: P {cv['precision']:.3f} R {cv['recall']:.3f} F1 {cv['f1']:.3f}", options)
    _say(f"[fit {k + 1}/{k + 1}] all {len(docs)} documents", options)
    model = fit(docs)
    in_sample = score(docs, {d.id: predict(model, d) for d in docs})
    words = sum(len(d.candidates) for d in docs)
    scores = {
        "cv_precision": cv["precision"],
        "cv_recall": cv["recall"],
        "cv_f1": cv["f1"],
        "cv_by_pos": cv["by_pos"],
        "in_sample_precision": in_sample["precision"],
        "in_sample_recall": in_sample["recall"],
        "in_sample_f1": in_sample["f1"],
        "in_sample_by_pos": in_sample["by_pos"],
    }
    flags = ["--cv", str(options.cv), "--seed", str(options.seed)] if options.cv else []
    prov = provenance(
        TASK,
        data,
        len(docs),
        scores,
        f"document-level {k}-fold cross-validation (seeded folds of the document ids, seed {options.seed}), in-sample",
        options.command or command_line(TASK, data, *flags),
        parameters={"c": REGULARISATION_C, "threshold": THRESHOLD, "k": k, "seed": options.seed},
        candidates=words,
        seconds=round(time.perf_counter() - started, 1),
    )
    path = model.save(tuned_dir(settings, TASK) / PARAMS_FILE, prov)
    prov["written"] = str(path)
    write_provenance(settings, TASK, prov)
    return prov


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The realis parameters ``bench run litbank-events`` uses (tuned, else shipped) and their provenance."""
    return tuned_else_shipped(
        tuned_dir(settings, TASK) / PARAMS_FILE,
        Path(str(shipped_path())),
        data,
        lambda path: load_model(path).provenance or {},
    )
