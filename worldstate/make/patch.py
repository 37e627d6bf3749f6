"""Patching: original Act 1 + the edited Acts 2–3, with the spans of the changed sentences."""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.make.edits import Replacement
from worldstate.state import Span, Story


@dataclass(frozen=True)
class Patched:
    text: str
    changed: list[tuple[int, Span]]  # (original sentence index, its span in the patched text)

    def changed_lines(self) -> list[str]:
        return [self.text[s.start : s.end] for _, s in self.changed]


def apply_edits(story: Story, edits: list[Replacement]) -> Patched:
    """Apply non-overlapping ``edits`` to ``story.text``; edits that overlap an earlier one are skipped."""
    pieces: list[str] = []
    pos = 0
    applied: list[Replacement] = []
    for edit in sorted(edits, key=lambda r: r.span.start):
        if edit.span.start < pos:
            continue
        pieces.append(story.text[pos : edit.span.start])
        pieces.append(edit.new)
        pos = edit.span.end
        applied.append(edit)
    pieces.append(story.text[pos:])
    text = "".join(pieces)

    def shift(offset: int) -> int:
        return offset + sum(len(e.new) - len(e.span) for e in applied if e.span.end <= offset)

    changed_sentences = sorted({e.sentence for e in applied if story.text[e.span.start : e.span.end] != e.new})
    changed = []
    for i in changed_sentences:
        span = story.sentences[i].span
        changed.append((i, Span(shift(span.start), shift(span.end))))
    return Patched(text, changed)
