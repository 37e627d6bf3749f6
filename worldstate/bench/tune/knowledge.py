"""Act-on-Known KNP: fit the next-action scorer (``detect/data/knowledge/next_action.yaml``).

Two fits on the development items: the hidden-sentence ranker (``kn_rank``: logistic regression of "is an
annotated implausible-knowledge sentence" on the sentence features) and the scorer's weights (symmetric
logistic regression, no intercept, on features(with-knowledge option) − features(without)). The honest
score is nested cross-validation (ranker and scorer both refitted on each training fold, 5×5 folds);
the in-sample accuracy is reported beside it. Gold fields (which option needs the hidden knowledge, the
annotated quote) are read here for fitting and scoring only, never by ``bench run``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from worldstate.bench.tune.store import TuneOptions, command_line, file_in_use, provenance, write_provenance
from worldstate.config import Settings
from worldstate.detect.knowledge.access import Access
from worldstate.detect.storyview import StoryView
from worldstate.detect.tuned import tuned_dir
from worldstate.files import atomic_write_text

TASK = "knp"
CV_FOLDS, CV_REPEATS = 5, 5


@dataclass
class KnpItem:
    """One development KNP item, prepared once: the story view, both access models and the gold."""

    view: StoryView
    access: list[Access]
    world: list[float]
    question: str
    options: list[str]  # [with knowledge (wrong), without knowledge (right)]
    hidden: list[int]  # view sentences of the annotated implausible knowledge (fitting only)


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def word_iou(a: str, b: str) -> float:
    """Word-set intersection over union (lower case, runs of word characters)."""
    x, y = _words(a), _words(b)
    return len(x & y) / max(1, len(x | y))


def annotated_sentences(view: StoryView, quote: str) -> list[int]:
    """View sentences inside (or containing) the annotated quote, else the one sharing most words."""
    quote = quote.strip()
    inside = [i for i, s in enumerate(view.sentences) if s.strip() and (s.strip() in quote or quote in s)]
    return inside or [max(range(len(view)), key=lambda i: word_iou(view.sentences[i], quote))]


def prepare_knp(data: Path, settings: Settings, progress: bool = True) -> list[KnpItem]:
    """The KNP items of ``data`` (bench loader), each analysed once, options ordered [with, without]."""
    from tqdm import tqdm

    from worldstate.analysis import analyze
    from worldstate.bench.loaders import load_knp
    from worldstate.detect.knowledge.access import sentence_access
    from worldstate.detect.knowledge.next_action import config
    from worldstate.detect.knowledge.world_access import world_inaccessibility

    lanes = bool(config(settings).get("knowledge_lanes", False))  # the knowledge lanes, as the head reads them
    items = []
    for item in tqdm(load_knp(Path(data)), unit="item", disable=not progress, dynamic_ncols=True):
        x, right = item.inputs, int(item.gold["correct"])
        view = StoryView(analyze(x["story"], settings, embed_early=True))
        options = [x["options"][1 - right], x["options"][right]]
        hidden = annotated_sentences(view, str(item.gold.get("implausible_knowledge", "")))
        access = sentence_access(view, x["character"])
        world = world_inaccessibility(view.world.state, view, x["character"], lanes=lanes)
        items.append(KnpItem(view, access, world, x["question"], options, hidden))
    return items


def feature_diffs(items: list[KnpItem], ranker: dict[str, float] | None = None) -> tuple[list[str], np.ndarray]:
    """Feature names and, per item, features(with-knowledge option) − features(without)."""
    from worldstate.detect.knowledge.next_action import option_features

    rows, names = [], []
    for it in items:
        feats = option_features(it.view, it.access, it.question, it.options, it.world, ranker)
        names = list(feats[0])
        rows.append([feats[0][n] - feats[1][n] for n in names])
    return names, np.array(rows)


def fit_ranker(items: list[KnpItem]) -> dict[str, float]:
    """Logistic regression of 'is the annotated sentence' on the ``kn_rank`` sentence features."""
    from sklearn.linear_model import LogisticRegression

    from worldstate.detect.knowledge.rank import FEATURES, sentence_features

    x = np.vstack([sentence_features(it.access, it.world) for it in items])
    y = np.concatenate([np.isin(np.arange(len(it.view)), it.hidden) for it in items])
    coef = LogisticRegression(max_iter=1000).fit(x, y).coef_[0]
    return {name: round(float(v), 3) for name, v in zip(FEATURES, coef, strict=True)}


def ranker_top1(items: list[KnpItem], ranker: dict[str, float]) -> float:
    """Share of items whose top-ranked sentence is an annotated one."""
    from worldstate.detect.knowledge.rank import hidden_scores

    return float(np.mean([int(np.argmax(hidden_scores(it.access, it.world, ranker))) in it.hidden for it in items]))


def fit_symmetric(diff: np.ndarray) -> np.ndarray:
    """Logistic regression without intercept on (diff → 1, −diff → 0): the scorer's weights."""
    from sklearn.linear_model import LogisticRegression

    x = np.vstack([diff, -diff])
    y = np.r_[np.ones(len(diff)), np.zeros(len(diff))]
    return LogisticRegression(fit_intercept=False).fit(x, y).coef_[0]


