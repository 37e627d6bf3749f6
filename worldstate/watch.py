"""Watch files for changes by polling: no dependency, the same on every system and file system.

A :class:`Stamp` records each watched file's modification time and size; the loop in :func:`watch` compares
stamps at a small interval and calls back when they differ (the caller then compares the text itself, so a
save that changes nothing re-analyses nothing). The wait between polls is a function, so tests drive the
loop for a few iterations without sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

POLL_SECONDS = 0.3
"""How often the files are looked at: short against any analysis, long enough to cost no CPU to speak of."""


@dataclass(frozen=True)
class Stamp:
    """What the watched files look like now: (path, modification time in ns, size) for each."""

    files: tuple[tuple[str, int, int], ...]


def take_stamp(paths: Iterable[Path]) -> Stamp:
    """The stamp of ``paths`` (a file that vanished between listing and looking is left out)."""
    files = []
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        files.append((str(path), info.st_mtime_ns, info.st_size))
    return Stamp(tuple(files))


def sleeper(seconds: float = POLL_SECONDS) -> Callable[[], bool]:
    """The wait between two polls: sleep ``seconds``, then go on (Ctrl-C ends the loop from the caller)."""

    def wait() -> bool:
        time.sleep(seconds)
        return True

    return wait


def watch(
    look: Callable[[], Stamp | None],
    changed: Callable[[], None],
    gone: Callable[[], None],
    wait: Callable[[], bool],
) -> int:
    """Call ``changed`` once, then each time ``look()`` gives a different stamp, until ``wait()`` says stop.

    ``look`` gives None while the watched path is missing (deleted, or renamed away): ``gone`` is called once
    and the loop keeps waiting; when the path is back, ``changed`` is called. The stamp is taken before each
    call of ``changed``, so a save during a check is seen at the next poll. Returns how many times
    ``changed`` ran.
    """
    last = look()
    missing = last is None
    if missing:
        gone()
    else:
        changed()
    runs = 0 if missing else 1
    while wait():
        now = look()
        if now is None:
            if not missing:
                missing = True
                gone()
            continue
        if now != last or missing:
            last, missing = now, False
            changed()
            runs += 1
    return runs
