"""The one count of findings the viewer gives everywhere it counts them."""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.state import Finding


@dataclass(frozen=True)
class FindingCount:
    """The one count of findings every place shows (page header, findings list, ``view``'s report, a
    collection's index): those shown by default and the unsure ones (below the calibrated threshold)."""

    shown: int
    unsure: int

    @classmethod
    def of(cls, findings: list[Finding]) -> FindingCount:
        shown = sum(1 for f in findings if f.shown_by_default)
        return cls(shown, len(findings) - shown)

    @property
    def short(self) -> str:
        """``"2"``, or ``"2 shown, 1 unsure"`` where there are unsure findings."""
        return f"{self.shown} shown, {self.unsure} unsure" if self.unsure else str(self.shown)

    @property
    def text(self) -> str:
        """``"1 finding"``, ``"2 findings"``, or ``"2 findings shown, 1 unsure"``."""
        noun = "finding" if self.shown == 1 and not self.unsure else "findings"
        return f"{self.shown} {noun}" + (f" shown, {self.unsure} unsure" if self.unsure else "")
