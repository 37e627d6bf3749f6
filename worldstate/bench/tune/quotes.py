"""LitBank quotes: fit the speaker ranker (:mod:`worldstate.extract.speakers`) on the development half.

``worldstate bench tune litbank-quotes --data ../shared/data/litbank`` runs every document through the
engine up to coreference (as ``analyze`` does), finds its quotes and the rules' speakers, and labels each
candidate speaker of a quote that overlaps a gold quote: positive when the candidate entity's gold label
(the coreference label most of its mentions match exactly, as the scorer reads it) is the gold speaker.
It reports document-level 5-fold cross-validation (seeded folds of the document ids,
:func:`worldstate.bench.folds.assign_folds`) of ``speaker_accuracy`` exactly as ``bench run`` scores it,
for the rules alone and for the ranker at each regularisation strength tried, with the errors split into
coreference errors (the speaker's mention is there but in a cluster of another label), ranking errors
(a candidate of the right label was passed over) and the rest; then fits on every document and writes
``<cache>/tuned/litbank-quotes/speaker_model.json`` + ``provenance.json``. The final model carries the
Platt scaling of its confidences fitted on the CV predictions at the chosen C
(:mod:`worldstate.bench.tune.quote_calibration`; ``score.cv.sureness`` counts the speakers that reach 0.8
before and after it). Copy the json to ``worldstate/extract/data/speaker_model.json`` to ship it.
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldstate.bench.folds import assign_folds
from worldstate.bench.tune.quote_calibration import fit_calibration, rows_of, sureness
from worldstate.bench.tune.store import (
    DocumentFit,
    TuneOptions,
    read_provenance,
    tune_documents,
    tuned_else_shipped,
)
from worldstate.config import Settings
from worldstate.detect.tuned import PROVENANCE, tuned_dir
from worldstate.extract.speakers import SHIPPED, TASK, SpeakerModel, calibration_group, candidates, shipped_path

C_GRID = (0.03, 0.05, 0.1, 0.3, 1.0)
TokenSpan = tuple[int, int]


@dataclass
class Choice:
    """What cross-validation chose: the regularisation and the confidences' calibration by group."""

    c: float
    calibration: dict[str, list[float]]

    def __str__(self) -> str:
        return str(self.c)


@dataclass
class Example:
    """One predicted quote that overlaps a gold quote with a speaker: its candidates and their labels."""

    gold: str  # the gold speaker's coreference label
    entities: list[str]
    features: list[list[str]]
    labels: list[bool]
    speaker_mention: list[bool]  # the candidate has a mention in the window whose span is the gold speaker's
    turn: int  # the predicted quote's index


@dataclass
class DocData:
    """One document run up to coreference, with what scoring and fitting need."""

    id: str
    item: Any  # the bench Item (gold quotes and coreference labels)
    story: Any
    doc: Any  # ParsedDoc, quotes marked
    coref: Any  # Coreference before speech (copied before each attribution)
    quotes: list[Any]
    examples: list[Example]
    errors: Counter[str]  # gold quote → its rule-candidate situation (see :func:`prepare`)


def _say(message: str, options: TuneOptions) -> None:
    if options.progress:
        print(message, file=sys.stderr, flush=True)


def run_to_coref(text: str, doc_id: str, settings: Settings) -> tuple[Any, Any, Any, list[Any]]:
    """(story, parsed doc, coreference, quotes) as ``analyze`` builds them before speech attribution."""
    from worldstate.analysis import analyze
    from worldstate.extract import coref as coref_mod
    from worldstate.extract.mentions import detect_mentions
    from worldstate.extract.mentions.model import model_for as mention_model_for
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.resources.models import get_embedder
    from worldstate.state.quotes import find_quotes

    world = analyze(text, settings, source=doc_id, layers="parse")
    story, doc = world.story, world.parsed
    quotes = find_quotes(story)
    mark_quoted_tokens(doc, quotes)
    coref = coref_mod.resolve(
        doc,
        story.text,
        lambda texts: get_embedder(settings).encode(texts),
        detect_mentions(doc, mention_model_for(settings)),
        coref_mod.ranker_for(settings),
    )
    return story, doc, coref, quotes


