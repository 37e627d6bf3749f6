"""The command-line contract: exit codes, unwritable outputs, `python -m worldstate`, JSON worlds of the wrong shape."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from test_view_html import viewer_world

from worldstate.cli.main import cli
from worldstate.state import from_json, to_json
from worldstate.state.serialize import SchemaError


@pytest.fixture()
def world_file(tmp_path):
    path = tmp_path / "world.json"
    path.write_text(to_json(viewer_world()), encoding="utf-8")
    return path


def _one_error_line(result, *needles: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]


@pytest.mark.parametrize("where", ["missing-folder", "under-a-file"])
@pytest.mark.parametrize(
    "command",
    [
        ["graph", "--world", "{world}", "--out", "{out}"],
        ["analyze", "{story}", "--out", "{out}"],
        ["view", "--world", "{world}", "--no-detect", "--out", "{out}"],
        ["bench", "report", "{tmp}", "--out", "{out}"],
        ["bench", "run", "knp", "--data", "{tmp}", "--out", "{out}"],
        ["make-flawed", "{story}", "--out", "{out}"],
    ],
)
def test_unwritable_output_is_one_line_and_exit_2(tmp_path, world_file, command, where):
    story = tmp_path / "story.txt"
    story.write_text("Anna walked home.", encoding="utf-8")
    (tmp_path / "plain.txt").write_text("x", encoding="utf-8")
    out = tmp_path / ("nope/deeper/out.x" if where == "missing-folder" else "plain.txt/out.x")
    args = [a.format(world=world_file, out=out, story=story, tmp=tmp_path) for a in command]
    result = CliRunner().invoke(cli, args)
    if where == "missing-folder" and command[0] in {"bench", "make-flawed"} and command[1] != "report":
        assert "does not exist" not in result.output  # run folders are created, with their parents
        return
    _one_error_line(result, str(out), "does not exist" if where == "missing-folder" else "not a folder")


@pytest.mark.parametrize("as_root", [False, True])
def test_read_only_folder_is_one_line_and_exit_2(tmp_path, world_file, monkeypatch, as_root):
    ro = tmp_path / "ro"
    ro.mkdir()
    if as_root:  # root may write anywhere: pretend the folder refuses, as it does for everyone else
        real_access = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: False if str(p) == str(ro) else real_access(p, mode))
    elif os.geteuid() == 0:
        pytest.skip("root can write into read-only folders (the as_root case covers the check)")
    ro.chmod(0o500)
    try:
        for args in (["graph", "--world", str(world_file)], ["bench", "run", "knp", "--data", str(tmp_path)]):
            result = CliRunner().invoke(cli, [*args, "--out", str(ro / "out")])
            _one_error_line(result, str(ro), "not writable")
    finally:
        ro.chmod(0o700)


def test_output_into_an_existing_folder_works(tmp_path, world_file):
    out = tmp_path / "g.json"
    result = CliRunner().invoke(cli, ["graph", "--world", str(world_file), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["nodes"]


def test_python_dash_m_worldstate():
    proc = subprocess.run(
        [sys.executable, "-m", "worldstate", "--help"], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0 and "Usage: worldstate" in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "worldstate", "no-such-command"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2


def test_rules_validate_builtin_prints_only_ok():
    from worldstate.reason.packs import builtin_pack_files

    for args in ([], [str(builtin_pack_files()[0])]):
        result = CliRunner().invoke(cli, ["rules", "validate", *args])
        assert result.exit_code == 0, result.output
        assert result.stdout == "ok\n" and result.stderr == ""


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["entities"][1].__setitem__("kind", "persn"), "entities[1].kind': 'persn' is not one of"),
        (lambda d: d["story"].pop("text"), "field 'story': missing required field 'text'"),
        (lambda d: d.__setitem__("entities", {}), "field 'entities': expected a list, got an object"),
        (lambda d: d["events"][0].__setitem__("span", [3]), "events[0].span': expected a span [start, end]"),
        (lambda d: d["events"][0].__setitem__("sentence", "x"), "events[0].sentence': expected an integer"),
        (lambda d: d["entities"][0].__setitem__("name", None), "entities[0].name': expected a string, got null"),
        (lambda d: d["entities"].__setitem__(0, [1]), "entities[0]': expected an object (Entity), got a list"),
    ],
)
def test_world_json_of_the_wrong_shape_names_the_field(tmp_path, edit, message):
    data = json.loads(to_json(viewer_world()))
    edit(data)
    with pytest.raises(SchemaError) as info:
        from_json(json.dumps(data))
    assert message in str(info.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["graph", "--world", str(path)])
    _one_error_line(result, str(path), message)
