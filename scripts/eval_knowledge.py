"""Development-set accuracy of the knowledge heads (Act-on-Known KNP and IKD).

    python scripts/eval_knowledge.py knp          # accuracy of choose_next_action's scorer, as configured
    python scripts/eval_knowledge.py knp --fit    # also refit the weights, with 5x5-fold cross-validation
    python scripts/eval_knowledge.py ikd          # IKD Pos/Neg/Full Cls and Loc via detect_implausible_knowledge

Data: ../shared/data/act_on_known (or --data). Gold fields (``answer_with_knowledge``/
``answer_without_knowledge`` order, ``error``) are read here for scoring only.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.detect.knowledge.access import Access, sentence_access
from worldstate.detect.knowledge.implausible import detect_implausible_knowledge
from worldstate.detect.knowledge.next_action import _config, option_features
from worldstate.detect.knowledge.rank import FEATURES, hidden_scores, sentence_features
from worldstate.detect.knowledge.world_access import world_inaccessibility
from worldstate.detect.storyview import StoryView

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "act_on_known"


@dataclass
class KnpItem:
    """One development KNP item, prepared once: the story view, both access models and the gold."""

    view: StoryView
    access: list[Access]
    world: list[float]
    question: str
    options: list[str]  # [with knowledge (wrong), without knowledge (right)]
    hidden: list[int]  # view sentences of the annotated implausible knowledge (fitting only)


def load_knp(data: Path, settings: Settings) -> list[KnpItem]:
    items = []
    for path in sorted(glob.glob(str(data / "KNP" / "*.json"))):
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        view = StoryView(analyze(raw["story"], settings))
        access = sentence_access(view, raw["character"])
        world = world_inaccessibility(view.world.state, view, raw["character"])
        options = [raw["answer_with_knowledge"], raw["answer_without_knowledge"]]
        items.append(
            KnpItem(view, access, world, raw["question"], options, _annotated(view, raw["implausible_knowledge"]))
        )
    return items


def _annotated(view: StoryView, quote: str) -> list[int]:
    """View sentences inside (or containing) the annotated quote, else the one sharing most words."""
    quote = quote.strip()
    inside = [i for i, s in enumerate(view.sentences) if s.strip() and (s.strip() in quote or quote in s)]
    return inside or [max(range(len(view)), key=lambda i: _iou(view.sentences[i], quote))]


def feature_diffs(items: list[KnpItem], ranker: dict[str, float] | None = None) -> tuple[list[str], np.ndarray]:
    """Feature names and, per item, features(with-knowledge option) - features(without)."""
    rows, names = [], []
    for it in items:
        feats = option_features(it.view, it.access, it.question, it.options, it.world, ranker)
        names = list(feats[0])
        rows.append([feats[0][n] - feats[1][n] for n in names])
    return names, np.array(rows)


def fit_ranker(items: list[KnpItem]) -> dict[str, float]:
    """Logistic regression of 'is the annotated sentence' on the ``kn_rank`` sentence features."""
    from sklearn.linear_model import LogisticRegression

    x = np.vstack([sentence_features(it.access, it.world) for it in items])
    y = np.concatenate([np.isin(np.arange(len(it.view)), it.hidden) for it in items])
    coef = LogisticRegression(max_iter=1000).fit(x, y).coef_[0]
    return {name: round(float(v), 3) for name, v in zip(FEATURES, coef, strict=True)}


def ranker_top1(items: list[KnpItem], ranker: dict[str, float]) -> float:
    """Share of items whose top-ranked sentence is an annotated one."""
    return float(np.mean([int(np.argmax(hidden_scores(it.access, it.world, ranker))) in it.hidden for it in items]))


def fit_symmetric(diff: np.ndarray) -> np.ndarray:
    """Logistic regression without intercept on (diff → 1, -diff → 0): weights of the scorer."""
    from sklearn.linear_model import LogisticRegression

    x = np.vstack([diff, -diff])
    y = np.r_[np.ones(len(diff)), np.zeros(len(diff))]
    return LogisticRegression(fit_intercept=False).fit(x, y).coef_[0]


def cross_validate(items: list[KnpItem], folds: int = 5, repeats: int = 5) -> tuple[float, float]:
    """Nested: ranker and scorer both refitted on each training fold. (accuracy, ranker top-1)."""
    from sklearn.model_selection import RepeatedKFold

    accs, tops = [], []
    for train, test in RepeatedKFold(n_splits=folds, n_repeats=repeats, random_state=0).split(items):
        ranker = fit_ranker([items[i] for i in train])
        _, diff_train = feature_diffs([items[i] for i in train], ranker)
        _, diff_test = feature_diffs([items[i] for i in test], ranker)
        accs.append(float(np.mean(diff_test @ fit_symmetric(diff_train) > 0)))
        tops.append(ranker_top1([items[i] for i in test], ranker))
    return float(np.mean(accs)), float(np.mean(tops))


def run_knp(data: Path, settings: Settings, fit: bool) -> None:
    items = load_knp(data, settings)
    names, diff = feature_diffs(items)
    weights = _config()["weights"]
    configured = np.array([float(weights[n]) for n in names])
    # The scorer picks the lower dependence, so it is right when with-knowledge scores higher.
    acc = np.mean(diff @ configured > 0)
    top1 = ranker_top1(items, _config()["hidden_ranker"])
    print(f"KNP n={len(items)} accuracy (configured weights) {acc:.3f}; hidden-sentence top-1 {top1:.3f}")
    if fit:
        ranker = fit_ranker(items)
        _, diff = feature_diffs(items, ranker)
        w = fit_symmetric(diff)
        cv_acc, cv_top = cross_validate(items)
        print(f"refit: train accuracy {np.mean(diff @ w > 0):.3f}, top-1 {ranker_top1(items, ranker):.3f}")
        print(f"5x5-fold nested CV: accuracy {cv_acc:.3f}, top-1 {cv_top:.3f}")
        print("hidden_ranker:", ranker)
        print("weights:", {n: round(float(v), 3) for n, v in zip(names, w, strict=True)})


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def _iou(a: str, b: str) -> float:
    x, y = _words(a), _words(b)
    return len(x & y) / max(1, len(x | y))


def run_ikd(data: Path, settings: Settings) -> None:
    pos, neg_cls, neg_loc = [], [], []
    for path in sorted(glob.glob(str(data / "IKD" / "original" / "story_*.json"))):
        item = json.loads(Path(path).read_text(encoding="utf-8"))
        pos.append(not detect_implausible_knowledge(analyze(item["story"], settings)).has_error)
    for path in sorted(glob.glob(str(data / "IKD" / "errors" / "erroneous_story_*.json"))):
        item = json.loads(Path(path).read_text(encoding="utf-8"))
        answer = detect_implausible_knowledge(analyze(item["story"], settings))
        neg_cls.append(answer.has_error)
        neg_loc.append(_iou(item["error"], answer.error_sentence) if answer.has_error else 0.0)
    pc, nc, nl = np.mean(pos), np.mean(neg_cls), np.mean(neg_loc)
    print(
        f"IKD n={len(pos)}+{len(neg_cls)} PosCls {pc:.3f} NegCls {nc:.3f} FullCls {(pc + nc) / 2:.3f} "
        f"NegLoc {nl:.3f} FullLoc {(pc + nl) / 2:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("task", choices=["knp", "ikd"])
    parser.add_argument("--fit", action="store_true", help="KNP: refit the weights and cross-validate")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    settings = Settings()
    if args.task == "knp":
        run_knp(args.data, settings, args.fit)
    else:
        run_ikd(args.data, settings)


if __name__ == "__main__":
    main()
