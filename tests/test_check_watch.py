"""``check --watch`` driven in-process (the wait between polls is a script of edits, no sleeping), and the
exit code ``check`` gives a commit hook: 1 only for findings shown by default that are not dismissed."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from worldstate.cli.check_watch import read_stories, run_watch
from worldstate.cli.main import cli
from worldstate.config import Settings
from worldstate.watch import Stamp, take_stamp, watch

OPENING = "Once there lived a miller named Hans and his daughter Greta. "
DIES = "One winter Hans fell ill, and after three days Hans died in his bed. "
BURIES = "Greta buried her father under the old oak and wept for many weeks. "
WALKS = "There Hans walked up to her stall and bought a loaf of bread."
GRINDS = "The next day Hans walked to the mill and ground the corn."
DEAD_ACTS = OPENING + DIES + BURIES + WALKS

HEAD = "The Project Gutenberg eBook of Tiny Tales\n\n*** START OF THE PROJECT GUTENBERG EBOOK TINY TALES ***\n\n\n"
END = "*** END OF THE PROJECT GUTENBERG EBOOK TINY TALES ***\n\nSection 1. General Terms of Use.\n"
MILLER = "THE MILLER\n\n\n" + OPENING + DIES + BURIES + "\n\n\n"
MARKET = "THE MARKET\n\n\nA boy named Otto lived by the sea. One morning Otto walked to the market.\n\n\n"


def script(*steps: Callable[[], object] | None) -> Callable[[], bool]:
    """A wait between polls that runs the next step (an edit, or None for a quiet poll) and stops after the
    last: the watch loop runs len(steps) polls."""
    todo = list(steps)

    def wait() -> bool:
        if not todo:
            return False
        step = todo.pop(0)
        if step is not None:
            step()
        return True

    return wait


def save(path: Path, text: str) -> Callable[[], None]:
    """An editor's save: new text, and a modification time surely later than the last one."""

    def write() -> None:
        before = path.stat().st_mtime_ns if path.exists() else 0
        path.write_text(text, encoding="utf-8")
        os.utime(path, ns=(before + 10**9, before + 10**9))

    return write


