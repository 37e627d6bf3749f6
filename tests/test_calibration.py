"""Calibrated findings: the fit on a hand-made tuning set, the threshold, and what ``check`` and
``rules list`` show with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from worldstate.bench.calibration_data import RawFinding, TuningText
from worldstate.bench.tune import calibration as tune_module
from worldstate.bench.tune.calibration import NOTHING_SHOWN, choose_threshold, fit, kind_counts, precision_at
from worldstate.bench.tune.store import TuneOptions
from worldstate.cli.main import cli
from worldstate.config import Settings
from worldstate.detect.calibration import (
    CALIBRATION,
    Calibration,
    KindCalibration,
    calibrate,
    calibration_path,
    kind_of,
    load_calibration,
    smoothed_precision,
)
from worldstate.state import Finding

GOLD = "The king had three daughters, and the youngest was the fairest of them all."
ELSEWHERE = "The mill stood by the river."
DEAD_ACTS = (
    "Once there lived a miller named Hans and his daughter Greta. "
    "One winter Hans fell ill, and after three days Hans died in his bed. "
    "Greta buried her father under the old oak and wept for many weeks. "
    "There Hans walked up to her stall and bought a loaf of bread."
)
DEAD_KIND = "continuity/text.dead_character_acts"


def _found(kind: str, sentence: str) -> RawFinding:
    return RawFinding(kind, 0.7, (sentence,))


def tiny_set() -> list[TuningText]:
    """Kind ``a`` points at the planted line 4 times and is wrong once; ``b`` is right once, wrong 3 times;
    ``c`` fires only on clean text."""
    planted = [
        TuningText(f"p{i}", "planted", 100, (GOLD,), [_found("a", GOLD), _found("b", ELSEWHERE)]) for i in range(3)
    ]
    planted.append(TuningText("p3", "planted", 100, (GOLD,), [_found("a", GOLD), _found("b", GOLD)]))
    original = [TuningText("o0", "original", 100, (), [_found("a", GOLD)])]
    clean = [TuningText("c0", "clean", 5000, (), [_found("c", ELSEWHERE), _found("c", GOLD)])]
    return planted + original + clean


def test_counts_and_smoothed_probabilities() -> None:
    kinds = kind_counts(tiny_set())
    assert (kinds["a"].right, kinds["a"].wrong) == (4, 1)  # the original's finding is wrong
    assert (kinds["b"].right, kinds["b"].wrong) == (1, 3)
    assert (kinds["c"].right, kinds["c"].wrong) == (0, 2)  # clean text: even a gold-looking sentence is wrong
    assert kinds["a"].probability == pytest.approx(5 / 7)
    assert kinds["c"].probability == pytest.approx(smoothed_precision(0, 2)) == pytest.approx(0.25)


def test_threshold_is_the_lowest_probability_keeping_precision() -> None:
    kinds = kind_counts(tiny_set())
    threshold = choose_threshold(kinds)
    assert threshold == pytest.approx(5 / 7)  # a alone: 4 of 5 right; adding b (2/6) drops it to 5 of 9
    assert precision_at(kinds, threshold) == (pytest.approx(0.8), 4, 5)
    assert precision_at(kinds, kinds["b"].probability)[0] < 0.8
    cal = fit(tiny_set())
    assert cal.on_by_default("a") and not cal.on_by_default("b") and not cal.on_by_default("c")
    assert not cal.on_by_default("never-seen")  # the prior 0.5 is below the threshold


def test_threshold_stays_above_the_prior() -> None:
    """Kinds with no right finding are not carried in by the others' right ones, nor are unseen kinds shown."""
    kinds = {
        "sure": KindCalibration(9, 0, smoothed_precision(9, 0)),
        "once": KindCalibration(1, 0, smoothed_precision(1, 0)),
        "miss": KindCalibration(0, 1, smoothed_precision(0, 1)),  # 10 of 11 with it: precision 0.91
    }
    threshold = choose_threshold(kinds)
    assert threshold == pytest.approx(2 / 3)
    cal = Calibration(threshold, kinds)
    assert cal.on_by_default("once") and not cal.on_by_default("miss") and not cal.on_by_default("never-seen")


def test_no_threshold_reaches_the_precision_so_nothing_is_shown() -> None:
    kinds = {"x": KindCalibration(1, 4, smoothed_precision(1, 4)), "y": KindCalibration(0, 0, 0.5)}
    assert choose_threshold(kinds) == NOTHING_SHOWN
    assert not Calibration(NOTHING_SHOWN, kinds).on_by_default("y")


