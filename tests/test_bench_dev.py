"""``worldstate bench made-set``, ``bench extraction`` and ``bench perf --reasoner`` (the former scripts/)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from worldstate.cli.main import cli

DEAD = "Tom was a miller. Tom died in the winter. In the spring, Tom walked to the market and sold flour."
CLEAN = "Tom was a miller. Tom fell ill in the winter. In the spring, Tom walked to the market and sold flour."


def invoke(*args: str) -> object:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")


def test_made_set_scores_a_continuity_set_with_edit_kinds(tmp_path: Path) -> None:
    rows = [
        {
            "example_id": "tom-original",
            "story": CLEAN,
            "cont_error": 0.0,
            "cont_error_lines": "",
            "contradicted_lines": "",
        },
        {
            "example_id": "tom-death-1",
            "story": DEAD,
            "cont_error": 1.0,
            "cont_error_lines": "In the spring, Tom walked to the market and sold flour.",
            "contradicted_lines": "Tom died in the winter.",
        },
    ]
    _jsonl(tmp_path / "flawed_unfiltered.jsonl", rows)
    _jsonl(tmp_path / "provenance.jsonl", [{"example_id": "tom-death-1", "kind": "death"}])
    out = tmp_path / "result.json"
    result = invoke("bench", "made-set", str(tmp_path), "--json", str(out), "--dump", str(tmp_path / "c.jsonl"))
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text("utf-8"))
    assert doc["metrics"]["items"] == 2 and doc["metrics"]["with_error"] == 1
    assert set(doc["per_kind"]) == {"death"} and doc["per_kind"]["death"]["n"] == 1
    assert 0.0 <= doc["metrics"]["false_alarm_rate"] <= 1.0
    assert (tmp_path / "c.jsonl").is_file()


def test_made_set_without_a_set_is_a_usage_error(tmp_path: Path) -> None:
    result = invoke("bench", "made-set", str(tmp_path))
    assert result.exit_code == 2 and "make-flawed" in result.output


def test_made_set_scores_planted_constory_errors(tmp_path: Path) -> None:
    story = DEAD
    start = story.index("In the spring")
    planted = {
        "id": "s1-x",
        "source_id": "s1",
        "subtype": "timeline_plot_causeless_effects",
        "story": story,
        "quote_span": [start, len(story)],
        "pair_span": None,
    }
    _jsonl(tmp_path / "constory_injected.jsonl", [planted])
    _jsonl(tmp_path / "constory_originals.jsonl", [{"id": "s1", "story": CLEAN}])
    result = invoke("bench", "made-set", str(tmp_path))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output[result.output.index("{") :])
    assert doc["micro"]["planted"] == 1 and doc["per_subtype"][planted["subtype"]]["n"] == 1


def test_extraction_score_reads_a_marked_sample(tmp_path: Path) -> None:
    sample = tmp_path / "s.tsv"
    sample.write_text("kind\tstory\titem\tcontext\tcorrect\nentity\ta\tx\t\ty\nentity\ta\ty\t\tn\ncoref\tb\tz\t\t\n")
    result = invoke("bench", "extraction", "score", "--file", str(sample))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["entity"] == {"checked": 2, "correct": 1, "precision": 0.5}
    assert doc["coref"]["checked"] == 0


def test_perf_reasoner_times_synthetic_world_states(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "book.txt").write_text("The miller went home. " * 100, "utf-8")
    out = tmp_path / "rows.json"
    result = invoke(
        "bench",
        "perf",
        "--corpus",
        str(corpus),
        "--reasoner",
        "synthetic",
        "--sizes",
        "300,600",
        "--repeats",
        "1",
        "--json",
        str(out),
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text("utf-8"))["reasoner"]
    assert [r["words"] for r in rows] == [300.0, 600.0] and all(r["reason_s"] >= 0 for r in rows)
