"""``worldstate bench`` commands: run, report (with plot), constory-judge, make-senpos, and clear errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from worldstate.cli.main import cli

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_bench_runner import knp_run_args, make_knp


def invoke(*args: str) -> object:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_run_then_report_with_plot(tmp_path: Path) -> None:
    data = make_knp(tmp_path, n=12)
    out = tmp_path / "knp"
    result = invoke(*knp_run_args(data, out), "--predictor", "test_bench_fakes:fake_choice")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["n"] == 12
    table = tmp_path / "summary.md"
    result = invoke("bench", "report", str(out), "--out", str(table))
    assert result.exit_code == 0, result.output
    text = table.read_text()
    assert "| knp | 12 | accuracy |" in text and "0.920 (human)" in text
    assert table.with_suffix(".png").read_bytes()[:4] == b"\x89PNG"


def test_outgen_baseline_and_user_generations(tmp_path: Path) -> None:
    data = tmp_path / "outgen.jsonl"
    rows = [
        {"outline": ["小猫", "回家"], "story": "小猫在外面玩了一天。晚上小猫回家了。"},
        {"outline": ["下雨", "小狗"], "story": "天下雨了。小狗躲在屋檐下。"},
    ]
    data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    result = invoke("bench", "run", "lot-outgen", "--data", str(data), "--out", str(tmp_path / "base"), "--no-progress")
    assert result.exit_code == 0, result.output
    metrics = json.loads((tmp_path / "base" / "metrics.json").read_text())
    assert metrics["metrics"]["coverage"] == 1.0  # the baseline copies every outline phrase
    assert "outline-concat" in (tmp_path / "base" / "predictions.jsonl").read_text()
    gens = tmp_path / "gens.jsonl"
    gens.write_text(
        "".join(
            json.dumps({"id": f"{i:05d}", "text": r["story"]}, ensure_ascii=False) + "\n" for i, r in enumerate(rows)
        ),
        encoding="utf-8",
    )
    result = invoke(
        "bench",
        "run",
        "lot-outgen",
        "--data",
        str(data),
        "--out",
        str(tmp_path / "mine"),
        "--predictions",
        str(gens),
        "--no-progress",
    )
    assert result.exit_code == 0, result.output
    mine = json.loads((tmp_path / "mine" / "metrics.json").read_text())["metrics"]
    assert mine["bleu_1"] == 1.0 and mine["order"] == 1.0


def test_bad_data_exits_2_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "storysumm.json"
    bad.write_text('{"a": {"label": 1,', encoding="utf-8")
    result = CliRunner().invoke(cli, ["bench", "run", "storysumm", "--data", str(bad), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert f"{bad}:1:" in result.output and "Traceback" not in result.output


def test_constory_judge_and_make_senpos(shared_data: Path, tmp_path: Path) -> None:
    csv = shared_data / "constory" / "judge_gpt-4o-mini-stories_by_gpt-4o-mini.csv"
    result = invoke("bench", "constory-judge", str(csv))
    assert result.exit_code == 0
    metrics = json.loads(result.output)["metrics"]
    assert 0.55 < metrics["quotes_verbatim"] < 0.7  # benchmarks.md: 59-67% of judge quotes are verbatim
    out = tmp_path / "senpos.jsonl"
    result = invoke("bench", "make-senpos", str(shared_data / "lot_outgen" / "outgen_val_dev.jsonl"), str(out))
    assert result.exit_code == 0 and len(out.read_text(encoding="utf-8").splitlines()) > 150


def test_bench_perf_times_a_size_in_a_fresh_process(tmp_path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    tale = "The miller walked to the river. His daughter stayed home and baked bread for the king. " * 20
    (corpus / "tales.txt").write_text(tale, encoding="utf-8")
    out = tmp_path / "perf.json"
    args = ["bench", "perf", "--corpus", str(corpus), "--sizes", "60", "--no-whole", "--json", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    (row,) = json.loads(out.read_text())["sizes"]
    assert row["words"] >= 60 and row["words_per_s"] > 0
    assert set(row["times"]) == {"analyze", "continuity", "all"} and row["all_over_continuity"] >= 1.0
