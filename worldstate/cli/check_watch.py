"""``worldstate check STORY --watch``: check again on every save and say what appeared and what went away.

One process keeps running, so the models stay loaded and the embedder keeps the vectors of the sentences it
has seen. A story (or each story of a book of tales or a folder) is analysed again only when its text
changed; the others keep their findings. Findings are compared by their id (the check that fired and the
words it quotes, never the sentence number), so an edit above a finding does not make it "new".

A watched file that is deleted or renamed away is reported and waited for: most editors save by writing a
new file and renaming it over the old one, and the check runs again as soon as the file is back. A save that
cannot be read (an empty file, a bad ignore list) is reported and the previous findings stay the baseline.
Ctrl-C stops watching (exit code 0).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from worldstate.analysis import analyze
from worldstate.cli.check_findings import render_finding, run_task, settle
from worldstate.collection import read_collection, splits_into_stories
from worldstate.config import Settings
from worldstate.detect.calibration import Calibration, load_calibration
from worldstate.errors import InputError, WorldstateError
from worldstate.files import read_story_file
from worldstate.ignore import find_ignore_file, load_ignore
from worldstate.make.corpus import story_files
from worldstate.state import Finding
from worldstate.state.serialize import to_dict
from worldstate.watch import Stamp, sleeper, take_stamp, watch


@dataclass
class StoryText:
    """One story as the watch reads it: a key stable across saves (the tale's id, or the file's name)."""

    key: str
    title: str
    text: str
    where: str


def read_stories(path: Path) -> tuple[list[StoryText], list[str]]:
    """The stories in ``path`` now (a book of tales split at its headings again, a folder file by file, else
    the one story), and the files or tales that could not be read."""
    if not path.is_dir() and not splits_into_stories(path):
        text = read_story_file(str(path))
        return [StoryText(path.name, path.name, text, str(path))], []
    run = read_collection(path)
    stories = [StoryText(s.id, s.title, s.text, f"{s.origin}#{s.id}") for s in run.stories]
    return stories, [f"{f.source}: {f.reason}" for f in run.failed]


class Checker:
    """Runs the heads on a story's text, once per distinct text: a story whose text did not change since the
    last run keeps its findings without a new analysis."""

    def __init__(self, tasks: tuple[str, ...], settings: Settings) -> None:
        self.tasks = tasks
        self.settings = settings
        self.analysed = 0  # analyses run so far (a test counts them)
        self._cache: dict[str, list[Finding]] = {}

    def findings(self, story: StoryText) -> tuple[list[Finding], bool]:
        """Every finding of the story (sure and unsure, none dismissed yet), and whether it was analysed now."""
        digest = hashlib.sha1(story.text.encode("utf-8")).hexdigest()
        if digest in self._cache:
            return self._cache[digest], False
        embed = any(t in ("knowledge", "next-action") for t in self.tasks)
        world = analyze(story.text, self.settings, source=story.where, embed_early=embed)
        answers = {name: run_task(name, world) for name in self.tasks}
        settle(answers)
        unique = {f.id: f for answer in answers.values() for f in answer.findings}
        self._cache[digest] = list(unique.values())
        self.analysed += 1
        return self._cache[digest], True

    def forget_all_but(self, texts: list[str]) -> None:
        """Drop the findings of texts no story has any more (so a long session does not grow)."""
        keep = {hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts}
        self._cache = {d: f for d, f in self._cache.items() if d in keep}


@dataclass
class Snapshot:
    """What one run shows: per story key, its title and its findings by id."""

    titles: dict[str, str] = field(default_factory=dict)
    findings: dict[str, dict[str, Finding]] = field(default_factory=dict)

    def count(self) -> int:
        return sum(len(f) for f in self.findings.values())


@dataclass
class Change:
    """What differs between two runs."""

    added: list[str] = field(default_factory=list)  # titles of stories that are new
    removed: list[str] = field(default_factory=list)  # titles of stories no longer there
    appeared: list[tuple[str, Finding]] = field(default_factory=list)  # (story title, finding)
    gone: list[tuple[str, Finding]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.appeared or self.gone)


def compare(before: Snapshot, after: Snapshot) -> Change:
    """The stories added and removed, and the findings that appeared and went away (by id, story by story)."""
    change = Change(
        added=[after.titles[k] for k in after.titles if k not in before.titles],
        removed=[before.titles[k] for k in before.titles if k not in after.titles],
    )
    for key in {**before.titles, **after.titles}:
        old, new = before.findings.get(key, {}), after.findings.get(key, {})
        title = after.titles.get(key) or before.titles[key]
        change.appeared += [(title, f) for i, f in new.items() if i not in old]
        change.gone += [(title, f) for i, f in old.items() if i not in new]
    return change


@dataclass
class Run:
    """One run's outcome, for the report."""

    snapshot: Snapshot
    change: Change
    analysed: int
    stories: int
    seconds: float
    hidden: int = 0
    dismissed: int = 0
    problems: list[str] = field(default_factory=list)