def _tokens(span: Any, offsets: list[tuple[int, int]]) -> TokenSpan | None:
    from worldstate.bench.litbank import char_to_tokens

    return char_to_tokens(span.start, span.end, offsets)


def prepare(item: Any, story: Any, doc: Any, coref: Any, quotes: list[Any]) -> DocData:
    """Label the rules' candidates of every predicted quote overlapping a gold quote with a speaker."""
    from worldstate.bench.litbank import _gold_entity_of, flat, token_offsets
    from worldstate.extract.speech import SpeechExtractor

    offsets = flat(token_offsets(item.inputs["text"]))
    gold_entities = {k: {tuple(s) for s in v} for k, v in item.gold["entities"].items()}
    entities = {e.id: e for e in coref.entities}
    spans_of: dict[str, list[TokenSpan]] = {}
    for m in coref.mentions:
        span = _tokens(m.span, offsets)
        if m.entity and span:
            spans_of.setdefault(m.entity, []).append(span)
    label_of = {e: _gold_entity_of(sorted(s), gold_entities) for e, s in spans_of.items()}
    ex = SpeechExtractor(story, doc, coref, entities)
    turns = ex.rule_turns(quotes)
    spans = [_tokens(t.quote, offsets) for t in turns]
    examples, errors = [], Counter()
    for s, e, speaker in item.gold["quotes"]:
        if not speaker:
            continue
        overlap = [(min(e, sp[1]) - max(s, sp[0]), k) for k, sp in enumerate(spans) if sp]
        best = max(overlap, default=(-1, -1))
        if best[0] < 0:
            errors["missed_quote"] += 1
            continue
        cands = candidates(ex, turns, best[1])
        labels = [label_of.get(c.entity) == speaker for c in cands]
        speaker_spans = gold_entities.get(speaker, set())
        holders = {ent for ent, sp in _window_spans(ex, turns, best[1], offsets) if sp in speaker_spans}
        if not any(labels):
            errors["coreference_unreachable" if holders else "mention_unreachable"] += 1
        examples.append(
            Example(
                speaker,
                [c.entity for c in cands],
                [c.features for c in cands],
                labels,
                [c.entity in holders for c in cands],
                best[1],
            )
        )
    return DocData(item.id, item, story, doc, coref, quotes, examples, errors)


def _window_spans(
    ex: Any, turns: list[Any], k: int, offsets: list[tuple[int, int]]
) -> list[tuple[str | None, TokenSpan]]:
    """(entity, LitBank token span) of the predicted mentions outside quotes in quote ``k``'s window."""
    from worldstate.extract.speakers import AFTER_TOKENS, BEFORE_TOKENS

    q = turns[k].quote
    first = max(0, ex._token_at(q.start) - BEFORE_TOKENS)
    last = min(len(ex.doc.tokens) - 1, ex._token_at(max(q.start, q.end - 1)) + AFTER_TOKENS)
    lo, hi = ex.doc.tokens[first].start, ex.doc.tokens[last].end
    out = []
    for info in ex.infos:
        if lo <= info.mention.span.start < hi and not ex.doc.tokens[info.head].in_quote:
            span = _tokens(info.mention.span, offsets)
            if span:
                out.append((info.mention.entity, span))
    return out


def load(data: Path, settings: Settings, options: TuneOptions) -> list[DocData]:
    """Every LitBank quotes document of ``data``, run to coreference and prepared."""
    from worldstate.bench.litbank import load_quotes

    items = load_quotes(Path(data))
    out = []
    for n, item in enumerate(items, 1):
        story, doc, coref, quotes = run_to_coref(item.inputs["text"], item.id, settings)
        out.append(prepare(item, story, doc, coref, quotes))
        if n % 10 == 0:
            _say(f"[parse] {n}/{len(items)} documents", options)
    return out


