"""Provenance of fitted parameters: the data's hash, date, item count, score and the command that fitted them."""

from __future__ import annotations

import hashlib
import json
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from worldstate import __version__
from worldstate.bench import jsonio
from worldstate.bench.folds import K_FOLDS
from worldstate.config import Settings
from worldstate.detect.tuned import PROVENANCE, tuned_dir
from worldstate.errors import ConfigError, InputError
from worldstate.files import atomic_write_text


@dataclass
class TuneOptions:
    """How to tune: folds for the cross-validated score (0 = none), their seed, progress, the command line, and
    (calibration) the clean-text folders."""

    cv: int = 0
    seed: int = 0
    cross_encoder: bool = True
    progress: bool = True
    command: str = ""
    litbank: str = "../shared/data/litbank"  # calibration: clean text ('' to skip)
    gutenberg: str = "../shared/data/corpora/gutenberg"  # calibration: clean text ('' to skip)


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def data_sha256(path: Path) -> str:
    """sha256 of the data file; for a folder, of its one file, else of its files' relative names and hashes."""
    path = Path(path)
    if path.is_file():
        return _file_sha256(path)
    if not path.is_dir():
        raise InputError(str(path), "file or folder not found")
    files = sorted(
        p
        for p in path.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(path).parts)
    )
    if len(files) == 1:
        return _file_sha256(files[0])
    digest = hashlib.sha256()
    for p in files:
        digest.update(f"{p.relative_to(path).as_posix()}\0{_file_sha256(p)}\n".encode())
    return digest.hexdigest()


def command_line(name: str, data: Path, *flags: str) -> str:
    """The ``worldstate bench tune`` command that reproduces a tuning (recorded in the provenance)."""
    return " ".join(["worldstate", "bench", "tune", name, "--data", shlex.quote(str(data)), *flags])


def provenance(
    task: str, data: Path, items: int, score: dict[str, Any], evaluation: str, command: str, **extra: Any
) -> dict[str, Any]:
    """The provenance block of a fitted parameter set. ``evaluation``: how ``score`` was measured
    ("in-sample", "5-fold cross-validation", "leave-one-out", or several, comma-separated)."""
    return {
        "task": task,
        "data": str(Path(data).resolve()),
        "data_sha256": data_sha256(data),
        "date": datetime.now(UTC).replace(microsecond=0).isoformat(),
        "items": items,
        "score": score,
        "evaluation": evaluation,
        "command": command,
        "worldstate_version": __version__,
        **extra,
    }


@dataclass(frozen=True)
class Tuning:
    """One ``bench tune`` run of ``task`` on ``data``, begun when made (its duration goes into the provenance)."""

    settings: Settings
    task: str
    data: Path
    options: TuneOptions
    started: float = field(default_factory=time.perf_counter)

    def seconds(self) -> float:
        """Seconds since the run began."""
        return time.perf_counter() - self.started

    def record(
        self,
        items: int,
        score: dict[str, Any],
        evaluation: str,
        flags: Sequence[str] = (),
        *,
        fitted: Any = None,
        to: Path | None = None,
        **extra: Any,
    ) -> dict[str, Any]:
        """The :func:`provenance` of parameters just fitted and saved, written to the task's tuned folder, and
        returned; its command is ``options.command``, else the one that reproduces the run with ``flags``. With
        ``fitted``, a model that carries its provenance (``fitted.provenance``, serialised by
        ``fitted.to_dict()``): the model's JSON written to ``to`` as well, the provenance inside it and beside
        it naming it."""
        command = self.options.command or command_line(self.task, self.data, *flags)
        prov = provenance(
            self.task, self.data, items, score, evaluation, command, **extra, seconds=round(self.seconds(), 1)
        )
        if fitted is None:
            write_provenance(self.settings, self.task, prov)
        elif to is None:
            raise ValueError("Tuning.record: a fitted model needs the path to write it to")
        else:
            fitted.provenance = prov
            write_model_json(self.settings, self.task, to, fitted.to_dict(), prov)
            prov = {**prov, "model": str(to)}
        return prov


def write_provenance(settings: Settings, task: str, document: dict[str, Any]) -> Path:
    path = tuned_dir(settings, task) / PROVENANCE
    atomic_write_text(path, jsonio.dumps(document, indent=1) + "\n")
    return path


