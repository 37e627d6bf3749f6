"""Three-act split (Setup, Confrontation, Resolution) at sentence boundaries, snapped to paragraphs."""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.state import Story

ACT1_SHARE = 0.25  # Setup: the first quarter of the words
ACT2_SHARE = 0.75  # Confrontation ends at three quarters; the rest is the Resolution
SNAP_WINDOW = 0.08  # move a cut to a paragraph break within this share of the words


@dataclass(frozen=True)
class Acts:
    """First sentence index of Acts 2 and 3 (Act 1 starts at 0)."""

    act2: int
    act3: int
    n_sentences: int

    def act_of(self, sentence: int) -> int:
        return 1 if sentence < self.act2 else 2 if sentence < self.act3 else 3

    @property
    def later(self) -> range:
        """Sentence indices of Acts 2 and 3."""
        return range(self.act2, self.n_sentences)


def split_acts(story: Story) -> Acts:
    """Cut ``story`` into three acts by word share, preferring cuts at paragraph starts."""
    n = len(story.sentences)
    if n < 3:
        return Acts(min(1, n), min(2, n), n)
    words = [len(story.sentence_text(i).split()) for i in range(n)]
    total = sum(words) or 1
    cumulative = []
    running = 0
    for w in words:
        cumulative.append(running / total)  # share of words before sentence i
        running += w
    para_starts = {i for i in range(1, n) if story.sentences[i].paragraph != story.sentences[i - 1].paragraph}

    def cut(share: float, lowest: int) -> int:
        best = min(range(lowest, n), key=lambda i: abs(cumulative[i] - share))
        near = [i for i in para_starts if i >= lowest and abs(cumulative[i] - share) <= SNAP_WINDOW]
        return min(near, key=lambda i: abs(cumulative[i] - share)) if near else best

    act2 = max(1, cut(ACT1_SHARE, 1))
    act3 = max(act2 + 1, cut(ACT2_SHARE, act2 + 1)) if act2 + 1 < n else n
    return Acts(act2, min(act3, n), n)
