import pytest

from worldstate.errors import InputError
from worldstate.files import atomic_write_text, read_story_file


@pytest.mark.parametrize(
    ("content", "problem"),
    [(b"", "empty"), (b"   \n", "empty"), (b"\x00\x01\x02binary", "binary"), (b"caf\xe9 au lait", "not UTF-8")],
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
    with pytest.raises(InputError, match="larger than"):
        read_story_file(path)


def test_atomic_write_leaves_no_temp(tmp_path):
    target = tmp_path / "out" / "x.json"
    atomic_write_text(target, "{}")
    assert target.read_text() == "{}"
    assert [p.name for p in target.parent.iterdir()] == ["x.json"]
