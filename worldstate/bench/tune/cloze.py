"""Story Cloze: fit :class:`~worldstate.detect.cloze.model.ClozeModel` on all of a labelled file (the val split);
with ``--cv K`` first report the K-fold cross-validated accuracy on that file (seeded folds of the story ids,
:func:`worldstate.bench.folds.assign_folds`). ``bench run story-cloze`` loads the saved model and never fits."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from worldstate.bench.folds import assign_folds
from worldstate.bench.tune.store import TuneOptions, Tuning, read_provenance, tuned_else_shipped
from worldstate.config import Settings
from worldstate.detect.tuned import PROVENANCE
from worldstate.errors import ConfigError

TASK = "story-cloze"


def model_path(settings: Settings) -> Path:
    """``<cache>/tuned/story-cloze/model.npz``."""
    from worldstate.detect.cloze import default_model_path

    return default_model_path(settings)


def _say(message: str, options: TuneOptions) -> None:
    if options.progress:
        print(message, file=sys.stderr, flush=True)


def tune_story_cloze(data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Cross-validate (when ``options.cv``), fit on every item of ``data``, save the model and its provenance."""
    from worldstate.bench.loaders import load_story_cloze
    from worldstate.detect.cloze.features import ClozeItem
    from worldstate.detect.cloze.model import CROSS_EPOCHS, DEFAULT_C, ClozeModel

    items = load_story_cloze(Path(data))
    epochs = CROSS_EPOCHS if options.cross_encoder else 0
    train = [ClozeItem(list(i.inputs["context"]), list(i.inputs["endings"]), int(i.gold["label"])) for i in items]
    if options.cv and not 2 <= options.cv <= len(items):
        raise ConfigError(f"--cv must be between 2 and the number of items ({len(items)}), got {options.cv}")
    fits = (options.cv or 0) + 1
    run = Tuning(settings, TASK, data, options)
    score: dict[str, Any] = {}
    if options.cv:
        fold_of = assign_folds([i.id for i in items], options.cv, options.seed)
        correct = [False] * len(items)
        fold_acc = []
        for fold in range(options.cv):
            _say(
                f"[fit {fold + 1}/{fits}] fold {fold + 1} of {options.cv} ({run.seconds():.0f} s)",
                options,
            )
            test = [n for n, i in enumerate(items) if fold_of[i.id] == fold]
            model = ClozeModel(settings=settings, cross_epochs=epochs).fit(
                [t for t, i in zip(train, items, strict=True) if fold_of[i.id] != fold]
            )
            pred = model.predict_many([train[n] for n in test])
            for n, p in zip(test, pred, strict=True):
                correct[n] = p == train[n].answer
            fold_acc.append(sum(correct[n] for n in test) / len(test))
            _say(f"           fold accuracy {fold_acc[-1]:.3f}", options)
        score = {"cv_accuracy": sum(correct) / len(items), "cv_fold_accuracy": fold_acc}
    _say(f"[fit {fits}/{fits}] all {len(items)} items ({run.seconds():.0f} s)", options)
    model = ClozeModel(settings=settings, cross_epochs=epochs).fit(train)
    path = model.save(model_path(settings))
    flags = [*(["--cv", str(options.cv), "--seed", str(options.seed)] if options.cv else [])]
    flags += [] if options.cross_encoder else ["--no-cross-encoder"]
    return run.record(
        len(items),
        score,
        f"{options.cv}-fold cross-validation (seeded folds of the story ids)" if options.cv else "none",
        flags,
        parameters={"c": DEFAULT_C, "cross_epochs": epochs, "seed": options.seed, "k": options.cv},
        model=str(path),
    )


def parameters_in_use(settings: Settings, data: Path | None = None) -> dict[str, Any]:
    """The tuned model ``bench run story-cloze`` loads, with its provenance; a ConfigError when there is none."""
    path = model_path(settings)
    return tuned_else_shipped(
        path,
        None,
        data,
        lambda tuned: read_provenance(tuned.parent / PROVENANCE),
        f"no tuned Story Cloze model in {path.parent}: run `worldstate bench tune story-cloze --data "
        "<labelled val csv>` first",
    )
