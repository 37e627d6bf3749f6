"""``.worldstate-ignore``: findings a writer dismissed as intentional, by their stable id, each with a reason.

The file is found like a linter's ignore list: ``--ignore FILE`` when given, else ``.worldstate-ignore`` in
the story's folder, else in the current folder. One finding a line, its id (``worldstate check`` prints it;
the JSON has it as ``id``) then the reason::

    # finding id               why it stays
    death-3f2a9c01b4           the ghost walks again on purpose

``check``, ``view`` and ``bench run`` leave dismissed findings out and say how many they dismissed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldstate.errors import InputError
from worldstate.state import Finding

IGNORE_FILE = ".worldstate-ignore"


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
