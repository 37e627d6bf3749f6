"""Calibrated findings: the probability that a finding is a real error, and whether ``check`` shows it.

Each finding kind (:func:`kind_of`: the head and its rule, e.g. ``continuity/timeline.name-stable``,
``knowledge/kn-leak``, ``constory/narrative_style_perspective_confusions``) has a probability fitted by
``worldstate bench tune calibration`` on tuning data: Laplace-smoothed precision, (right + 1) / (found + 2),
over its findings on stories with one planted error (right when it points at the planted sentence), their
unedited originals and clean published text (every finding there is wrong). A finding is shown by default
when its kind's probability reaches the threshold chosen there (the lowest that keeps precision >= 0.8 on
the tuning data); the rest are *unsure* (``check --all``). A kind never seen on the tuning data gets the
prior 0.5. LLM verdicts are not calibrated (tuning runs offline): they keep no probability and are shown.

The calibration in use is the one ``bench tune calibration`` wrote to ``<cache>/tuned/calibration/``, else
the shipped ``detect/data/finding_calibration.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from worldstate.config import Settings
from worldstate.data import load_yaml
from worldstate.detect.tuned import parameter_file, read_parameter_file
from worldstate.state import Finding

CALIBRATION = "finding_calibration.yaml"
TUNE_TASK = "calibration"
PRIOR = 0.5  # Beta(1, 1): a kind with no finding on the tuning data
NOT_CALIBRATED = ("llm",)  # finding sources the tuning data cannot calibrate (they run offline)


def smoothed_precision(right: int, wrong: int) -> float:
    """Laplace (Beta(1, 1)) estimate of a kind's precision from its right and wrong findings."""
    return (right + 1) / (right + wrong + 2)


@dataclass(frozen=True)
class KindCalibration:
    """One finding kind on the tuning data: right and wrong findings, and its probability."""

    right: int
    wrong: int
    probability: float


@dataclass
class Calibration:
    """Per-kind probabilities, the threshold ``check`` shows findings from, and where they came from."""

    threshold: float
    kinds: dict[str, KindCalibration] = field(default_factory=dict)
    provenance: dict[str, Any] = field(default_factory=dict)

    def probability(self, kind: str) -> float:
        """The probability that a finding of ``kind`` is a real error (the prior for an unseen kind)."""
        known = self.kinds.get(kind)
        return known.probability if known else PRIOR

    def on_by_default(self, kind: str) -> bool:
        """Whether findings of ``kind`` are shown without ``--all``."""
        return self.probability(kind) >= self.threshold

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> Calibration:
        kinds = {
            str(name): KindCalibration(int(c["right"]), int(c["wrong"]), float(c["probability"]))
            for name, c in (doc.get("kinds") or {}).items()
        }
        return cls(float(doc["threshold"]), kinds, dict(doc.get("provenance") or {}))

    def to_dict(self) -> dict[str, Any]:
        kinds = {
            name: {"right": c.right, "wrong": c.wrong, "probability": round(c.probability, 4)}
            for name, c in sorted(self.kinds.items(), key=lambda kv: (-kv[1].probability, kv[0]))
        }
        return {"threshold": round(self.threshold, 4), "kinds": kinds, "provenance": self.provenance}


def kind_of(finding: Finding) -> str:
    """The finding's kind: its head (category) and rule, else its subtype."""
    return f"{finding.category}/{finding.rule or finding.subtype or 'finding'}"


def shipped_calibration_path() -> Path:
    return Path(str(resources.files("worldstate.detect").joinpath("data", CALIBRATION)))


def calibration_path(settings: Settings | None = None) -> Path:
    """The calibration in use: the one ``bench tune calibration`` wrote to the cache dir, else the shipped one."""
    return parameter_file(settings, TUNE_TASK, CALIBRATION, shipped_calibration_path())


def load_calibration(settings: Settings | None = None) -> Calibration:
    """The calibration in use (read once per file version)."""
    return read_parameter_file(calibration_path(settings), _read)


def _read(path: Path) -> Calibration:
    if path == shipped_calibration_path():
        return Calibration.from_dict(load_yaml("detect", f"data/{CALIBRATION}"))
    return Calibration.from_dict(yaml.safe_load(path.read_text("utf-8")))


def calibrate(findings: Iterable[Finding], settings: Settings | None = None) -> None:
    """Give each finding its probability and whether it is shown by default (in place): at or above the
    calibrated threshold, or the one ``WORLDSTATE_FINDING_THRESHOLD`` sets."""
    settings = settings or Settings()
    cal = load_calibration(settings)
    chosen = settings.shown_from()
    threshold = cal.threshold if chosen is None else chosen
    for finding in findings:
        if finding.source in NOT_CALIBRATED:
            finding.probability, finding.shown_by_default = None, True
            continue
        finding.probability = round(cal.probability(kind_of(finding)), 4)
        finding.shown_by_default = finding.probability >= threshold


def shown(findings: Iterable[Finding]) -> list[Finding]:
    """The findings shown by default (those above the threshold, and uncalibrated LLM verdicts)."""
    return [f for f in findings if f.shown_by_default]
