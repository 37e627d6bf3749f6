"""The Story Cloze model: what ``bench tune story-cloze`` fits and the ``choose_ending`` head scores with.

:class:`ClozeModel` is, a logistic regression over the difference of the two endings'
feature vectors (:mod:`worldstate.detect.cloze.features`) plus a character n-gram model of the endings
alone (:class:`EndingStyle`), plus a cross-encoder (MiniLM fine-tuned to read context and ending
together, :mod:`worldstate.detect.cloze.cross`) whose log-odds are added; all trained on the val split only
(the benchmark protocol) by ``worldstate bench tune story-cloze`` (``--cv K``: its k-fold accuracy). The
trained model is an ``.npz`` (weights, scale, n-gram vocabulary, the cross-encoder's float32 arrays,
metadata; no pickle) written to the cache dir (:func:`default_model_path`), never into the repository.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from worldstate.config import Settings
from worldstate.detect.answers import ChoiceAnswer
from worldstate.detect.cloze.cross import ClozeCrossEncoder, CrossEncoderConfig
from worldstate.detect.cloze.features import SCALAR_NAMES, ClozeItem, item_features
from worldstate.detect.tuned import tuned_dir
from worldstate.errors import ConfigError, InputError
from worldstate.resources.models import get_embedder

MODEL_FORMAT = "worldstate-cloze-v3"
READABLE_FORMATS = ("worldstate-cloze-v2", MODEL_FORMAT)
CROSS_EPOCHS = 2  # epochs of cross-encoder fine-tuning; 0 = features and style only
CROSS_PREFIX = "cross__"
DEFAULT_C = 0.0005
STYLE_C = 1.0
STYLE_WEIGHT = 1.0


def default_model_path(settings: Settings) -> Path:
    """Where ``worldstate bench tune story-cloze`` writes the model: ``<cache>/tuned/story-cloze/model.npz``
    (the cache dir, never the repo), with its ``provenance.json`` beside it."""
    return tuned_dir(settings, "story-cloze") / "model.npz"


def softmax(x: np.ndarray) -> np.ndarray:
    z = np.exp(x - x.max())
    return z / z.sum()


@dataclass
class EndingStyle:
    """Character n-gram TF-IDF of the ending alone (the writing style of right vs wrong endings)."""

    vocabulary: list[str]
    idf: np.ndarray
    weights: np.ndarray

    @staticmethod
    def _vectorizer(vocabulary: list[str] | None = None):
        from sklearn.feature_extraction.text import TfidfVectorizer

        return TfidfVectorizer(
            sublinear_tf=True, analyzer="char_wb", ngram_range=(2, 4), min_df=3, vocabulary=vocabulary
        )

    @classmethod
    def fit(cls, items: list[ClozeItem], c: float = STYLE_C) -> EndingStyle:
        from scipy.sparse import vstack
        from sklearn.linear_model import LogisticRegression

        vec = cls._vectorizer().fit([e for it in items for e in it.endings])
        diff = vec.transform([it.endings[0] for it in items]) - vec.transform([it.endings[1] for it in items])
        label = np.array([1 if it.answer == 0 else 0 for it in items])
        clf = LogisticRegression(C=c, max_iter=3000, fit_intercept=False)
        clf.fit(vstack([diff, -diff]), np.concatenate([label, 1 - label]))
        vocab = vec.get_feature_names_out().tolist()
        return cls(vocab, vec.idf_.astype(np.float32), clf.coef_[0].astype(np.float32))

    def scores(self, items: list[ClozeItem]) -> np.ndarray:
        vec = self._vectorizer(self.vocabulary)
        vec.idf_ = self.idf
        n_end = len(items[0].endings)
        matrix = vec.transform([e for it in items for e in it.endings])
        return (matrix @ self.weights).reshape(len(items), n_end)


@dataclass
class ClozeModel:
    """Pairwise logistic regression over ending features plus an ending-style term, plus (when
    ``cross_epochs`` > 0) a fine-tuned cross-encoder whose log-odds are added (two endings)."""

    settings: Settings = field(default_factory=Settings)
    c: float = DEFAULT_C
    style_weight: float = STYLE_WEIGHT
    weights: np.ndarray | None = None
    scale: np.ndarray | None = None
    style: EndingStyle | None = None
    cross_epochs: int = CROSS_EPOCHS
    cross: ClozeCrossEncoder | None = None

    # -- training ----------------------------------------------------------------------------
    def fit(self, items: list[ClozeItem]) -> ClozeModel:
        """Train on items with gold ``answer``; every item needs exactly two endings."""
        from sklearn.linear_model import LogisticRegression
        from sklearn.preprocessing import StandardScaler

        _check_items(items, need_answer=True)
        feats = item_features(items, get_embedder(self.settings))
        diff = feats[:, 0] - feats[:, 1]
        label = np.array([1 if it.answer == 0 else 0 for it in items])
        x = np.vstack([diff, -diff])  # symmetric: the order of the endings carries no signal
        y = np.concatenate([label, 1 - label])
        scaler = StandardScaler(with_mean=False).fit(x)
        clf = LogisticRegression(C=self.c, max_iter=3000, fit_intercept=False).fit(scaler.transform(x), y)
        self.scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0).astype(np.float32)
        self.weights = clf.coef_[0].astype(np.float32)
        self.style = EndingStyle.fit(items)
        if self.cross_epochs > 0:
            config = CrossEncoderConfig(epochs=self.cross_epochs)
            self.cross = ClozeCrossEncoder(self.settings).fit(items, config)
        return self

    # -- inference ---------------------------------------------------------------------------
    def ending_scores(self, items: list[ClozeItem]) -> np.ndarray:
        """A plausibility score per ending, shape (items, endings)."""
        if self.weights is None or self.scale is None or self.style is None:
            raise ConfigError("cloze model is not trained: call fit() or ClozeModel.load(path)")
        feats = item_features(items, get_embedder(self.settings))
        scores = (feats / self.scale) @ self.weights + self.style_weight * self.style.scores(items)
        if self.cross is not None:  # add the cross-encoder's log-odds, split across the two endings
            half = self.cross.score_differences(items) / 2.0
            scores = scores + np.stack([half, -half], axis=1)
        return scores

    def choose(self, item: ClozeItem) -> ChoiceAnswer:
        """The more plausible ending of one item (offline); confidence is the softmax probability of the choice."""
        _check_items([item], need_answer=False)
        return choice_answer(self.ending_scores([item])[0])

    def predict_many(self, items: list[ClozeItem]) -> list[int]:
        return [int(i) for i in np.argmax(self.ending_scores(items), axis=1)]

    # -- persistence -------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        if self.weights is None or self.scale is None or self.style is None:
            raise ConfigError("cannot save an untrained cloze model")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {
            "format": MODEL_FORMAT,
            "c": self.c,
            "style_weight": self.style_weight,
            "scalars": list(SCALAR_NAMES),
            "style_vocabulary": self.style.vocabulary,
            "cross_encoder": self.cross is not None,
            "cross_epochs": self.cross_epochs,
        }
        cross = {CROSS_PREFIX + k: v for k, v in self.cross.state().items()} if self.cross is not None else {}
        tmp = path.with_name(path.name + ".part")
        with tmp.open("wb") as fh:
            np.savez(
                fh,
                weights=self.weights,
                scale=self.scale,
                style_idf=self.style.idf,
                style_weights=self.style.weights,
                meta=np.array(json.dumps(meta)),
                **cross,
            )
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path, settings: Settings | None = None) -> ClozeModel:
        path = Path(path)
        if not path.is_file():
            raise ConfigError(
                f"no cloze model at {path}: fit one with "
                "`worldstate bench tune story-cloze --data cloze_test_val_spring2016.csv`"
            )
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("format") not in READABLE_FORMATS:
                    raise ConfigError(f"{path}: unknown cloze model format {meta.get('format')!r}")
                style = EndingStyle(meta["style_vocabulary"], data["style_idf"], data["style_weights"])
                weights, scale = data["weights"], data["scale"]
                cross_state = {k[len(CROSS_PREFIX) :]: data[k] for k in data.files if k.startswith(CROSS_PREFIX)}
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"{path} is not a cloze model: {exc}") from None
        settings = settings or Settings()
        cross = ClozeCrossEncoder(settings, cross_state) if meta.get("cross_encoder") else None
        return cls(
            settings=settings,
            c=float(meta["c"]),
            style_weight=float(meta["style_weight"]),
            weights=weights,
            scale=scale,
            style=style,
            cross_epochs=int(meta.get("cross_epochs", 0)),
            cross=cross,
        )


def choice_answer(scores: np.ndarray | list[float], sharpness: float = 1.0) -> ChoiceAnswer:
    """The highest-scoring option, its softmax probability (of ``scores * sharpness``) as the confidence."""
    arr = np.asarray(scores, dtype=np.float64)
    probs = softmax(arr * sharpness)
    choice = int(np.argmax(arr))
    return ChoiceAnswer(confidence=float(probs[choice]), choice=choice, scores=[float(s) for s in arr])


def _check_items(items: list[ClozeItem], *, need_answer: bool) -> None:
    if not items:
        raise InputError("<cloze items>", "no items")
    for n, item in enumerate(items):
        if not item.context or any(not s.strip() for s in item.context):
            raise InputError("<cloze items>", f"item {n}: empty context sentence")
        if len(item.endings) != 2 or any(not e.strip() for e in item.endings):
            raise InputError("<cloze items>", f"item {n}: need exactly two non-empty endings")
        if need_answer and item.answer not in (0, 1):
            raise InputError("<cloze items>", f"item {n}: answer must be 0 or 1, got {item.answer}")


def cross_validate(
    items: list[ClozeItem],
    k: int = 5,
    seed: int = 0,
    settings: Settings | None = None,
    c: float = DEFAULT_C,
    cross_epochs: int = CROSS_EPOCHS,
) -> dict[str, object]:
    """k-fold accuracy of :class:`ClozeModel` on ``items`` (folds shuffled with ``seed``)."""
    from sklearn.model_selection import KFold

    if k < 2 or k > len(items):
        raise ConfigError(f"k must be between 2 and the number of items ({len(items)}), got {k}")
    settings = settings or Settings()
    fold_acc: list[float] = []
    for train_idx, test_idx in KFold(k, shuffle=True, random_state=seed).split(np.arange(len(items))):
        model = ClozeModel(settings=settings, c=c, cross_epochs=cross_epochs).fit([items[i] for i in train_idx])
        test = [items[i] for i in test_idx]
        pred = model.predict_many(test)
        fold_acc.append(float(np.mean([p == it.answer for p, it in zip(pred, test, strict=True)])))
    return {
        "k": k,
        "seed": seed,
        "c": c,
        "cross_epochs": cross_epochs,
        "n": len(items),
        "accuracy": float(np.mean(fold_acc)),
        "folds": fold_acc,
    }


def load_story_cloze_csv(path: str | Path) -> list[ClozeItem]:
    """Items from the official Story Cloze CSV (InputSentence1-4, RandomFifthSentenceQuiz1-2, AnswerRightEnding)."""
    import csv

    path = Path(path)
    if not path.is_file():
        raise InputError(str(path), "file not found")
    need = [f"InputSentence{i}" for i in range(1, 5)] + ["RandomFifthSentenceQuiz1", "RandomFifthSentenceQuiz2"]
    items: list[ClozeItem] = []
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in need if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(str(path), f"not a Story Cloze CSV: missing columns {missing}")
        for line, row in enumerate(reader, start=2):
            raw = (row.get("AnswerRightEnding") or "").strip()
            if raw not in ("", "1", "2"):
                raise InputError(str(path), f"AnswerRightEnding must be 1 or 2, got {raw!r}", line)
            items.append(
                ClozeItem(
                    context=[row[f"InputSentence{i}"] for i in range(1, 5)],
                    endings=[row["RandomFifthSentenceQuiz1"], row["RandomFifthSentenceQuiz2"]],
                    answer=int(raw) - 1 if raw else -1,
                )
            )
    if not items:
        raise InputError(str(path), "no items")
    return items