class CheckWatch:
    """The state kept between runs: the checker (with its findings per text) and the last snapshot."""

    def __init__(
        self, path: Path, tasks: tuple[str, ...], settings: Settings, ignore_file: str | None, show_all: bool
    ) -> None:
        self.path = path
        self.ignore_file = ignore_file
        self.show_all = show_all
        self.checker = Checker(tasks, settings)
        self.last = Snapshot()
        self.runs = 0

    def watched_files(self) -> list[Path]:
        """The files whose change starts a run: the story (or the folder's story files) and the ignore list."""
        files = story_files(self.path) if self.path.is_dir() else [self.path]
        ignore = Path(self.ignore_file) if self.ignore_file else find_ignore_file(self.path)
        return files + ([ignore] if ignore else [])

    def look(self) -> Stamp | None:
        """The stamp of the watched files, None while the story (or folder) is missing."""
        return take_stamp(self.watched_files()) if self.path.exists() else None

    def run(self) -> Run:
        """Read the stories again, analyse those whose text changed, and compare with the last run."""
        started = time.perf_counter()
        ignore = load_ignore(self.ignore_file, self.path)  # read each time: a dismissal applies at once
        stories, problems = read_stories(self.path)
        if not stories and not problems:
            raise InputError(str(self.path), "holds no story now")
        snapshot, analysed, hidden = Snapshot(), 0, 0
        for story in stories:
            try:
                found, fresh = self.checker.findings(story)
            except WorldstateError as exc:  # said; its last findings stay the baseline
                problems.append(f"{story.where}: {exc}")
                if story.key in self.last.titles:
                    snapshot.titles[story.key] = self.last.titles[story.key]
                    snapshot.findings[story.key] = self.last.findings[story.key]
                continue
            analysed += fresh
            kept = ignore.keep(found)
            shown = kept if self.show_all else [f for f in kept if f.shown_by_default]
            hidden += len(kept) - len(shown)
            snapshot.titles[story.key] = story.title
            snapshot.findings[story.key] = {f.id: f for f in shown}
        self.checker.forget_all_but([s.text for s in stories])
        change = compare(self.last, snapshot)
        self.last, self.runs = snapshot, self.runs + 1
        seconds = time.perf_counter() - started
        return Run(snapshot, change, analysed, len(stories), seconds, hidden, len(ignore.dismissed), problems)


