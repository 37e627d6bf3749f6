"""More than one story: a folder of story files, or a file holding a collection (a Gutenberg book of tales),
split into stories at their headings and analysed one by one.

Each story is its own analysis (:func:`worldstate.analyze`), so characters never merge across stories. A run
over many files goes on past a bad file or story and lists it at the end (:class:`CollectionRun.failed`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldstate.config import Settings
from worldstate.errors import WorldstateError
from worldstate.make.corpus import SourceStory, read_source, story_files, unique_ids

if TYPE_CHECKING:
    from worldstate.analysis import World

INDEX = "index.json"


@dataclass
class Failed:
    """A file or story that could not be read or analysed, and why."""

    source: str
    reason: str


@dataclass
class CollectionRun:
    """What a run over a collection found: the stories, what each result was written to, and the failures."""

    stories: list[SourceStory] = field(default_factory=list)
    written: list[dict[str, Any]] = field(default_factory=list)
    failed: list[Failed] = field(default_factory=list)

    def index(self) -> dict[str, Any]:
        """The run's ``index.json``: one row per story written, and the failures."""
        return {"stories": self.written, "failed": [{"source": f.source, "reason": f.reason} for f in self.failed]}


def read_collection(path: Path) -> CollectionRun:
    """The stories in ``path`` (a folder of story files, or one file), each file read on its own: a file that
    cannot be read is listed as failed and the others are read."""
    run = CollectionRun()
    for file in story_files(path) if path.is_dir() else [path]:
        try:
            run.stories.extend(read_source(file))
        except WorldstateError as exc:
            run.failed.append(Failed(str(file), str(exc)))
    run.stories = unique_ids(run.stories)
    return run


def is_collection(path: Path) -> bool:
    """Whether ``path`` holds more than one story: a folder, or a file that splits into several stories."""
    if path.is_dir():
        return True
    if path.suffix.lower() not in (".txt", ".parquet") or not path.is_file():
        return False
    try:
        return len(read_source(path)) > 1
    except WorldstateError:  # not a collection: the single-story path reports the problem
        return False


def splits_into_stories(path: Path) -> bool:
    """Whether the heads should read ``path`` story by story: a collection, or a Project Gutenberg file (even
    one holding a single tale: its header and licence are no part of the story)."""
    if is_collection(path):
        return True
    if path.suffix.lower() != ".txt" or not path.is_file():
        return False
    from worldstate.files import read_story_file
    from worldstate.make.corpus import gutenberg_body

    try:
        return gutenberg_body(read_story_file(path)) is not None
    except WorldstateError:
        return False


def analyze_collection(
    run: CollectionRun,
    settings: Settings,
    write: Callable[[SourceStory, World], Path],
    progress: Callable[[Iterable[SourceStory]], Iterable[SourceStory]] = iter,
) -> CollectionRun:
    """Analyse every story of ``run`` on its own and ``write`` its result (from the analysed World: its world
    state, or its parse for the BookNLP files); a story that fails is listed."""
    from worldstate.analysis import analyze

    for story in progress(run.stories):
        try:
            world = analyze(story.text, settings, source=f"{story.origin}#{story.id}")
            target = write(story, world)
        except WorldstateError as exc:
            run.failed.append(Failed(f"{story.origin}#{story.id}", str(exc)))
            continue
        characters = len(world.state.characters())
        row = {"id": story.id, "title": story.title, "origin": story.origin, "words": story.words}
        run.written.append({**row, "characters": characters, "file": target.name})
    return run
