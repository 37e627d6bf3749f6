"""``.worldstate-ignore``: stable finding ids, dismissed findings in check (and the count in its report)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.cli.main import cli
from worldstate.errors import InputError
from worldstate.ignore import IgnoreList, find_ignore_file, load_ignore
from worldstate.state import Evidence, Finding, Span

DEAD_ACTS = (
    "Once there lived a miller named Hans and his daughter Greta. "
    "One winter Hans fell ill, and after three days Hans died in his bed. "
    "Greta buried her father under the old oak and wept for many weeks. "
    "There Hans walked up to her stall and bought a loaf of bread."
)


def _finding(
    start: int, confidence: float = 0.8, explanation: str = "Hans acts after he died (sentence 4)."
) -> Finding:
    quote = "Hans walked up to her stall"
    return Finding(
        "continuity",
        confidence,
        explanation,
        [Evidence(Span(start, start + len(quote)), quote, "error", 3)],
        rule="death",
    )


def test_finding_id_is_stable_across_offsets_confidence_and_wording() -> None:
    first = _finding(200)
    moved = _finding(260, confidence=0.6, explanation="Hans acts after he died (sentence 5).")
    assert first.id == moved.id and first.id.startswith("death-")
    other = Finding("continuity", 0.8, "x", [Evidence(Span(0, 4), "Greta buried her father", "error", 2)], rule="death")
    assert other.id != first.id


def test_ignore_file_needs_a_reason(tmp_path: Path) -> None:
    path = tmp_path / ".worldstate-ignore"
    path.write_text("# comment\ndeath-0123456789\n", encoding="utf-8")
    with pytest.raises(InputError, match="give a reason"):
        IgnoreList.read(path)
    path.write_text("death-0123456789  the ghost walks on purpose\n", encoding="utf-8")
    assert IgnoreList.read(path).reasons == {"death-0123456789": "the ghost walks on purpose"}
    assert find_ignore_file(tmp_path / "story.txt") == path
    assert load_ignore(path).reasons == {"death-0123456789": "the ghost walks on purpose"}


def _check(story: Path, *extra: str) -> object:
    return CliRunner().invoke(cli, ["check", str(story), "--task", "continuity", "--json", *extra])


def test_check_dismisses_listed_findings_and_says_how_many(tmp_path: Path) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")
    first = _check(story)
    assert first.exit_code == 1, first.output
    findings = json.loads(first.stdout)["answer"]["findings"]
    assert findings and all(f["id"] for f in findings)
    assert "dismissed" not in json.loads(first.stdout)  # no ignore file: nothing said
    again = _check(story)
    assert [f["id"] for f in json.loads(again.stdout)["answer"]["findings"]] == [f["id"] for f in findings]

    (tmp_path / ".worldstate-ignore").write_text(
        "".join(f"{f['id']}  Hans comes back as a ghost on purpose\n" for f in findings), encoding="utf-8"
    )
    dismissed = _check(story)
    assert dismissed.exit_code == 0, dismissed.output
    payload = json.loads(dismissed.stdout)
    assert payload["answer"]["findings"] == []
    assert payload["dismissed"]["n"] == len(findings)
    assert payload["dismissed"]["findings"][0]["reason"] == "Hans comes back as a ghost on purpose"

    text = CliRunner().invoke(cli, ["check", str(story), "--task", "continuity"])
    assert f"{len(findings)} finding(s) dismissed by" in text.output


def test_check_ignore_option_names_a_missing_file(tmp_path: Path) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")
    result = _check(story, "--ignore", str(tmp_path / "none"))
    assert result.exit_code == 2 and "ignore file not found" in result.output


def test_bench_run_dismisses_listed_findings_and_counts_them(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_bench_runner import make_knp

    data = make_knp(tmp_path, n=10)
    ignore = tmp_path / "ignore"
    ignore.write_text("fake-0  planted on purpose\n", encoding="utf-8")
    out = tmp_path / "run"
    args = ["bench", "run", "knp", "--data", str(data), "--out", str(out), "--no-progress"]
    args += ["--predictor", "test_bench_fakes:fake_with_findings", "--ignore", str(ignore)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    metrics = json.loads((out / "metrics.json").read_text("utf-8"))
    stored = [json.loads(line) for line in (out / "predictions.jsonl").read_text("utf-8").splitlines()]
    expected = sum(r["prediction"]["findings"][0]["id"] == "fake-0" for r in stored)
    assert 0 < expected < 10 and metrics["dismissed"]["n"] == expected
    assert f"findings dismissed as intentional: {expected}" in (out / "report.md").read_text("utf-8")


def test_view_leaves_dismissed_findings_out_of_the_page(tmp_path: Path) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")
    ids = [f["id"] for f in json.loads(_check(story).stdout)["answer"]["findings"]]
    (tmp_path / ".worldstate-ignore").write_text(f"{ids[0]}  on purpose\n", encoding="utf-8")
    out = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["view", str(story), "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text("utf-8")
    assert "finding(s) dismissed by" in html and ids[0] not in html
