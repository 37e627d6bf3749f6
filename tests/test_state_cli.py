"""``worldstate state --at``: every kind of state (where, holds, alive, traits, relations, titles, knows) in
the text report and in its JSON, on one small story."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.cli.main import cli

STORY = (
    "Hans was a tall man with black hair. "  # s1
    "One day Hans married Anna, the miller's daughter. "  # s2
    "Anna became queen and went to the castle with a golden key. "  # s3
    "Hans said to Anna, 'The wolf is dead.'\n"  # s4
)


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("state") / "hans.txt"
    path.write_text(STORY, encoding="utf-8")
    return path


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["state", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_text_report_shows_traits_relations_titles_and_knowledge(story: Path) -> None:
    text = _run(str(story), "--at", "4")
    hans = text.split("\nHans [hans]\n", 1)[1].split("\n\n", 1)[0]
    assert "traits:    size tall (since s1:" in hans and "hair black (since s1:" in hans
    assert "relations: married to Anna (since s2:" in hans
    anna = text.split("\nAnna [anna]\n", 1)[1].split("\n\n", 1)[0]
    assert "where:     the castle (since s3:" in anna
    assert "holds:     a golden key (since s3:" in anna
    assert "titles:    queen (since s3:" in anna
    assert "child of the miller (since s2:" in anna
    assert "s4 since s4 (told by Hans)" in anna  # what Hans told her, when, by which channel


def test_json_carries_the_same_state(story: Path) -> None:
    data = json.loads(_run(str(story), "--at", "4", "--json"))
    assert data["sentence"] == 3  # 0-based in JSON, s4 in the text
    chars = {c["entity"]: c for c in data["characters"]}
    hans, anna = chars["hans"], chars["anna"]
    assert {t["value"] for t in hans["traits"]} >= {"size=tall", "hair=black"}
    assert [r["value"] for r in hans["relations"]] == ["married_to=anna"]
    assert anna["location"]["value_text"] == "the castle" and anna["alive"] is True
    assert [t["value"] for t in anna["titles"]] == ["queen"]
    assert any(h["value_text"] == "a golden key" for h in anna["holds"])
    told = [k for k in anna["knows"] if k["sentence"] == 3]
    assert told and told[0]["channel"] == "told" and told[0]["source"] == "hans"


def test_before_the_marriage_no_relation_holds(story: Path) -> None:
    data = json.loads(_run(str(story), "--at", "1", "--entity", "Hans", "--json"))
    hans = data["characters"][0]
    assert hans["relations"] == [] and {t["value"] for t in hans["traits"]} >= {"hair=black"}