def fit(docs: list[DocData], c: float) -> SpeakerModel:
    """A conditional-logit ranker (softmax over each quote's candidates, L2 strength ``1/c``) fitted on
    the quotes of ``docs`` that have a right candidate; the loss is the probability of the right ones."""
    import numpy as np
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    vocab: dict[str, int] = {}
    rows, cols, groups, positive = [], [], [], []
    for d in docs:
        for ex in d.examples:
            if not any(ex.labels) or len(ex.labels) < 2:
                continue
            quote = groups[-1] + 1 if groups else 0
            for feats, label in zip(ex.features, ex.labels, strict=True):
                ids = {vocab.setdefault(f, len(vocab)) for f in feats}
                cols.extend(ids)
                rows.extend([len(positive)] * len(ids))
                groups.append(quote)
                positive.append(label)
    n = len(positive)
    x = csr_matrix((np.ones(len(cols)), (rows, cols)), shape=(n, len(vocab)))
    group = np.array(groups, dtype=int)
    pos = np.array(positive, dtype=float)
    n_groups = int(group.max()) + 1 if n else 0

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        top = np.full(n_groups, -np.inf)
        np.maximum.at(top, group, s)
        e = np.exp(s - top[group])
        all_sum = np.bincount(group, e, n_groups)
        pos_sum = np.bincount(group, e * pos, n_groups)
        value = -np.sum(np.log(pos_sum) - np.log(all_sum)) + 0.5 / c * w @ w
        grad_s = e / all_sum[group] - e * pos / pos_sum[group]
        return float(value), x.T @ grad_s + w / c

    w = minimize(loss, np.zeros(len(vocab)), jac=True, method="L-BFGS-B", options={"maxiter": 500}).x
    names = sorted(vocab, key=vocab.__getitem__)
    return SpeakerModel({name: float(v) for name, v in zip(names, w, strict=True)}, 0.0)


def attribute(d: DocData, model: SpeakerModel | None) -> dict[str, Any]:
    """``predict_quotes``'s prediction for ``d`` with ``model`` (None: the rules), on a copy of its coreference."""
    from worldstate.bench.litbank import flat, token_offsets
    from worldstate.extract.speech import SpeechExtractor, fix_quote_pronouns, link_quote_pronouns

    coref = copy.deepcopy(d.coref)
    entities = {e.id: e for e in coref.entities}
    speeches, _ = SpeechExtractor(d.story, d.doc, coref, entities, model).run(d.quotes)
    link_quote_pronouns(speeches, coref.pending_quote_pronouns, entities, d.doc)
    fix_quote_pronouns(speeches, coref, entities, d.doc)
    offsets = flat(token_offsets(d.item.inputs["text"]))
    quotes = []
    for sp in speeches:
        span = _tokens(sp.span, offsets)
        if span is not None:
            quotes.append([span[0], span[1], sp.speaker])
    speakers = {q[2] for q in quotes if q[2]}
    mentions: dict[str, set[TokenSpan]] = {}
    for m in coref.mentions:
        span = _tokens(m.span, offsets)
        if m.entity in speakers and span is not None:
            mentions.setdefault(m.entity, set()).add(span)
    return {
        "quotes": quotes,
        "mentions": {k: [list(s) for s in sorted(v)] for k, v in mentions.items()},
        "speakers": [sp.speaker for sp in speeches],
        "confidence": [sp.confidence for sp in speeches],
        "group": [calibration_group(sp.rule, sp.rule != "ranker") for sp in speeches],
    }


def ranking_errors(docs: list[DocData], preds: list[dict[str, Any]]) -> Counter[str]:
    """Over the gold quotes with a speaker, given each quote's predicted speaker (``attribute``'s
    ``speakers``): right; ``coreference`` (the chosen candidate holds a mention of the gold speaker in the
    window, but its cluster's label is another: right mention, wrong cluster); ``ranking`` (a candidate
    of the right label was there); and the quotes no candidate could get right
    (``coreference_unreachable``: the speaker's mention is in the window but in clusters of other labels;
    ``mention_unreachable``: no mention of the speaker there; ``missed_quote``). Labels are read before
    the quote pronouns are linked (the scorer reads them after), so the counts differ a little from it."""
    out: Counter[str] = Counter()
    for d, pred in zip(docs, preds, strict=True):
        out.update(d.errors)
        for ex in d.examples:
            if not any(ex.labels):
                continue
            chosen = pred["speakers"][ex.turn]
            at = ex.entities.index(chosen) if chosen in ex.entities else -1
            if at >= 0 and ex.labels[at]:
                out["right"] += 1
            else:
                out["coreference" if at >= 0 and ex.speaker_mention[at] else "ranking"] += 1
    return out


