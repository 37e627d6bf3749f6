"""LitBank coreference: fit the mention ranker (``extract/coref/ranker.py``) on the gold clusters of the
development half. The rule pass finds the mentions (as at prediction time); a mention that matches a gold
mention exactly takes its gold cluster, any other is its own entity; pairs within the candidate window are
the training rows. With ``--cv K`` the document-level K-fold cross-validated scores come first (the linking
threshold is picked on the pooled out-of-fold documents), then the fit on every document, written to
``<cache>/tuned/litbank-coref/ranker.json`` (``bench run`` loads it, else the shipped weights); the
in-sample score is ``bench run litbank-coref`` on the same data."""

from __future__ import annotations

import copy
import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from worldstate.bench.folds import assign_folds
from worldstate.bench.items import Item
from worldstate.bench.tune.store import TuneOptions, Tuning, read_provenance, tuned_else_shipped
from worldstate.config import Settings
from worldstate.detect.tuned import tuned_dir

TASK = "litbank-coref"
THRESHOLDS = (0.08, 0.15, 0.3)
HIDDEN = 32
MAX_ITER = 10  # epochs of the pair scorer: 30 scored 0.667 vs 0.662 by CV but its weights broke hand-written cases (state questions 44/64)
NEGATIVE_SHARE = 0.15  # share of the negative pairs kept for fitting
SEED = 0
ENSEMBLE = 1  # nets averaged (seeds SEED, SEED + 1, …); 1 = a single net as before


@dataclass
class ParsedItem:
    """A LitBank document parsed as ``analyze`` parses it (quotes marked), with its token offsets."""

    item: Item
    text: str
    doc: Any
    offsets: list[tuple[int, int]]


def parse_items(items: list[Item], settings: Settings, progress: bool = False) -> list[ParsedItem]:
    from worldstate.bench.litbank import flat, token_offsets
    from worldstate.extract.builder import parse
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    out = []
    for n, item in enumerate(items):
        story = Story.from_text(item.inputs["text"], source=item.id)
        doc, _ = parse(story, settings)
        mark_quoted_tokens(doc, find_quotes(story))
        out.append(ParsedItem(item, story.text, doc, flat(token_offsets(story.text))))
        if progress and (n + 1) % 10 == 0:
            print(f"  parsed {n + 1}/{len(items)}", file=sys.stderr, flush=True)
    return out


def gold_clusters(p: ParsedItem, table: Any) -> list[int]:
    """A gold cluster id per mention of ``table`` (exact token span), a fresh id for the others."""
    from worldstate.bench.litbank import char_to_tokens

    where = {tuple(span): c for c, cluster in enumerate(p.item.gold["clusters"]) for span in cluster}
    fresh = len(p.item.gold["clusters"])
    out = []
    for info in table.infos:
        span = char_to_tokens(info.mention.span.start, info.mention.span.end, p.offsets)
        c = where.get(tuple(span)) if span is not None else None
        if c is None:
            c, fresh = fresh, fresh + 1
        out.append(c)
    return out


def training_rows(p: ParsedItem, embed: Any) -> tuple[np.ndarray, np.ndarray]:
    from worldstate.extract.coref.ranker import training_pairs
    from worldstate.extract.coref.resolver import mention_table, rule_pass

    table = mention_table(rule_pass(p.doc, p.text, embed))
    return training_pairs(table, gold_clusters(p, table))


def fit(rows: list[tuple[np.ndarray, np.ndarray]], threshold: float = 0.5) -> Any:
    """A one-hidden-layer scorer fitted on the pair rows: ENSEMBLE nets from different random starts (and
    negative subsamples), their logits averaged, which is again one net with their hidden units side by side."""
    from worldstate.extract.coref.ranker import RankerModel

    x = np.vstack([r[0] for r in rows])
    y = np.concatenate([r[1] for r in rows])
    nets = [_fit_one(x, y, SEED + k) for k in range(ENSEMBLE)]
    w1 = np.hstack([n[0] for n in nets])
    b1 = np.concatenate([n[1] for n in nets])
    w2 = np.concatenate([n[2] for n in nets]) / len(nets)
    bias = float(np.mean([n[3] for n in nets])) + float(np.log(NEGATIVE_SHARE))  # undo the subsampling
    return RankerModel(w1, b1, w2, bias, threshold, {})


