"""Fitting is its own step: ``worldstate bench tune NAME --data DEV``.

Each task that has fitted parameters names its tune function in the task registry (``Task.tune``,
``module:function``, one module per task family here). A tune function ``tune(data, settings, options) -> dict``
fits on all of ``data``, writes the parameters and ``provenance.json`` to ``<cache>/tuned/NAME/`` and returns
the provenance (data hash, date, item count, score and how it was measured, command). The same module has
``parameters_in_use(settings, data) -> dict``: the parameter file ``bench run`` uses (tuned, else the shipped
default), its provenance and whether the scored data is the tuning file (in-sample). ``bench run`` never fits.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from worldstate.bench.tune.store import TuneOptions
from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.refs import resolve

__all__ = ["TuneOptions", "parameters_in_use", "tunable", "tuner"]

# Other names ``bench tune`` accepts: the head a task's parameters belong to.
ALIASES = {"continuity": "flawedfictions"}
# Fits that belong to no one benchmark task: the finding calibration every story-only head uses.
OWN = {"calibration": "worldstate.bench.tune.calibration:tune_calibration"}


def tunable() -> dict[str, str]:
    """Task name → its tune function (``module:function``), from the task registry, and the other fits."""
    from worldstate.bench.tasks import TASKS

    specs = {name: task.tune for name, task in TASKS.items() if task.tune}
    return {**specs, **{alias: specs[name] for alias, name in ALIASES.items() if name in specs}, **OWN}


def _attr(spec: str, attr: str | None = None) -> Callable[..., Any]:
    """The tune function ``spec`` names, or ``attr`` of its module."""
    module_name, _, name = spec.partition(":")
    return resolve(f"{module_name}:{attr or name}", "tune function")


def tuner(name: str) -> Callable[[Path, Settings, TuneOptions], dict[str, Any]]:
    """The tune function of task ``name``; a ConfigError naming the tunable tasks otherwise."""
    specs = tunable()
    if name not in specs:
        raise ConfigError(f"{name} has nothing to tune; tunable: {', '.join(specs)}")
    return _attr(specs[name])


def parameters_in_use(name: str, settings: Settings, data: Path | None = None) -> dict[str, Any] | None:
    """The fitted parameters ``bench run NAME`` uses (file, source, provenance, in_sample), None if none."""
    spec = tunable().get(name)
    return _attr(spec, "parameters_in_use")(settings, data) if spec else None
