"""``worldstate bench tune``: fitting is its own step; ``bench run`` loads what tune saved and never fits."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.bench.report import IN_SAMPLE
from worldstate.bench.tune import parameters_in_use, tunable, tuner
from worldstate.bench.tune.faithfulness import best_threshold, leave_one_out
from worldstate.bench.tune.store import data_sha256
from worldstate.cli.main import cli
from worldstate.config import Settings
from worldstate.detect.faithfulness.head import parameters, parameters_path, shipped_parameters_path
from worldstate.errors import ConfigError

sys.path.insert(0, str(Path(__file__).resolve().parent))

STORIES = [
    (["Ann baked bread.", "She let it cool."], "She ate a warm slice.", "She sold her car."),
    (["Tom lost his keys.", "He searched the house."], "He found them in his coat.", "He learned to fly."),
    (["It rained all day.", "The river rose."], "The road flooded.", "The desert stayed dry."),
    (["Mia studied hard.", "The exam was on Monday."], "She passed the exam.", "She adopted a whale."),
    (["The dog was hungry.", "Its bowl was empty."], "Ben filled the bowl.", "The moon sang loudly."),
    (["Sam planted seeds.", "He watered them daily."], "Flowers grew in spring.", "He forgot his name."),
    (["Lea missed the bus.", "She was late for work."], "Her boss frowned at her.", "She won a gold medal."),
    (["The baby cried.", "Dad picked her up."], "She calmed down in his arms.", "The car needed new tyres."),
]


def write_cloze(path: Path, rows: list[tuple[list[str], str, str]], flip_labels: bool = False) -> Path:
    """A Story Cloze CSV in the official layout; the right ending alternates between the two positions."""
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(
            [
                "InputStoryid",
                *(f"InputSentence{i}" for i in range(1, 5)),
                "RandomFifthSentenceQuiz1",
                "RandomFifthSentenceQuiz2",
                "AnswerRightEnding",
            ]
        )
        for n, (context, right, wrong) in enumerate(rows):
            sentences = [*context, "Nothing else happened.", "The day went on."][:4]
            endings, answer = ([right, wrong], 1) if n % 2 == 0 else ([wrong, right], 2)
            answer = 3 - answer if flip_labels else answer
            writer.writerow([f"story-{n}", *sentences, *endings, answer])
    return path


def invoke(*args: str) -> object:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(folder))
    return folder


def test_settings_built_in_code_keep_tuned_files_in_the_cache_the_environment_names(cache: Path) -> None:
    """A script's ``Settings()`` must not write tuned files into ~/.cache while WORLDSTATE_CACHE_DIR says
    elsewhere (tuned files there override the shipped parameters for every later run)."""
    assert Settings().cache_path == cache
    assert Settings(cache_dir="/tmp/explicit").cache_path == Path("/tmp/explicit")


def test_registry_names_the_tunable_tasks() -> None:
    assert {"story-cloze", "storysumm", "knp"} <= set(tunable())
    with pytest.raises(ConfigError, match="nothing to tune"):
        tuner("lot-plotcom")
    result = invoke("bench", "tune", "--help")
    assert result.exit_code == 0 and "provenance" in result.output and "never fits" in result.output
    result = invoke("bench", "tune", "storysumm", "--data", ".", "--cv", "3")
    assert result.exit_code == 2 and "story-cloze only" in result.output


def test_run_without_a_tuned_model_is_one_clear_error(tmp_path: Path, cache: Path) -> None:
    data = write_cloze(tmp_path / "test.csv", STORIES[:4])
    result = invoke("bench", "run", "story-cloze", "--data", str(data), "--out", str(tmp_path / "run"))
    assert result.exit_code == 2, result.output
    assert "bench tune story-cloze" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "run").exists()  # nothing written before the error


def test_tune_then_run_loads_the_model_and_never_reads_labels(tmp_path: Path, cache: Path) -> None:
    dev = write_cloze(tmp_path / "dev.csv", STORIES)
    result = invoke("bench", "tune", "story-cloze", "--data", str(dev), "--cv", "2", "--no-cross-encoder")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output.strip().splitlines()[-1])
    assert shown["items"] == len(STORIES) and 0.0 <= shown["score"]["cv_accuracy"] <= 1.0
    assert shown["written"] and f"with this cache ({cache}) now use {shown['written']}" in result.output
    model_dir = cache / "tuned" / "story-cloze"
    prov = json.loads((model_dir / "provenance.json").read_text("utf-8"))
    assert (model_dir / "model.npz").is_file()
    assert prov["data_sha256"] == data_sha256(dev) and prov["items"] == len(STORIES)
    assert prov["score"]["cv_accuracy"] == shown["score"]["cv_accuracy"] and len(prov["score"]["cv_fold_accuracy"]) == 2
    assert "--cv 2" in prov["command"] and "--no-cross-encoder" in prov["command"] and prov["date"]
    assert prov["parameters"]["cross_epochs"] == 0

    # another file, and the same file with every label flipped: the same predictions (labels are never read)
    test = write_cloze(tmp_path / "test.csv", STORIES[2:6])
    flipped = write_cloze(tmp_path / "flipped.csv", STORIES[2:6], flip_labels=True)
    docs = []
    for name, data in (("a", test), ("b", flipped)):
        out = tmp_path / name
        result = invoke("bench", "run", "story-cloze", "--data", str(data), "--out", str(out), "--no-progress")
        assert result.exit_code == 0, result.output
        docs.append(json.loads((out / "metrics.json").read_text("utf-8")))
    first, second = ((tmp_path / n / "predictions.jsonl").read_text("utf-8") for n in ("a", "b"))
    assert first == second and first.count("\n") == 4
    assert docs[0]["metrics"]["accuracy"] + docs[1]["metrics"]["accuracy"] == pytest.approx(1.0)
    tuned = docs[0]["tuned"]
    assert tuned["file"] == str(model_dir / "model.npz") and tuned["source"] == "tuned"
    assert tuned["provenance"]["data_sha256"] == prov["data_sha256"] and tuned["in_sample"] is False
    assert IN_SAMPLE not in (tmp_path / "a" / "report.md").read_text("utf-8")

    # a new tuning makes a new run: resuming into the old run directory with another model is refused
    run_a = json.loads((tmp_path / "a" / "run.json").read_text("utf-8"))
    assert len(run_a["parameters_sha256"]) == 64
    result = invoke("bench", "tune", "story-cloze", "--data", str(test), "--no-cross-encoder", "--no-progress")
    assert result.exit_code == 0, result.output
    result = invoke("bench", "run", "story-cloze", "--data", str(test), "--out", str(tmp_path / "a"), "--no-progress")
    assert result.exit_code == 2 and "differs in: parameters_sha256" in result.output
    result = invoke("bench", "tune", "story-cloze", "--data", str(dev), "--no-cross-encoder", "--no-progress")
    assert result.exit_code == 0, result.output

    # scoring the tuning file itself is flagged as in-sample
    result = invoke("bench", "run", "story-cloze", "--data", str(dev), "--out", str(tmp_path / "c"), "--no-progress")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "c" / "metrics.json").read_text("utf-8"))["tuned"]["in_sample"] is True
    assert IN_SAMPLE in (tmp_path / "c" / "report.md").read_text("utf-8")


def test_threshold_fitting_and_leave_one_out() -> None:
    worst = [0.1, 0.2, 0.3, 0.6, 0.7, 0.8]
    gold = [1, 1, 1, 0, 0, 0]  # 1 = faithful: low worst risk
    assert best_threshold(worst, gold) == pytest.approx(0.45)
    assert leave_one_out(worst, gold) == 1.0
    assert leave_one_out([0.1, 0.5, 0.2, 0.6], [1, 0, 0, 1]) < 1.0  # noise costs out of sample


def test_shipped_faithfulness_parameters_carry_provenance() -> None:
    prov = parameters()["provenance"]
    assert prov["evaluation"] == "in-sample and leave-one-out" and len(prov["data_sha256"]) == 64
    assert {"in_sample_balanced_accuracy", "leave_one_out_balanced_accuracy"} <= set(prov["score"])
    used = parameters_in_use("storysumm", Settings(cache_dir="/nonexistent-cache"))
    assert used is not None and used["source"] == "shipped" and used["provenance"] == prov


def test_storysumm_tune_writes_threshold_with_provenance(tmp_path: Path, cache: Path) -> None:
    story = "Ann lived in a small village by the sea. Every morning she walked to the harbour to buy fish."
    summaries = {
        "s1": (["Ann lived in a village by the sea."], 1),
        "s2": (["Ann walked to the harbour every morning to buy fish."], 1),
        "s3": (["Ann flew a rocket to Jupiter with her uncle Boris."], 0),
        "s4": (["Seven dragons burned the castle of King Harold."], 0),
    }
    data = tmp_path / "storysumm"
    data.mkdir()
    doc = {k: {"story": story, "summary": s, "label": y, "difficulty": "easy"} for k, (s, y) in summaries.items()}
    (data / "storysumm_val.json").write_text(json.dumps(doc), encoding="utf-8")
    result = invoke("bench", "tune", "storysumm", "--data", str(data), "--no-progress")
    assert result.exit_code == 0, result.output
    written = cache / "tuned" / "storysumm" / "faithfulness.json"
    fitted = json.loads(written.read_text("utf-8"))
    prov = fitted["provenance"]
    assert prov["items"] == 4 and prov["data_sha256"] == data_sha256(data / "storysumm_val.json")
    assert {"in_sample_balanced_accuracy", "leave_one_out_balanced_accuracy"} <= set(prov["score"])
    assert prov["score"]["in_sample_balanced_accuracy"] == 1.0
    assert fitted["threshold"] == pytest.approx(prov["parameters"]["threshold"])
    assert fitted["weights"] == parameters()["weights"]
    settings = Settings.from_env()
    assert parameters_path(settings) == written != shipped_parameters_path()  # the tuned file overrides the shipped one
    assert parameters(settings)["threshold"] == fitted["threshold"]
    used = parameters_in_use("storysumm", settings, data)
    assert used["source"] == "tuned" and used["in_sample"] is True


def test_knp_tune_writes_weights_that_bench_run_uses(tmp_path: Path, cache: Path) -> None:
    import yaml
    from test_bench_runner import make_knp

    from worldstate.detect.knowledge.next_action import config, config_path, shipped_config_path

    shipped = config()
    assert shipped["provenance"]["items"] == 168 and "cross-validation" in shipped["provenance"]["evaluation"]
    data = make_knp(tmp_path, n=6)
    result = invoke("bench", "tune", "knp", "--data", str(data), "--no-progress")
    assert result.exit_code == 0, result.output
    written = cache / "tuned" / "knp" / "next_action.yaml"
    fitted = yaml.safe_load(written.read_text("utf-8"))
    assert set(fitted["weights"]) == set(shipped["weights"]) and set(fitted["hidden_ranker"]) == set(
        shipped["hidden_ranker"]
    )
    prov = fitted["provenance"]
    assert prov["items"] == 6 and prov["data_sha256"] == data_sha256(data)
    assert {"cv_accuracy", "in_sample_accuracy"} <= set(prov["score"])
    settings = Settings.from_env()
    assert config_path(settings) == written != shipped_config_path()
    assert config(settings)["weights"] == fitted["weights"]
    out = tmp_path / "run"
    result = invoke("bench", "run", "knp", "--data", str(data), "--out", str(out), "--no-progress")
    assert result.exit_code == 0, result.output
    tuned = json.loads((out / "metrics.json").read_text("utf-8"))["tuned"]
    assert tuned["file"] == str(written) and tuned["source"] == "tuned" and tuned["in_sample"] is True
    assert IN_SAMPLE in (out / "report.md").read_text("utf-8")


def test_tune_documents_cross_validates_fits_on_all_and_records_provenance(tmp_path: Path, cache: Path) -> None:
    """The shared document-model tuning: CV picks the setting, the final fit sees every document, the saved
    model's path and the parameters land in the provenance the task's tuned folder holds."""
    from worldstate.bench.tune.store import DocumentFit, TuneOptions, read_provenance, tune_documents
    from worldstate.detect.tuned import PROVENANCE, tuned_dir

    data = tmp_path / "docs.txt"
    data.write_text("a\nb\nc\n", encoding="utf-8")
    fitted: list[tuple[list[str], float]] = []

    def save(settings: Settings, model: dict[str, float], prov: dict[str, object]) -> Path:
        path = tuned_dir(settings, "toy-task") / "model.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"model": model, "score": prov["score"]}), encoding="utf-8")
        return path

    spec = DocumentFit(
        "toy-task",
        lambda path, settings, options: path.read_text("utf-8").split(),
        lambda docs, k, seed, options: ({"f1": 0.5, "folds": k}, 0.25),
        lambda docs, setting: fitted.append((docs, setting)) or {"threshold": setting},
        lambda docs, model: {"f1": 1.0, "n": len(docs)},
        save,
        lambda docs, model, setting: {"threshold": setting},
        ("threshold", (0.25, 0.5), 0.5),
    )
    prov = tune_documents(spec, data, Settings.from_env(), TuneOptions(cv=3, seed=7, progress=False))
    assert fitted == [(["a", "b", "c"], 0.25)]
    assert prov["score"] == {"cv": {"f1": 0.5, "folds": 3}, "in_sample": {"f1": 1.0, "n": 3}}
    assert prov["parameters"] == {"threshold": 0.25, "folds": 3, "seed": 7}
    assert "the threshold is the best of [0.25, 0.5]" in prov["evaluation"]
    assert Path(prov["model"]).is_file() and prov["data_sha256"] == data_sha256(data)
    assert read_provenance(tuned_dir(Settings.from_env(), "toy-task") / PROVENANCE)["model"] == prov["model"]