def render_run(console: Console, run: Run, first: bool, calibration: Calibration | None = None) -> None:
    """The text report of one run: on the first, every finding; afterwards what appeared and what went away."""
    stamp = time.strftime("%H:%M:%S")
    analysed = f"{run.analysed} of {run.stories} stories analysed" if run.stories > 1 else "analysed"
    if not run.analysed:
        analysed = "text unchanged, nothing analysed"
    console.rule(f"[bold]{stamp}[/bold] checked in {run.seconds:.1f} s ({analysed})")
    if not first:
        for title in run.change.added:
            console.print(f"[green]story added:[/green] {escape(title)}")
        for title in run.change.removed:
            console.print(f"[red]story removed:[/red] {escape(title)}")
    several = len(run.snapshot.titles) > 1
    label = "" if first else "[green]+ appeared[/green] "
    for number, (title, finding) in enumerate(run.change.appeared, 1):
        if several:
            console.print(f"[dim]{escape(title)}[/dim]")
        console.print(label, end="")
        render_finding(console, number, finding, calibration)
    for title, finding in run.change.gone:
        where = f"{escape(title)}: " if several else ""
        quote = f" “{escape(finding.evidence[0].text)}”" if finding.evidence else ""
        kind = finding.category + (f"/{finding.subtype}" if finding.subtype else "")
        console.print(f"[red]- gone[/red] {where}{escape(kind)}{quote}  [dim]id {finding.id}[/dim]")
    if not first and not run.change:
        console.print("no change in the findings")
    for problem in run.problems:
        console.print(f"[red]could not check:[/red] {escape(problem)}")
    extra = f", {run.hidden} unsure not shown (--all)" if run.hidden else ""
    extra += f", {run.dismissed} dismissed" if run.dismissed else ""
    console.print(f"[bold]{run.snapshot.count()} finding(s)[/bold]{extra}   [dim]watching; Ctrl-C to stop[/dim]")


def run_payload(run: Run) -> dict[str, Any]:
    """One run as one JSON line: what appeared and went away, with the totals."""

    def item(title: str, finding: Finding) -> dict[str, Any]:
        return {"story": title, **to_dict(finding)}

    return {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "seconds": round(run.seconds, 3),
        "analysed": run.analysed,
        "stories": run.stories,
        "stories_added": run.change.added,
        "stories_removed": run.change.removed,
        "appeared": [item(t, f) for t, f in run.change.appeared],
        "gone": [item(t, f) for t, f in run.change.gone],
        "findings": run.snapshot.count(),
        "unsure_hidden": run.hidden,
        "dismissed": run.dismissed,
        "problems": run.problems,
    }


def run_watch(
    path: Path,
    tasks: tuple[str, ...],
    settings: Settings,
    ignore_file: str | None,
    *,
    as_json: bool = False,
    show_all: bool = False,
    wait: Callable[[], bool] | None = None,
    console: Console | None = None,
) -> int:
    """Watch ``path`` and report each run (text, or one JSON object a line) until ``wait`` says stop or
    Ctrl-C; how many runs there were."""
    session = CheckWatch(path, tasks, settings, ignore_file, show_all)
    console = console or Console()
    calibration = load_calibration(settings)

    def changed() -> None:
        try:
            run = session.run()
        except WorldstateError as exc:
            message = f"{exc}; the last findings stay, waiting for the next save"
            _say(console, as_json, {"error": str(exc)}, f"[red]error:[/red] {escape(message)}")
            return
        if as_json:
            print(json.dumps(run_payload(run), ensure_ascii=False), flush=True)
        else:
            render_run(console, run, session.runs == 1, calibration)

    def gone() -> None:
        text = f"{path} is gone (deleted or renamed): waiting for it to come back; Ctrl-C to stop"
        _say(console, as_json, {"gone": str(path)}, f"[yellow]{escape(text)}[/yellow]")

    try:
        return watch(session.look, changed, gone, wait or sleeper())
    except KeyboardInterrupt:
        if not as_json:
            console.print("stopped watching")
        return session.runs


def _say(console: Console, as_json: bool, payload: dict[str, str], text: str) -> None:
    if as_json:
        print(json.dumps(payload, ensure_ascii=False), flush=True)
    else:
        console.print(text)
    sys.stdout.flush()