def _fit_one(x: np.ndarray, y: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """One net on a subsample of the negatives (easy negatives abound): (w1, b1, w2, b2)."""
    from sklearn.neural_network import MLPClassifier

    keep = (y > 0) | (np.random.default_rng(seed).random(len(y)) < NEGATIVE_SHARE)
    net = MLPClassifier(hidden_layer_sizes=(HIDDEN,), alpha=1e-4, max_iter=MAX_ITER, batch_size=512, random_state=seed)
    net.fit(x[keep], y[keep])
    w1, w2 = net.coefs_
    b1, b2 = net.intercepts_
    return w1, b1, w2[:, 0], float(b2[0])


def _clone(res: Any) -> Any:
    """A deep copy of a rule pass that shares its parse, lexicon and embedder."""
    shared = (res.doc, res.lex, res.embed)
    res.doc = res.lex = res.embed = None
    try:
        out = copy.deepcopy(res)
    finally:
        res.doc, res.lex, res.embed = shared
    out.doc, out.lex, out.embed = shared
    return out


def predict(p: ParsedItem, model: Any, embed: Any, rules: Any = None) -> dict[str, Any]:
    """LitBank clusters of one document with ``model`` (the rule pass re-clustered, then the speech step);
    ``rules``: a rule pass of the document to start from (copied, not changed)."""
    from worldstate.bench.litbank import coref_clusters
    from worldstate.extract.coref.resolver import finish, regroup, rule_pass

    res = _clone(rules) if rules is not None else rule_pass(p.doc, p.text, embed)
    if res.infos:
        regroup(res, model)
    coref = finish(res)
    attribute_quote_pronouns(p, coref)
    return coref_clusters(SimpleNamespace(entities=coref.entities, mentions=coref.mentions), p.offsets)


def attribute_quote_pronouns(p: ParsedItem, coref: Any) -> None:
    """The speech step of ``analyze``: quoted I/you go to the quote's speaker/addressee where the speech
    extractor found one, over the ranker's link (as in ``bench run``)."""
    from worldstate.extract.coref.quoted import detach_attributed
    from worldstate.extract.speech import SpeechExtractor, fix_quote_pronouns, link_quote_pronouns
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(p.text, source=p.item.id)
    entities = {e.id: e for e in coref.entities}
    speeches, _ = SpeechExtractor(story, p.doc, coref, entities).run(find_quotes(story))
    pending = coref.pending_quote_pronouns + detach_attributed(speeches, coref, entities, p.doc)
    link_quote_pronouns(speeches, pending, entities, p.doc)
    fix_quote_pronouns(speeches, coref, entities, p.doc)


def _say(message: str, options: TuneOptions) -> None:
    if options.progress:
        print(message, file=sys.stderr, flush=True)


def cross_validate(
    parsed: list[ParsedItem],
    rows: list[tuple[np.ndarray, np.ndarray]],
    k: int,
    seed: int,
    embed: Any,
    options: TuneOptions,
) -> tuple[dict[str, Any], float]:
    """Document-level k-fold scores for every threshold; returns (scores of the best, best threshold)."""
    from worldstate.bench.litbank import score_coref
    from worldstate.extract.coref.resolver import rule_pass

    fold_of = assign_folds([p.item.id for p in parsed], k, seed)
    preds: dict[float, list[dict[str, Any]]] = {t: [{}] * len(parsed) for t in THRESHOLDS}
    for fold in range(k):
        _say(f"  fold {fold + 1}/{k}", options)
        model = fit([r for p, r in zip(parsed, rows, strict=True) if fold_of[p.item.id] != fold])
        for n, p in enumerate(parsed):
            if fold_of[p.item.id] == fold:
                rules = rule_pass(p.doc, p.text, embed)
                for t in THRESHOLDS:
                    model.threshold = t
                    preds[t][n] = predict(p, model, embed, rules)
    items = [p.item for p in parsed]
    by_threshold = {t: score_coref(items, preds[t]) for t in THRESHOLDS}
    best = max(THRESHOLDS, key=lambda t: by_threshold[t]["conll_f1"])
    for t in THRESHOLDS:
        _say(f"  threshold {t}: conll_f1 {by_threshold[t]['conll_f1']:.3f}", options)
    return by_threshold[best], best


def weights_path(settings: Settings) -> Path:
    return tuned_dir(settings, TASK) / "ranker.json"


def shipped_path() -> Path:
    return Path(__file__).resolve().parents[2] / "extract" / "coref" / "data" / "ranker.json"


def _embedder(settings: Settings) -> Any:
    from worldstate.resources.models import get_embedder

    return get_embedder(settings).encode


def tune_litbank_coref(
    data: Path,
    settings: Settings,
    options: TuneOptions,
    parsed: list[ParsedItem] | None = None,
    rows: list[tuple[np.ndarray, np.ndarray]] | None = None,
) -> dict[str, Any]:
    """Cross-validate (``options.cv`` folds, default 5), fit on every document, save weights + provenance.
    ``parsed``/``rows``: the documents already parsed / featurised (the same as computed here)."""
    from worldstate.bench.litbank import load_coref

    run = Tuning(settings, TASK, data, options)
    k = options.cv or 5
    items = load_coref(Path(data))
    if parsed is None:
        _say(f"parsing {len(items)} documents", options)
        parsed = parse_items(items, settings, options.progress)
    embed = _embedder(settings)
    if rows is None:
        rows = [training_rows(p, embed) for p in parsed]
    _say(f"{sum(len(r[1]) for r in rows)} candidate pairs; {k}-fold cross-validation", options)
    cv_scores, threshold = cross_validate(parsed, rows, k, options.seed, embed, options)
    _say(f"fit on all {len(items)} documents (threshold {threshold})", options)
    model = fit(rows, threshold)
    keep = (
        "conll_f1",
        "muc_f1",
        "b3_f1",
        "ceafe_f1",
        "lea_f1",
        "mention_f1",
        "clusters_per_character",
        "merged_documents",
    )
    score = {f"cv_{m}": round(cv_scores[m], 4) for m in keep if m in cv_scores}
    return run.record(
        len(items),
        score,
        f"{k}-fold cross-validation (documents; seeded folds; threshold picked on the pooled folds)",
        ["--cv", str(k), "--seed", str(options.seed)],
        fitted=model,
        to=weights_path(settings),
        parameters={"hidden": HIDDEN, "ensemble": ENSEMBLE, "threshold": threshold, "seed": SEED, "k": k},
    )


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The ranker weights ``bench run litbank-coref`` uses: tuned, else shipped."""
    return tuned_else_shipped(weights_path(settings), shipped_path(), data, read_provenance)
