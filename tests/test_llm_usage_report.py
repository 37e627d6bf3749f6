"""LLM use in ``check`` and ``bench`` reports (calls, tokens, cache hits, cost, failures) against the local
OpenAI-compatible test server, and the "engine only (LLM failed: …)" label when the LLM never answered."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.cli.main import cli
from worldstate.detect.llm import reset_adjudicators

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_llm_http import API_KEY, FakeServer, chat_reply

STORY = (
    "Once there lived a miller named Hans and his daughter Greta. "
    "One winter Hans fell ill, and after three days Hans died in his bed. "
    "Greta buried her father under the old oak and wept for many weeks. "
    "There Hans walked up to her stall and bought a loaf of bread."
)
NO_ERROR = json.dumps({"has_error": False, "explanation": "Nothing contradicts.", "confidence": 0.9})


@pytest.fixture
def server() -> Iterator[FakeServer]:
    reset_adjudicators()
    srv = FakeServer()
    srv.default = {"status": 200, "json": chat_reply(NO_ERROR, prompt_tokens=100, completion_tokens=20)}
    yield srv
    srv.close()
    reset_adjudicators()


def _check(server: FakeServer, tmp_path: Path, *extra: str) -> object:
    story = tmp_path / "story.txt"
    story.write_text(STORY, encoding="utf-8")
    args = ["check", str(story), "--task", "continuity", "--llm", "always", "--llm-provider", "openai"]
    args += ["--llm-base-url", server.url, "--llm-model", "gpt-4o-mini", "--cache-dir", str(tmp_path / "cache")]
    return CliRunner(env={"WORLDSTATE_LLM_API_KEY": API_KEY}).invoke(cli, [*args, *extra])


def test_check_reports_calls_tokens_and_cost(server: FakeServer, tmp_path: Path) -> None:
    result = _check(server, tmp_path, "--json")
    assert result.exit_code in (0, 1), result.output
    llm = json.loads(result.stdout)["llm"]
    assert llm["calls"] == len(server.requests) >= 1
    assert llm["prompt_tokens"] == 100 * llm["calls"] and llm["completion_tokens"] == 20 * llm["calls"]
    assert llm["estimated_cost_usd"] == pytest.approx(llm["calls"] * (100 * 0.15 + 20 * 0.60) / 1e6)
    assert llm["failures"] == 0 and llm["label"] == "engine + LLM (always)" and not llm["failed"]
    reset_adjudicators()
    text = _check(server, tmp_path)  # the same question again: answered from the cache
    assert "engine + LLM (always)" in text.output and "1 cache hit(s)" in text.output


def test_check_labels_a_failed_llm_engine_only(server: FakeServer, tmp_path: Path) -> None:
    server.default = {"status": 401, "json": {"error": {"message": "bad key"}}}
    result = _check(server, tmp_path, "--json")
    assert result.exit_code in (0, 1), result.output
    llm = json.loads(result.stdout)["llm"]
    assert llm["failed"] and llm["failures"] >= 1
    assert llm["label"].startswith("engine only (LLM failed: ") and "engine + LLM" not in llm["label"]


def test_check_without_llm_says_nothing_about_it(tmp_path: Path) -> None:
    story = tmp_path / "story.txt"
    story.write_text(STORY, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--json"])
    assert "llm" not in json.loads(result.stdout)


def test_bench_run_records_llm_use_and_a_failed_llm(server: FakeServer, tmp_path: Path) -> None:
    data = tmp_path / "ff.jsonl"
    row = {"example_id": "a", "story": STORY, "cont_error": 1.0, "cont_error_lines": "", "contradicted_lines": ""}
    data.write_text(json.dumps(row) + "\n", encoding="utf-8")
    server.default = {"status": 401, "json": {"error": {"message": "bad key"}}}
    args = ["bench", "run", "flawedfictions", "--data", str(data), "--out", str(tmp_path / "run"), "--no-progress"]
    args += ["--llm", "always", "--llm-provider", "openai", "--llm-base-url", server.url]
    args += ["--llm-model", "gpt-4o-mini", "--cache-dir", str(tmp_path / "cache")]
    result = CliRunner(env={"WORLDSTATE_LLM_API_KEY": API_KEY}).invoke(cli, args)
    assert result.exit_code == 0, result.output
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text("utf-8"))
    assert metrics["llm"]["failures"] >= 1 and metrics["llm"]["calls"] >= 1
    assert metrics["config"]["mode"].startswith("engine only (LLM failed: ")
    report = (tmp_path / "run" / "report.md").read_text("utf-8")
    assert "LLM use (last session): engine only (LLM failed:" in report
