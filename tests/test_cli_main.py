"""The command group: help, exit codes and one-line errors for bad input (no models needed)."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

from worldstate.cli.main import COMMANDS, cli


def test_help_lists_commands():
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "analyze" in result.output and "graph" in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_available_subcommand_has_help(name):
    if name not in cli.list_commands(None):
        pytest.skip(f"{name} is not installed in this checkout")
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and len(result.output) > 100


def test_usage_error_exits_2():
    for args in (["analyze"], ["no-such-command"], ["graph", "--view", "nope"], ["bench", "run", "knp"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Usage:" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "file is empty"),
        (b"\x00\x01binary\x00", "looks binary"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "looks binary"),
        (b"\xff\xfe caf\xe9", "byte-order mark but is not UTF-16"),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path, content, message):
    path = tmp_path / "story.txt"
    path.write_bytes(content)
    proc = subprocess.run(
        [sys.executable, "-m", "worldstate.cli.main", "analyze", str(path)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and str(path) in lines[0]
    assert "Traceback" not in proc.stderr


def test_directory_exits_2(tmp_path):
    result = CliRunner().invoke(cli, ["check", str(tmp_path), "--task", "continuity"])  # a folder of stories, too
    assert result.exit_code == 2
    assert "holds no story files" in result.output
    result = CliRunner().invoke(cli, ["analyze", str(tmp_path)])  # analyze reads a folder as a collection
    assert result.exit_code == 2
    assert "is a folder of stories: give --out FOLDER" in result.output
