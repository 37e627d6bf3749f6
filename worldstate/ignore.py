"""``.worldstate-ignore``: findings a writer dismissed as intentional, by their stable id, each with a reason.

The file is found like a linter's ignore list: ``--ignore FILE`` when given, else ``.worldstate-ignore`` in
the story's folder, else in the current folder. One finding a line, its id (``worldstate check`` prints it;
the JSON has it as ``id``) then the reason::

    # finding id               why it stays
    death-3f2a9c01b4           the ghost walks again on purpose

``check``, ``view`` and ``bench run`` leave dismissed findings out and say how many they dismissed.
``worldstate dismiss ID --reason TEXT`` adds a line (:func:`add_dismissals`), ``--undo`` takes it out again
(:func:`remove_dismissals`); the viewer's "dismiss" button shows the same line to add.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldstate.errors import InputError
from worldstate.files import atomic_write_text
from worldstate.state import Finding

IGNORE_FILE = ".worldstate-ignore"
FINDING_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{10}$")  # ``Finding.id``: kind, then a 10-hex digest


@dataclass
class IgnoreList:
    """The ids to dismiss and why; ``dismissed`` counts what was left out so far."""

    path: Path | None = None
    reasons: dict[str, str] = field(default_factory=dict)
    dismissed: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, path: str | Path) -> IgnoreList:
        """Parse an ignore file; a line without a reason is an InputError naming the line."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(str(path), f"cannot read the ignore file: {exc}") from None
        reasons: dict[str, str] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            finding_id, _, reason = line.strip().partition(" ")
            reason = reason.strip().lstrip("#:").strip()
            if not reason:
                raise InputError(str(path), f"give a reason after the finding id {finding_id!r}", number)
            reasons[finding_id] = reason
        return cls(path, reasons)

    def __bool__(self) -> bool:
        return self.path is not None

    def keep(self, findings: list[Finding]) -> list[Finding]:
        """The findings not dismissed (the dismissed ones are counted)."""
        kept = []
        for finding in findings:
            if finding.id in self.reasons:
                self.dismissed.append(finding.id)
            else:
                kept.append(finding)
        return kept

    def keep_dicts(self, findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """:meth:`keep` for findings in their JSON form (with ``id``)."""
        kept = [f for f in findings if f.get("id") not in self.reasons]
        self.dismissed.extend(str(f["id"]) for f in findings if f.get("id") in self.reasons)
        return kept

    def summary(self) -> dict[str, Any]:
        """What reports record: the file, how many findings were dismissed, and which (with the reason)."""
        return {
            "file": str(self.path) if self.path else None,
            "n": len(self.dismissed),
            "findings": [{"id": i, "reason": self.reasons[i]} for i in self.dismissed],
        }

    def line(self) -> str:
        """One line for a text report."""
        return f"{len(self.dismissed)} finding(s) dismissed by {self.path}"


def find_ignore_file(near: str | Path | None = None) -> Path | None:
    """``.worldstate-ignore`` in the folder of ``near`` (a story file or a data folder), else in the current one."""
    places = []
    if near and str(near) != "-":
        where = Path(near)
        places.append(where if where.is_dir() else where.parent)
    places.append(Path.cwd())
    for folder in places:
        candidate = folder / IGNORE_FILE
        if candidate.is_file():
            return candidate
    return None


def load_ignore(explicit: str | Path | None = None, near: str | Path | None = None) -> IgnoreList:
    """The ignore list in use: ``explicit`` (``--ignore FILE``, which must exist), else the one found near
    ``near`` or in the current folder, else an empty list."""
    if explicit:
        if not Path(explicit).is_file():
            raise InputError(str(explicit), "ignore file not found")
        return IgnoreList.read(explicit)
    found = find_ignore_file(near)
    return IgnoreList.read(found) if found else IgnoreList()


def ignore_file_for(explicit: str | Path | None, near: str | Path | None) -> Path:
    """Where a dismissal is written: ``explicit``, else the ``.worldstate-ignore`` that ``check`` would read
    near ``near`` (a story file or folder), else a new one beside it (in the current folder without ``near``)."""
    if explicit:
        return Path(explicit)
    found = find_ignore_file(near)
    if found:
        return found
    if near and str(near) != "-":
        where = Path(near)
        return (where if where.is_dir() else where.parent) / IGNORE_FILE
    return Path.cwd() / IGNORE_FILE


def _checked_ids(ids: list[str]) -> list[str]:
    bad = [i for i in ids if not FINDING_ID.match(i)]
    if bad:
        raise InputError(
            bad[0], "not a finding id (check prints it after 'id', e.g. text-dead-character-acts-45bad9fcde)"
        )
    return ids


def add_dismissals(path: Path, ids: list[str], reason: str) -> list[str]:
    """Add ``ids`` with ``reason`` to the ignore file at ``path`` (made when missing); the ids it added (one
    already listed keeps its reason). An InputError for a bad id or a reason that is empty or spans lines."""
    reason = reason.strip()
    if not reason or "\n" in reason:
        raise InputError("--reason", "give a one-line reason why the finding stays")
    _checked_ids(ids)
    listed = IgnoreList.read(path).reasons if path.exists() else {}
    new = [i for i in dict.fromkeys(ids) if i not in listed]
    if new:
        text = path.read_text(encoding="utf-8") if path.exists() else "# finding id  why it stays\n"
        text = text if not text or text.endswith("\n") else text + "\n"
        atomic_write_text(path, text + "".join(f"{i}  {reason}\n" for i in new))
    return new


def remove_dismissals(path: Path, ids: list[str]) -> list[str]:
    """Take ``ids`` out of the ignore file at ``path`` (comments and other lines kept); the ids it removed."""
    _checked_ids(ids)
    if not path.exists():
        return []
    IgnoreList.read(path)  # a broken file is reported, not rewritten
    removed: list[str] = []
    kept: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        first = line.strip().split(" ", 1)[0]
        if first in ids and not line.lstrip().startswith("#"):
            removed.append(first)
        else:
            kept.append(line)
    if removed:
        atomic_write_text(path, "".join(kept))
    return removed
