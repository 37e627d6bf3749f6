"""``worldstate analyze STORY --format booknlp --out DIR``: BookNLP's four files with its columns."""

from __future__ import annotations

import json

from click.testing import CliRunner

from worldstate.cli.main import cli
from worldstate.extract.booknlp import ENTITY_COLUMNS, QUOTE_COLUMNS, TOKEN_COLUMNS

STORY = (
    "Elizabeth and Mr. Darcy walked to the old church.\n\n"
    "“Good morning, Elizabeth,” said Mr. Darcy.\n\n"
    "“It is a fine day,” Elizabeth replied. She smiled at him.\n"
)


def rows(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines[0].split("\t"), [line.split("\t") for line in lines[1:]]


def test_booknlp_export_writes_the_four_files(tmp_path):
    story = tmp_path / "tale.txt"
    story.write_text(STORY, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["analyze", str(story), "--format", "booknlp", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["tale.book", "tale.entities", "tale.quotes", "tale.tokens"]

    header, tokens = rows(out / "tale.tokens")
    assert header == TOKEN_COLUMNS and all(len(r) == len(TOKEN_COLUMNS) for r in tokens)
    assert [int(r[3]) for r in tokens] == list(range(len(tokens)))
    words = [r[4] for r in tokens]
    for r in tokens:  # character offsets point at the word; heads are document token ids
        assert STORY[int(r[6]) : int(r[7])] == r[4]
        assert 0 <= int(r[11]) < len(tokens)
    assert {r[0] for r in tokens} == {"0", "1", "2"}  # three paragraphs
    assert any(r[12] == "EVENT" for r in tokens)

    header, entities = rows(out / "tale.entities")
    assert header == ENTITY_COLUMNS
    eliza = [r for r in entities if r[5] == "Elizabeth"]
    assert len(eliza) >= 2 and len({r[0] for r in eliza}) == 1 and eliza[0][3:5] == ["PROP", "PER"]
    assert any(r[3] == "PRON" and r[5] == "She" for r in entities)
    for r in entities:
        assert " ".join(words[int(r[1]) : int(r[2]) + 1]).replace(" ", "") == r[5].replace(" ", "")

    header, quotes = rows(out / "tale.quotes")
    assert header == QUOTE_COLUMNS and len(quotes) == 2
    assert quotes[0][6] == "“Good morning, Elizabeth,”" and "Darcy" in quotes[0][4]
    assert quotes[1][4] == "Elizabeth" and quotes[1][5] == eliza[0][0]

    book = json.loads((out / "tale.book").read_text(encoding="utf-8"))
    names = {c["name"]: c for c in book["characters"]}
    assert names["Elizabeth"]["count"] >= 3
    assert {"c": 3, "n": "Elizabeth"} in names["Elizabeth"]["mentions"]["proper"]
    assert book["characters"][0]["count"] >= book["characters"][-1]["count"]


def test_booknlp_export_needs_an_out_folder(tmp_path):
    story = tmp_path / "tale.txt"
    story.write_text(STORY, encoding="utf-8")
    result = CliRunner().invoke(cli, ["analyze", str(story), "--format", "booknlp"])
    assert result.exit_code == 2 and "--out" in result.output
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(cli, ["analyze", str(story), "--format", "booknlp", "--out", str(blocker / "d")])
    assert result.exit_code == 2
