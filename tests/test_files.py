import os
import stat

import pytest

from worldstate import files
from worldstate.errors import InputError, OutputError
from worldstate.files import atomic_write_text, read_story_file

STORY = "Il était une fois une reine très âgée. Elle dit à son fils: « Va-t'en ! » Café, crème, déjà vu.\n"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"\x00\x01\x02binary", "binary"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8, "binary"),
        (b"\x7fELF\x02\x01\x01" + bytes(range(0, 256, 3)) * 20, "binary"),
    ],
)
def test_bad_story_files(tmp_path, content, problem):
    path = tmp_path / "story.txt"
    path.write_bytes(content)
    with pytest.raises(InputError, match=problem) as info:
        read_story_file(path)
    assert str(path) in str(info.value)


def test_directory_and_missing(tmp_path):
    with pytest.raises(InputError, match="directory"):
        read_story_file(tmp_path)
    with pytest.raises(InputError, match="no such file"):
        read_story_file(tmp_path / "nope.txt")


def test_huge_file(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"word " * (21 * 1024 * 1024 // 5))
    with pytest.raises(InputError, match="larger than") as info:
        read_story_file(path)
    assert "22.0 MB (22,020,095 bytes)" in str(info.value)


def test_size_limit_message_states_the_real_size(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "MAX_STORY_BYTES", 1000)
    path = tmp_path / "big.txt"
    path.write_bytes(b"word " * 700)
    with pytest.raises(InputError, match=r"3,500 bytes\), larger than the 0\.0 MB limit \(1,000 bytes"):
        read_story_file(path)
    with pytest.raises(InputError, match="3,500 bytes"):
        files.decode_story_bytes(b"word " * 700, "x")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "latin-1", "cp1252", "utf-32"])
def test_other_encodings_are_read_as_text(tmp_path, encoding):
    path = tmp_path / "story.txt"
    text = STORY * 3 if encoding in {"latin-1", "cp1252"} else STORY
    if encoding == "utf-16-le":
        text = "Once upon a time there was a queen. " * 4  # no byte-order mark: detected
    path.write_bytes(text.encode(encoding))
    assert read_story_file(path) == text


def test_latin1_short_line_is_text(tmp_path):
    path = tmp_path / "story.txt"
    path.write_bytes(b"caf\xe9 au lait")
    assert read_story_file(path) == "café au lait"


def test_atomic_write_uses_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "a.txt", "x")
        os.umask(0o077)
        atomic_write_text(tmp_path / "b.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "b.txt").stat().st_mode) == 0o600
    (tmp_path / "a.txt").chmod(0o640)
    atomic_write_text(tmp_path / "a.txt", "y")  # replacing a file keeps its permissions
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o640


def test_atomic_write_failure_is_an_output_error(tmp_path, monkeypatch):
    def refuse(*_args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OutputError, match="cannot write: Permission denied"):
        atomic_write_text(tmp_path / "x.txt", "x")
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match="cannot write"):
        atomic_write_text(tmp_path / "file" / "x.txt", "x")


def test_atomic_write_leaves_no_temp(tmp_path):
    target = tmp_path / "out" / "x.json"
    atomic_write_text(target, "{}")
    assert target.read_text() == "{}"
    assert [p.name for p in target.parent.iterdir()] == ["x.json"]