def score(docs: list[DocData], preds: list[dict[str, Any]]) -> dict[str, float]:
    from worldstate.bench.litbank import score_quotes

    return score_quotes([d.item for d in docs], preds)


def per_fold(docs: list[DocData], preds: list[dict[str, Any]], fold_of: dict[str, int], k: int) -> list[float]:
    """``speaker_accuracy`` of each fold's documents (how much the CV score moves with the documents)."""
    out = []
    for fold in range(k):
        pairs = [(d, p) for d, p in zip(docs, preds, strict=True) if fold_of[d.id] == fold]
        out.append(round(score([d for d, _ in pairs], [p for _, p in pairs])["speaker_accuracy"], 4))
    return out


def cross_validate(docs: list[DocData], k: int, seed: int, options: TuneOptions) -> tuple[dict[str, Any], Choice]:
    """Document-level K-fold CV of the rules and of the ranker at each C: scores, errors, the best C and the
    calibration fitted on its predictions."""
    fold_of = assign_folds([d.id for d in docs], k, seed)
    rule_preds = [attribute(d, None) for d in docs]
    out: dict[str, Any] = {
        "rules": {
            **score(docs, rule_preds),
            "errors": dict(ranking_errors(docs, rule_preds)),
            "per_fold": per_fold(docs, rule_preds, fold_of, k),
        }
    }
    by_c, preds_of = {}, {}
    for c in C_GRID:
        models: list[SpeakerModel | None] = [None] * len(docs)
        for fold in range(k):
            _say(f"[C={c}] fold {fold + 1}/{k}", options)
            model = fit([d for d in docs if fold_of[d.id] != fold], c)
            for n, d in enumerate(docs):
                if fold_of[d.id] == fold:
                    models[n] = model
        preds = [attribute(d, m) for d, m in zip(docs, models, strict=True)]
        preds_of[c] = preds
        by_c[c] = {
            **score(docs, preds),
            "errors": dict(ranking_errors(docs, preds)),
            "per_fold": per_fold(docs, preds, fold_of, k),
        }
    best = max(C_GRID, key=lambda c: by_c[c]["speaker_accuracy"])
    out["by_c"] = {str(c): s for c, s in by_c.items()}
    out.update(by_c[best])
    rows = [r for d, p in zip(docs, preds_of[best], strict=True) for r in rows_of(d.examples, p)]
    calibration = fit_calibration(rows)
    out["sureness"] = sureness(rows, calibration)
    return out, Choice(best, calibration)


def fit_chosen(docs: list[DocData], choice: Choice) -> SpeakerModel:
    """The ranker fitted on ``docs`` at the chosen C, with the chosen calibration."""
    model = fit(docs, choice.c)
    model.calibration = dict(choice.calibration)
    return model


def model_path(settings: Settings) -> Path:
    return tuned_dir(settings, TASK) / SHIPPED


def tune_litbank_quotes(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Cross-validate, fit on every document of ``data``, save the ranker and its provenance."""
    return tune_documents(FITTING, data, settings, options)


def _in_sample(docs: list[DocData], model: SpeakerModel) -> dict[str, Any]:
    preds = [attribute(d, model) for d in docs]
    return {**score(docs, preds), "errors": dict(ranking_errors(docs, preds))}


FITTING = DocumentFit(
    TASK,
    load,
    cross_validate,
    fit_chosen,
    _in_sample,
    save=lambda settings, model, prov: model.save(model_path(settings), prov),
    parameters=lambda _docs, model, choice: {
        "c": choice.c,
        "calibration": choice.calibration,
        "features": len(model.weights),
    },
    choice=("C", C_GRID, Choice(0.3, {})),
)


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The ranker ``bench run litbank-quotes`` uses: tuned (cache dir) if there is one, else the shipped one."""
    tuned = model_path(settings)

    def provenance_of(path: Path) -> dict[str, Any]:
        return read_provenance(tuned.parent / PROVENANCE if path == tuned else path)

    return tuned_else_shipped(tuned, shipped_path(), data, provenance_of)