def test_tune_writes_the_calibration_with_provenance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "planted.jsonl"
    data.write_text('{"story": "x", "cont_error": 0}\n', encoding="utf-8")
    texts = tiny_set()
    monkeypatch.setattr(tune_module, "planted_texts", lambda *a, **k: iter(texts[:5]))
    monkeypatch.setattr(tune_module, "clean_tuning_texts", lambda *a, **k: iter(texts[5:]))
    settings = Settings(cache_dir=str(tmp_path / "cache"))
    prov = tune_module.tune_calibration(data, settings, TuneOptions(progress=False, litbank="", gutenberg=""))
    written = tmp_path / "cache" / "tuned" / "calibration" / CALIBRATION
    assert prov["written"] == str(written) and calibration_path(settings) == written
    doc = yaml.safe_load(written.read_text("utf-8"))
    assert doc["kinds"]["a"] == {"right": 4, "wrong": 1, "probability": round(5 / 7, 4)}
    assert doc["provenance"]["command"].startswith("worldstate bench tune calibration --data")
    assert doc["provenance"]["score"]["clean"]["per_10k_words_all"] == 4.0  # 2 findings in 5,000 words
    assert doc["provenance"]["score"]["clean"]["per_10k_words_shown"] == 0.0
    assert load_calibration(settings).on_by_default("a")
    assert json.loads((written.parent / "provenance.json").read_text("utf-8"))["items"] == 6


LEAK = (
    "Tom packed his fishing rod and walked down to the river at dawn. "
    "His neighbour Ruth waved from her garden and wished him luck. "
    "Tom shouted back, “Don’t worry, the old wooden bridge will collapse under the grey mare at noon.” "
    "He fished for hours and caught two small trout. "
    "At noon the old wooden bridge collapsed under the grey mare, and the cart fell into the water."
)


def _write_calibration(cache: Path, probability: float, kind: str = DEAD_KIND) -> None:
    right, wrong = (9, 1) if probability >= 0.8 else (0, 5)
    doc = {
        "threshold": 0.8,
        "kinds": {kind: {"right": right, "wrong": wrong, "probability": probability}},
        "provenance": {"task": "calibration"},
    }
    folder = cache / "tuned" / "calibration"
    folder.mkdir(parents=True)
    (folder / CALIBRATION).write_text(yaml.safe_dump(doc), encoding="utf-8")


@pytest.fixture()
def story(tmp_path: Path) -> Path:
    path = tmp_path / "story.txt"
    path.write_text(DEAD_ACTS, encoding="utf-8")
    return path


