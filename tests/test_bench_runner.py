"""The run harness: resume after kills, failing items, determinism across workers and executors."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worldstate.bench.runner import RunOptions, run_benchmark
from worldstate.bench.tasks import get_task
from worldstate.config import Settings
from worldstate.errors import ConfigError

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
from test_bench_fakes import fake_choice, fake_failing, fake_peek_gold  # noqa: E402


def make_knp(root: Path, n: int = 40) -> Path:
    """A small KNP folder in the upstream layout."""
    folder = root / "Data" / "KNP"
    folder.mkdir(parents=True)
    for i in range(n):
        record = {
            "genre": "test",
            "story": f"Story number {i}. Anna walks home.",
            "character": "Anna",
            "implausible_knowledge": "secret",
            "question": "What will Anna do?",
            "answer_with_knowledge": f"act on the secret {i}",
            "answer_without_knowledge": f"go home {i}",
        }
        (folder / f"qa_{i}.json").write_text(json.dumps(record), encoding="utf-8")
    return root / "Data"


def run(data: Path, out: Path, **kw: object) -> dict:
    options = RunOptions(progress=False, predictor=kw.pop("predictor", fake_choice), **kw)  # type: ignore[arg-type]
    return run_benchmark(get_task("knp"), data, out, Settings(), options)


def test_run_writes_the_contract_files(tmp_path: Path) -> None:
    doc = run(make_knp(tmp_path), tmp_path / "out")
    out = tmp_path / "out"
    lines = (out / "predictions.jsonl").read_text().splitlines()
    assert len(lines) == 40 and len({json.loads(x)["id"] for x in lines}) == 40
    metrics = json.loads((out / "metrics.json").read_text())
    assert {"benchmark", "n", "metrics", "seconds", "words", "config", "published"} <= set(metrics)
    assert metrics["n"] == 40 and 0 <= metrics["metrics"]["accuracy"] <= 1
    assert metrics["published"]["accuracy: human"] == 0.92
    assert "random" in metrics["baselines"]
    assert "Published" in (out / "report.md").read_text()
    assert doc["metrics"] == metrics["metrics"]


def test_predictors_never_see_gold(tmp_path: Path) -> None:
    run(make_knp(tmp_path), tmp_path / "out", predictor=fake_peek_gold)
    records = [json.loads(x) for x in (tmp_path / "out" / "predictions.jsonl").read_text().splitlines()]
    assert not any(r["prediction"]["saw_gold"] for r in records)


def test_failing_items_are_recorded_and_the_run_goes_on(tmp_path: Path) -> None:
    doc = run(make_knp(tmp_path), tmp_path / "out", predictor=fake_failing)
    records = [json.loads(x) for x in (tmp_path / "out" / "predictions.jsonl").read_text().splitlines()]
    failed = [r for r in records if r["error"]]
    assert len(records) == 40 and 0 < len(failed) < 40
    assert all(r["error"].startswith("ValueError: cannot handle") and r["prediction"] is None for r in failed)
    assert doc["metrics"]["failed"] == len(failed)


def test_resume_after_a_cut_drops_the_partial_line_and_never_duplicates(tmp_path: Path) -> None:
    data = make_knp(tmp_path)
    run(data, tmp_path / "full")
    partial = tmp_path / "partial"
    run(data, partial, limit=40)
    lines = (partial / "predictions.jsonl").read_text().splitlines(keepends=True)
    random.Random(1).shuffle(lines)
    (partial / "predictions.jsonl").write_text("".join(lines[:17]) + lines[17][:9])  # 17 done + a cut line
    (partial / "metrics.json").unlink()
    run(data, partial, limit=40)
    assert (partial / "predictions.jsonl").read_bytes() == (tmp_path / "full" / "predictions.jsonl").read_bytes()


def test_same_bytes_for_one_and_two_workers(tmp_path: Path) -> None:
    data = make_knp(tmp_path)
    one = run(data, tmp_path / "w1", workers=1)
    two = run(data, tmp_path / "w2", workers=2)
    assert (tmp_path / "w1" / "predictions.jsonl").read_bytes() == (tmp_path / "w2" / "predictions.jsonl").read_bytes()
    assert json.dumps(one["metrics"]) == json.dumps(two["metrics"])


def test_out_dir_of_another_run_is_refused(tmp_path: Path) -> None:
    data = make_knp(tmp_path)
    run(data, tmp_path / "out", limit=5)
    with pytest.raises(ConfigError, match="another run"):
        run(data, tmp_path / "out", limit=6)


def test_out_dir_of_another_engine_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Predictions made by other code are not resumed after the engine changed (a new --out is asked for)."""
    data = make_knp(tmp_path)
    run(data, tmp_path / "out", limit=5)
    (tmp_path / "out" / "metrics.json").unlink()
    run(data, tmp_path / "out", limit=5)  # the same engine resumes
    monkeypatch.setattr("worldstate.bench.runner.engine_fingerprint", lambda: "0.1.0+changed")
    with pytest.raises(ConfigError, match="differs in: engine"):
        run(data, tmp_path / "out", limit=5)


