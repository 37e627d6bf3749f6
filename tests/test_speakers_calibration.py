"""The speaker ranker's confidences recalibrated by turn group (extract/speakers.py, bench/tune/quote_calibration.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from worldstate.bench.tune.quote_calibration import Row, fit_calibration, sureness
from worldstate.extract.speakers import SpeakerModel, calibration_group, load_model


def test_a_kept_verb_speaker_is_its_own_group() -> None:
    assert calibration_group("verb", kept=True) == "verb_kept"
    assert calibration_group("verb", kept=False) == "other"
    assert calibration_group("alternation", kept=True) == "other"


def test_a_group_without_calibration_keeps_its_probability() -> None:
    model = SpeakerModel({}, 0.0, {"verb_kept": [0.0, 2.0]})
    assert model.calibrate(0.6, "other") == 0.6
    assert model.calibrate(None, "verb_kept") is None
    assert model.calibrate(0.6, "verb_kept") == pytest.approx(0.8808, abs=1e-4)  # sigmoid(2)


def test_calibration_round_trips_through_the_model_file(tmp_path: Path) -> None:
    model = SpeakerModel({"a": 1.0}, 0.0, {"verb_kept": [0.5, 1.25]})
    back = SpeakerModel.load(model.save(tmp_path / "m.json"))
    assert back.calibration == {"verb_kept": [0.5, 1.25]}
    assert SpeakerModel.load(SpeakerModel({"a": 1.0}).save(tmp_path / "n.json")).calibration == {}


def test_platt_scaling_learns_how_often_a_group_is_right() -> None:
    rng = random.Random(0)
    # kept verb speakers right 9 times in 10 whatever their probability; the others as often as it says
    rows = [Row("verb_kept", rng.uniform(0.55, 0.99), rng.random() < 0.9) for _ in range(400)]
    rows += [Row("other", p, rng.random() < p) for p in (rng.uniform(0.2, 1.0) for _ in range(400))]
    calibration = fit_calibration(rows)
    model = SpeakerModel({}, 0.0, calibration)
    assert model.calibrate(0.6, "verb_kept") == pytest.approx(0.9, abs=0.05)
    assert model.calibrate(0.3, "other") == pytest.approx(0.3, abs=0.1)
    counts = sureness(rows, calibration)
    assert counts["verb_kept"]["calibrated"][0] > counts["verb_kept"]["raw"][0]  # more of them sure
    assert fit_calibration(rows[:5]) == {}  # too few rows: no calibration


def test_the_shipped_model_makes_a_kept_verb_speaker_sure_at_a_middling_probability() -> None:
    model = load_model()
    assert model is not None and "verb_kept" in model.calibration
    assert (model.calibrate(0.7, "verb_kept") or 0.0) >= 0.8  # LitBank dev: 73 of 84 right at 0.6 to 0.8