def test_check_hides_unsure_findings_and_all_shows_them(
    story: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD", raising=False)
    _write_calibration(tmp_path / "cache", 1 / 7)
    hidden = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity"])
    assert hidden.exit_code == 0, hidden.output  # the only finding is unsure: no exit code 1
    assert "no continuity error found" in hidden.output and "1 unsure finding(s) not shown" in hidden.output
    assert "Hans walked up" not in hidden.output
    shown = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--all"])
    assert shown.exit_code == 0, shown.output
    assert "unsure, probability 0.14" in shown.output and "Hans walked up to her stall" in shown.output
    assert f"0 of the 5 {DEAD_KIND} finding(s) on the tuning data were real errors" in " ".join(shown.output.split())
    as_json = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--all", "--json"])
    finding = json.loads(as_json.stdout)["answer"]["findings"][0]
    assert finding["probability"] == pytest.approx(0.1429) and finding["shown_by_default"] is False


def test_check_reports_a_sure_finding_with_its_probability(
    story: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD", raising=False)
    _write_calibration(tmp_path / "cache", 0.9)
    result = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--json"])
    assert result.exit_code == 1, result.output
    answer = json.loads(result.stdout)["answer"]
    assert answer["has_error"] is True
    assert answer["findings"][0]["probability"] == 0.9 and answer["findings"][0]["shown_by_default"] is True
    text = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity"])
    assert text.exit_code == 1 and "probability 0.90" in text.output and "unsure" not in text.output


def test_an_unsure_knowledge_leak_is_no_error_for_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD", raising=False)
    _write_calibration(tmp_path / "cache", 1 / 7, "knowledge/kn-leak")
    path = tmp_path / "leak.txt"
    path.write_text(LEAK, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--task", "knowledge", "--all", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)["answer"]
    assert answer["has_error"] is False and answer["findings"][0]["shown_by_default"] is False


def test_threshold_setting_overrides_the_calibrated_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    _write_calibration(tmp_path / "cache", 1 / 7)
    finding = Finding("continuity", 0.7, "Hans is dead but acts", rule="text.dead_character_acts")
    assert kind_of(finding) == DEAD_KIND
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", "0")
    calibrate([finding])
    assert finding.shown_by_default and finding.probability == pytest.approx(0.1429)
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", "2")
    with pytest.raises(Exception, match="probability from 0 to 1"):
        calibrate([finding])


def test_llm_verdicts_are_not_calibrated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD", raising=False)
    finding = Finding("continuity", 0.9, "the LLM says so", rule="llm", source="llm")
    calibrate([finding])
    assert finding.probability is None and finding.shown_by_default


def test_rules_list_says_which_kinds_are_off_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path / "cache"))
    _write_calibration(tmp_path / "cache", 1 / 7)
    result = CliRunner().invoke(cli, ["rules", "list"])
    assert result.exit_code == 0, result.output
    line = next(li for li in result.output.splitlines() if DEAD_KIND in li)
    assert line.strip().startswith("off") and "0 right, 5 wrong" in line and "off by default" in line
    assert "at least 0.80" in result.output


def test_the_shipped_calibration_is_its_own_fit() -> None:
    """The shipped file is what `bench tune calibration` wrote: each probability is its kind's smoothed
    precision and the threshold is the one those counts choose."""
    from worldstate.data import load_yaml

    cal = Calibration.from_dict(load_yaml("detect", f"data/{CALIBRATION}"))
    assert cal.kinds, "no finding kind in the shipped calibration"
    for kind in cal.kinds.values():
        assert kind.probability == pytest.approx(smoothed_precision(kind.right, kind.wrong), abs=1e-4)
    assert cal.threshold == pytest.approx(choose_threshold(cal.kinds), abs=1e-4)
    assert cal.provenance["command"].startswith("worldstate bench tune calibration --data")


def test_run_report_names_the_finding_calibration_and_warns_in_sample() -> None:
    from worldstate.bench.report import IN_SAMPLE, tuned_lines

    used = {"file": "c.yaml", "source": "shipped", "provenance": {}, "in_sample": False}
    calibration = {"file": "f.yaml", "source": "shipped", "provenance": {"data": "q.jsonl"}, "in_sample": True}
    line = tuned_lines({**used, "finding_calibration": calibration})[-1]
    assert "finding calibration (shipped): `f.yaml`" in line and IN_SAMPLE in line


def test_a_bad_threshold_setting_is_a_clear_error(story: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", "abc")
    result = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity"])
    assert result.exit_code == 2
    assert "WORLDSTATE_FINDING_THRESHOLD must be a probability from 0 to 1, got 'abc'" in result.output


def test_held_out_scores_each_text_with_a_fit_that_did_not_see_it() -> None:
    """A kind right on one story only is not shown when that story is left out; a kind that fired once on
    clean text is hidden in-sample but shown on the clean fold the fit did not see."""
    from worldstate.bench.tune.calibration import held_out, summary

    def planted(n: int, kind: str) -> TuningText:
        return TuningText(f"Q_0{n}_err", "planted", 100, (GOLD,), [_found(kind, GOLD)])

    texts = [planted(1, "once"), planted(2, "sure"), planted(3, "sure"), planted(4, "sure"), planted(5, "rare")]
    texts.append(TuningText("Q_01_clean", "original", 100, (), []))
    texts += [TuningText("c0", "clean", 5000, (), [_found("rare", ELSEWHERE)]), TuningText("c1", "clean", 5000)]
    cal = fit(texts)
    assert cal.on_by_default("once") and not cal.on_by_default("rare")  # rare: 1 right, 1 wrong
    assert summary(texts, cal)["clean"]["shown_by_default"] == 0  # in-sample
    held = held_out(texts)
    assert held["planted"] == {"stories": 5, "found": 3, "shown_right": 3, "shown_wrong": 0}  # not Q_01 nor Q_05
    assert held["clean"]["findings"] == ["c0: rare"] and held["clean"]["per_10k_words_shown"] == 1.0