def accuracy(diff: np.ndarray, weights: np.ndarray) -> float:
    """The scorer picks the lower dependence, so it is right when the with-knowledge option scores higher."""
    return float(np.mean(diff @ weights > 0))


def cross_validate(items: list[KnpItem], folds: int = CV_FOLDS, repeats: int = CV_REPEATS) -> tuple[float, float]:
    """Nested: ranker and scorer both refitted on each training fold. (accuracy, ranker top-1)."""
    from sklearn.model_selection import RepeatedKFold

    accs, tops = [], []
    for train, test in RepeatedKFold(n_splits=folds, n_repeats=repeats, random_state=0).split(items):
        ranker = fit_ranker([items[i] for i in train])
        _, diff_train = feature_diffs([items[i] for i in train], ranker)
        _, diff_test = feature_diffs([items[i] for i in test], ranker)
        accs.append(accuracy(diff_test, fit_symmetric(diff_train)))
        tops.append(ranker_top1([items[i] for i in test], ranker))
    return float(np.mean(accs)), float(np.mean(tops))


def configured_score(items: list[KnpItem], settings: Settings) -> dict[str, float]:
    """Accuracy and ranker top-1 of the weights in use (tuned, else shipped) on ``items``."""
    from worldstate.detect.knowledge.next_action import config

    params = config(settings)
    names, diff = feature_diffs(items)
    weights = np.array([float(params["weights"][n]) for n in names])
    return {"accuracy": accuracy(diff, weights), "ranker_top1": ranker_top1(items, params["hidden_ranker"])}


def tune_knp(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Fit ranker and scorer on all of ``data``; write ``<cache>/tuned/knp/next_action.yaml`` + provenance."""
    from worldstate.detect.knowledge.next_action import PARAMETERS, config

    settings = replace(settings, llm_mode="off")
    items = prepare_knp(data, settings, options.progress)
    previous = configured_score(items, settings)
    ranker = fit_ranker(items)
    names, diff = feature_diffs(items, ranker)
    weights = fit_symmetric(diff)
    cv_acc, cv_top = cross_validate(items, CV_FOLDS, CV_REPEATS)
    score = {
        "cv_accuracy": cv_acc,
        "cv_ranker_top1": cv_top,
        "in_sample_accuracy": accuracy(diff, weights),
        "in_sample_ranker_top1": ranker_top1(items, ranker),
        "previous_accuracy": previous["accuracy"],
    }
    path = tuned_dir(settings, TASK) / PARAMETERS
    fitted = {
        "weights": {n: round(float(v), 3) for n, v in zip(names, weights, strict=True)},
        "hidden_threshold": float(config(settings)["hidden_threshold"]),
        "hidden_ranker": ranker,
        "knowledge_lanes": bool(config(settings).get("knowledge_lanes", False)),
    }
    prov = provenance(
        TASK,
        data,
        len(items),
        score,
        f"{CV_FOLDS}x{CV_REPEATS}-fold nested cross-validation (and in-sample)",
        options.command or command_line(TASK, data),
        written=str(path),
    )
    header = "# Written by `worldstate bench tune knp` (see worldstate/detect/data/knowledge/next_action.yaml).\n"
    atomic_write_text(path, header + yaml.safe_dump({**fitted, "provenance": prov}, sort_keys=False))
    write_provenance(settings, TASK, prov)
    return prov


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The next-action weights file ``bench run knp`` uses (tuned, else shipped) and its provenance."""
    from worldstate.detect.knowledge.next_action import config, config_path, shipped_config_path

    return file_in_use(config_path(settings), shipped_config_path(), config(settings), data)