def runs_of(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def ids(items: object) -> list[str]:
    assert isinstance(items, list)
    return [item["id"] for item in items]


def test_the_loop_runs_on_a_change_and_waits_while_the_path_is_missing() -> None:
    stamps: list[Stamp | None] = [Stamp((("a", 1, 1),)), Stamp((("a", 1, 1),)), None, None, Stamp((("a", 2, 1),))]
    seen: list[str] = []
    looks = iter(stamps)
    runs = watch(lambda: next(looks), lambda: seen.append("run"), lambda: seen.append("gone"), script(*[None] * 4))
    assert seen == ["run", "gone", "run"] and runs == 2  # unchanged: no run; missing twice: said once


def test_a_stamp_changes_with_the_file(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_text("one", encoding="utf-8")
    first = take_stamp([path])
    save(path, "two")()
    assert take_stamp([path]) != first and take_stamp([path]) == take_stamp([path])
    assert take_stamp([tmp_path / "missing.txt"]).files == ()


def test_a_one_sentence_edit_shows_what_appeared_and_what_went_away(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")
    ignore = tmp_path / ".worldstate-ignore"
    steps = [
        save(story, "It was a hard year. " + DEAD_ACTS),  # a sentence above: every finding moves, none is new
        None,  # a quiet poll: no run
        save(story, "It was a hard year. " + OPENING + DIES + BURIES + GRINDS),  # the last sentence rewritten
        save(story, "It was a hard year. " + OPENING + DIES + BURIES + GRINDS),  # saved again unchanged
    ]
    runs = run_watch(story, ("continuity",), Settings.from_env(), None, as_json=True, wait=script(*steps))
    first, moved, rewritten, unchanged = runs_of(capsys.readouterr().out)
    assert runs == 4
    assert first["findings"] and ids(first["appeared"]) and first["analysed"] == 1
    assert "Hans walked up to her stall" in json.dumps(first["appeared"])
    assert moved["appeared"] == [] and moved["gone"] == [] and moved["analysed"] == 1
    assert ids(rewritten["gone"]) == ids(first["appeared"])
    assert rewritten["appeared"] and "Hans walked to the mill" in json.dumps(rewritten["appeared"])
    assert unchanged["analysed"] == 0 and unchanged["appeared"] == [] and unchanged["gone"] == []

    # dismissing a finding while watching takes it away at the next poll, with no new analysis
    new_ids = ids(rewritten["appeared"])
    dismiss = save(ignore, "".join(f"{i}  Hans sings as a ghost on purpose\n" for i in new_ids))
    run_watch(story, ("continuity",), Settings.from_env(), None, as_json=True, wait=script(dismiss))
    before, after = runs_of(capsys.readouterr().out)
    assert ids(before["appeared"]) == new_ids
    assert ids(after["gone"]) == new_ids and after["analysed"] == 0 and after["dismissed"] == len(new_ids)


def test_the_text_report_names_the_edit_and_ctrl_c_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    story = tmp_path / "story.txt"
    story.write_text(OPENING + DIES + BURIES, encoding="utf-8")

    def interrupt() -> None:
        raise KeyboardInterrupt

    steps = [save(story, DEAD_ACTS), None, interrupt]
    console = Console(width=300)
    runs = run_watch(story, ("continuity",), Settings.from_env(), None, wait=script(*steps), console=console)
    out = capsys.readouterr().out
    assert runs == 2
    first, second = out.split("checked in")[1:]
    assert "0 finding(s)" in first
    assert "+ appeared" in second and "Hans walked up to her stall" in second and "1 finding(s)" in second
    assert out.rstrip().endswith("stopped watching")


def test_a_deleted_file_is_waited_for_and_checked_when_it_is_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")
    steps = [story.unlink, None, save(story, OPENING + DIES + BURIES), save(story, "")]
    runs = run_watch(story, ("continuity",), Settings.from_env(), None, as_json=True, wait=script(*steps))
    lines = runs_of(capsys.readouterr().out)
    assert runs == 3
    assert [next(iter(line)) for line in lines] == ["time", "gone", "time", "error"]  # "gone" said once
    assert lines[1]["gone"] == str(story)
    assert ids(lines[2]["gone"]) == ids(lines[0]["appeared"]) and lines[2]["findings"] == 0
    assert "empty" in str(lines[3]["error"])  # a save that cannot be checked is said, and the watch goes on


def test_a_book_of_tales_is_split_again_and_only_the_changed_tale_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "tales.txt"
    book.write_text(HEAD + MILLER + MARKET + END, encoding="utf-8")
    assert [s.title for s in read_stories(book)[0]] == ["The Miller", "The Market"]
    flawed = MILLER.replace(BURIES, BURIES + WALKS)
    renamed = flawed.replace("THE MILLER", "THE GHOST OF THE MILLER")
    steps = [
        save(book, HEAD + flawed + MARKET + END),  # one tale edited
        save(book, HEAD + renamed + MARKET + END),  # its heading renamed: the same text, not analysed again
        save(book, HEAD + renamed + END),  # a tale removed
    ]
    run_watch(book, ("continuity",), Settings.from_env(), None, as_json=True, wait=script(*steps))
    first, edited, retitled, removed = runs_of(capsys.readouterr().out)
    assert first["analysed"] == 2 and first["stories"] == 2 and first["findings"] == 0
    assert edited["analysed"] == 1 and [a["story"] for a in edited["appeared"]] == ["The Miller"]
    assert retitled["stories_added"] == ["The Ghost Of The Miller"] and retitled["stories_removed"] == ["The Miller"]
    assert retitled["analysed"] == 0
    assert ids(retitled["appeared"]) == ids(edited["appeared"]) == ids(retitled["gone"])
    assert removed["stories_removed"] == ["The Market"] and removed["analysed"] == 0 and removed["stories"] == 1


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--world", "w.json"], "not a saved --world"),
        (["--task", "next-action", "--question", "Q?", "--option", "A", "--option", "B"], "story-only checks"),
    ],
)
def test_what_cannot_be_watched_is_a_clear_error(tmp_path: Path, extra: list[str], message: str) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")
    args = ["check", "--task", "continuity", "--watch", *extra]
    args = [*args, "--story", str(story)] if "--world" not in extra else args
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_the_gate_counts_only_shown_findings_that_are_not_dismissed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    story = tmp_path / "story.txt"
    story.write_text(DEAD_ACTS, encoding="utf-8")

    def check(*extra: str) -> tuple[int, list[dict[str, object]]]:
        result = CliRunner().invoke(cli, ["check", str(story), "--task", "all", "--json", *extra])
        answers = json.loads(result.stdout)["answers"].values()
        return result.exit_code, [f for answer in answers for f in answer["findings"]]

    _, every = check("--all")  # threshold 0 (conftest): every finding shown, each with its probability
    probabilities = sorted({float(f["probability"]) for f in every})  # type: ignore[arg-type]
    assert len(probabilities) >= 2, every
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", str((probabilities[0] + probabilities[-1]) / 2))
    code, found = check("--all")
    sure = [f for f in found if f["shown_by_default"]]
    unsure = [f for f in found if not f["shown_by_default"]]
    assert code == 1 and sure and unsure

    ignore = tmp_path / ".worldstate-ignore"
    ignore.write_text("".join(f"{f['id']}  intended\n" for f in unsure), encoding="utf-8")
    assert check()[0] == 1  # the unsure ones dismissed: the sure ones still fail the commit
    ignore.write_text("".join(f"{f['id']}  intended\n" for f in sure), encoding="utf-8")
    assert check()[0] == 0  # the sure ones dismissed: the unsure ones left never fail it ...
    code, left = check("--all")
    assert code == 0 and {f["id"] for f in left} == {f["id"] for f in unsure}  # ... even when listed


def test_a_folder_analyses_only_the_file_that_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "chapters"
    folder.mkdir()
    (folder / "one.txt").write_text(OPENING + DIES + BURIES, encoding="utf-8")
    (folder / "two.txt").write_text(
        "A boy named Otto lived by the sea. One morning Otto walked to the market.", "utf-8"
    )
    steps = [save(folder / "one.txt", DEAD_ACTS), save(folder / "three.txt", "A cat slept by the fire all day.")]
    run_watch(folder, ("continuity",), Settings.from_env(), None, as_json=True, wait=script(*steps))
    first, edited, added = runs_of(capsys.readouterr().out)
    assert first["analysed"] == 2 and first["findings"] == 0
    assert edited["analysed"] == 1 and [a["story"] for a in edited["appeared"]] == ["one"]
    assert added["analysed"] == 1 and added["stories_added"] == ["three"] and added["appeared"] == []
