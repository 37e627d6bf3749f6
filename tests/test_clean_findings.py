"""`bench timeline-alarms --heads`: every story-only head's findings on clean text, each listed with its
calibrated probability, and the rate `check` shows by default."""

from __future__ import annotations

import json

from click.testing import CliRunner

from worldstate.cli.main import cli

STORY = (
    "Mara lived in a small house by the sea with her brother Tom. Every morning she walked to the harbour.\n\n"
    "One winter Mara fell ill. She died in the night, and Tom buried her by the church.\n\n"
    "In the spring Mara climbed the old tower and looked at the ships. Tom sold the house and went away.\n"
)


def test_heads_lists_each_finding_with_its_probability_and_the_shown_rate(tmp_path) -> None:
    brat = tmp_path / "litbank" / "coref" / "brat"
    brat.mkdir(parents=True)
    (brat / "mara_brat.txt").write_text(STORY, encoding="utf-8")
    out = tmp_path / "heads.json"
    args = ["bench", "timeline-alarms", "--heads", "--litbank", str(tmp_path / "litbank"), "--gutenberg", ""]
    result = CliRunner().invoke(cli, [*args, "--cache", str(tmp_path / "cache"), "--json", str(out)])
    assert result.exit_code == 0, result.output
    rates = json.loads(out.read_text())
    assert rates["texts"] == 1 and rates["words"] == len(STORY.split())
    assert rates["findings"] >= 1  # "Mara climbed the old tower" after her death
    listed = [line for line in result.output.splitlines() if line.startswith("litbank/mara_brat  ")]
    assert len(listed) == rates["findings"]  # every finding listed, one line each
    assert sum(k["findings"] for k in rates["kinds"].values()) == rates["findings"]
    assert sum(k["shown"] for k in rates["kinds"].values()) == rates["shown"]
    assert all((" SHOWN" in line) or (" unsure" in line) for line in listed)
    assert "all heads:" in result.output and "shown by default" in result.output
    assert (tmp_path / "cache" / "findings").is_dir()  # the heads' findings cached, calibration's layout