def test_engine_fingerprint_follows_the_package_files(tmp_path: Path) -> None:
    from worldstate.bench.fingerprint import engine_files, engine_fingerprint

    files = engine_files(Path(__import__("worldstate").__file__).parent)
    assert any(p.name == "runner.py" for p in files) and not any("__pycache__" in p.parts for p in files)
    assert any(p.suffix == ".yaml" for p in files)  # data files count too
    assert engine_fingerprint() == engine_fingerprint() and "+" in engine_fingerprint()


def test_ray_executor_gives_identical_predictions(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray not installed (pip install 'worldstate[ray]')")
    import ray

    data = make_knp(tmp_path)
    run(data, tmp_path / "local", workers=2)
    ray.init(
        num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": {"PYTHONPATH": str(TESTS)}}
    )
    try:
        run(data, tmp_path / "ray", workers=2, executor="ray")
    finally:
        ray.shutdown()
    assert (tmp_path / "ray" / "predictions.jsonl").read_bytes() == (
        tmp_path / "local" / "predictions.jsonl"
    ).read_bytes()


def knp_run_args(data: Path, out: Path) -> list[str]:
    """The arguments of ``worldstate bench run knp`` on ``data`` into ``out``, without a progress bar."""
    return ["bench", "run", "knp", "--data", str(data), "--out", str(out), "--no-progress"]


def _cli(data: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "worldstate.cli.main", *knp_run_args(data, out)]


def test_twenty_sigkills_then_resume_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    data = make_knp(tmp_path, n=400)  # 400 items x 20 ms: far more work than 20 short sessions finish
    env = {
        **os.environ,
        "PYTHONPATH": str(TESTS),
        "WORLDSTATE_BENCH_PREDICTOR": "test_bench_fakes:fake_choice",
        "WORLDSTATE_FAKE_SLEEP": "0.02",
    }
    clean = tmp_path / "clean"
    run(data, clean)  # uninterrupted, in this process (no sleep)
    out = tmp_path / "killed"
    rng = random.Random(20)
    kills = 0
    while kills < 20:
        proc = subprocess.Popen(_cli(data, out), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.2, 1.0))
        if proc.poll() is not None:
            break  # finished before the kill: the assertion below reports it
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        kills += 1
        preds = out / "predictions.jsonl"  # absent when the kill came before the first item
        ids = [json.loads(x)["id"] for x in preds.read_bytes().split(b"\n")[:-1] if x] if preds.exists() else []
        assert len(ids) == len(set(ids)), "an item was written twice"
    subprocess.run(_cli(data, out), env=env, check=True, capture_output=True)
    assert kills == 20
    assert (out / "predictions.jsonl").read_bytes() == (clean / "predictions.jsonl").read_bytes()