def write_model_json(settings: Settings, task: str, path: Path, model: dict[str, Any], prov: dict[str, Any]) -> None:
    """Write a fitted model's JSON (``model``, its provenance inside) to ``path`` and its provenance beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(model) + "\n")
    write_provenance(settings, task, {**prov, "model": str(path)})


def cross_validated(
    docs: list[Any],
    options: TuneOptions,
    folds: int,
    cross_validate: Callable[..., tuple[dict[str, Any], Any]],
    fallback: Any,
) -> tuple[int, dict[str, Any], Any]:
    """``(k, cv scores, chosen setting)``: ``cross_validate(docs, k, seed, options)`` over ``k`` document folds
    (``--cv`` or ``folds``, at most one document a fold); with fewer than 2 documents no CV and ``fallback``."""
    k = min(options.cv or folds, len(docs))
    if k < 2:
        return k, {}, fallback
    cv, chosen = cross_validate(docs, k, options.seed, options)
    return k, cv, chosen


def read_provenance(path: Path) -> dict[str, Any]:
    """A provenance.json (or the ``provenance`` block of a parameter file); {} when there is none."""
    if not path.is_file():
        return {}
    try:
        doc = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"invalid JSON ({exc.msg})", exc.lineno) from None
    return doc.get("provenance", doc) if path.name != PROVENANCE else doc


def in_use(path: Path, prov: dict[str, Any], data: Path | None, source: str) -> dict[str, Any]:
    """What ``bench run`` records about the parameters it used: file, source (tuned/shipped), provenance, and
    ``in_sample`` (the scored data is the file the parameters were fitted on)."""
    same = bool(data is not None and prov.get("data_sha256") and prov["data_sha256"] == data_sha256(data))
    return {"file": str(path), "source": source, "provenance": prov, "in_sample": same}


def file_in_use(path: Path, shipped: Path, params: dict[str, Any], data: Path | None) -> dict[str, Any]:
    """:func:`in_use` for a parameter file ``path`` (the ``shipped`` one, else tuned) holding ``params``
    with their provenance."""
    return in_use(path, dict(params.get("provenance") or {}), data, "shipped" if path == shipped else "tuned")


def tuned_else_shipped(
    tuned: Path,
    shipped: Path | None,
    data: Path | None,
    provenance_of: Callable[[Path], dict[str, Any]],
    missing: str = "",
) -> dict[str, Any]:
    """What ``bench run`` records about the parameters it uses: the file ``bench tune`` wrote (``tuned``) when
    there is one, else the ``shipped`` default, with its provenance (``provenance_of(path)``); a ConfigError
    saying ``missing`` when there is neither."""
    if tuned.is_file():
        return in_use(tuned, provenance_of(tuned), data, "tuned")
    if shipped is None or not shipped.is_file():
        raise ConfigError(missing or f"no parameters in {tuned.parent}: run `worldstate bench tune` first")
    return in_use(shipped, provenance_of(shipped), data, "shipped")


@dataclass(frozen=True)
class DocumentFit:
    """How a task fits one model on documents, for :func:`tune_documents`: cross-validation over document folds
    picks a setting from ``choice`` (its name, the values tried, the one used without CV), then one model is
    fitted on every document with it."""

    task: str
    load: Callable[[Path, Settings, TuneOptions], list[Any]]  # the documents, parsed and prepared
    cross_validate: Callable[..., tuple[dict[str, Any], Any]]  # as :func:`cross_validated` calls it
    fit: Callable[[list[Any], Any], Any]  # (documents, setting) → model
    in_sample: Callable[[list[Any], Any], dict[str, Any]]  # (documents, model) → scores
    save: Callable[[Settings, Any, dict[str, Any]], Path]  # (settings, model, provenance) → the file written
    parameters: Callable[[list[Any], Any, Any], dict[str, Any]]  # (documents, model, setting) → for the provenance
    choice: tuple[str, tuple[Any, ...], Any]
    folds: int = K_FOLDS


def tune_documents(spec: DocumentFit, data: Path, settings: Settings, options: TuneOptions) -> dict[str, Any]:
    """Load the documents of ``data``, cross-validate, fit on all of them with the chosen setting, save the model,
    write and return its provenance (cross-validated and in-sample scores, seconds from before the loading)."""
    started = time.perf_counter()
    docs = spec.load(Path(data), settings, options)
    name, tried, fallback = spec.choice
    k, cv, chosen = cross_validated(docs, options, spec.folds, spec.cross_validate, fallback)
    if options.progress:
        print(f"[final fit] all {len(docs)} documents, {name} {chosen}", file=sys.stderr, flush=True)
    model = spec.fit(docs, chosen)
    prov = provenance(
        spec.task,
        data,
        len(docs),
        {"cv": cv, "in_sample": spec.in_sample(docs, model)},
        f"{k}-fold document-level cross-validation (seeded folds of the document ids; the {name} is the best of "
        f"{list(tried)} on the CV predictions), in-sample",
        options.command or command_line(spec.task, data),
        parameters={**spec.parameters(docs, model, chosen), "folds": k, "seed": options.seed},
        seconds=round(time.perf_counter() - started, 1),
    )
    prov["model"] = str(spec.save(settings, model, prov))
    write_provenance(settings, spec.task, prov)
    return prov
