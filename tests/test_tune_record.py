"""``Tuning.record``: the provenance of a tuning run, beside a fitted model's JSON or alone, with the command
that reproduces the run."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from worldstate.bench.tune.store import TuneOptions, Tuning, read_provenance
from worldstate.config import Settings
from worldstate.detect.tuned import PROVENANCE, tuned_dir


@dataclass
class FittedModel:
    weights: list[float]
    provenance: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"weights": self.weights, "provenance": self.provenance}


def _data(tmp_path: Path) -> Path:
    data = tmp_path / "dev.jsonl"
    data.write_text('{"id": "a"}\n', encoding="utf-8")
    return data


def test_a_fitted_model_is_written_with_its_provenance_inside_and_beside(tmp_path: Path) -> None:
    settings = Settings(cache_dir=str(tmp_path / "cache"))
    data = _data(tmp_path)
    run = Tuning(settings, "litbank-coref", data, TuneOptions(cv=3, seed=1))
    model, to = FittedModel([0.5, -1.0]), tmp_path / "cache" / "weights.json"
    prov = run.record(4, {"cv_f1": 0.5}, "3-fold cross-validation", ["--cv", "3"], fitted=model, to=to, k=3)
    assert prov["command"] == f"worldstate bench tune litbank-coref --data {data} --cv 3"
    assert prov["items"] == 4 and prov["k"] == 3 and prov["seconds"] >= 0 and prov["model"] == str(to)
    assert model.provenance == {k: v for k, v in prov.items() if k != "model"}
    saved = json.loads(to.read_text(encoding="utf-8"))
    assert saved["weights"] == [0.5, -1.0] and saved["provenance"]["data_sha256"] == prov["data_sha256"]
    beside = read_provenance(tuned_dir(settings, "litbank-coref") / PROVENANCE)
    assert beside["model"] == str(to) and beside["score"] == {"cv_f1": 0.5}


def test_the_users_command_line_wins_and_a_model_needs_a_path(tmp_path: Path) -> None:
    settings = Settings(cache_dir=str(tmp_path / "cache"))
    run = Tuning(settings, "story-cloze", _data(tmp_path), TuneOptions(command="worldstate bench tune story-cloze …"))
    prov = run.record(1, {}, "none", ["--cv", "2"])
    assert prov["command"] == "worldstate bench tune story-cloze …"
    assert read_provenance(tuned_dir(settings, "story-cloze") / PROVENANCE)["evaluation"] == "none"
    with pytest.raises(ValueError, match="needs the path"):
        run.record(1, {}, "none", fitted=FittedModel([1.0]))
