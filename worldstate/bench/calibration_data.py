"""The labelled findings ``bench tune calibration`` fits on: every story-only head's findings on tuning texts.

Three groups of text:
- ``planted``: a story with one planted contradiction (FlawedFictions layout, ``cont_error`` 1); a finding
  is right when one of its sentences matches a gold line (``cont_error_lines`` or ``contradicted_lines``,
  the fuzzy match CEEval uses), else wrong;
- ``original``: the unedited story (``cont_error`` 0): every finding is wrong;
- ``clean``: published text (the ``bench timeline-alarms`` texts): every finding is wrong.

The heads' findings on a text do not depend on the calibration (it only hides findings), so they are cached
per text (keyed by the text and the package's files other than the calibration itself) and a run resumes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import worldstate
from worldstate.config import Settings

if TYPE_CHECKING:
    from worldstate.analysis import World

Progress = Callable[[Iterable[Any]], Iterable[Any]]


@dataclass(frozen=True)
class RawFinding:
    """One finding as the calibration needs it: its kind, the head's own confidence, its sentences (and what
    it says, for the clean-text listing of ``bench timeline-alarms --heads``)."""

    kind: str
    confidence: float
    sentences: tuple[str, ...]
    explanation: str = ""


@dataclass
class TuningText:
    """One tuning text: its group (planted, original, clean), size, gold lines and the heads' findings."""

    id: str
    group: str
    words: int
    gold: tuple[str, ...] = ()
    findings: list[RawFinding] = field(default_factory=list)

    def labelled(self) -> list[tuple[RawFinding, bool]]:
        """Each finding with whether it is right (only a planted story's finding can be)."""
        from worldstate.bench.metrics.textmatch import any_match

        return [(f, self.group == "planted" and any_match(list(f.sentences), list(self.gold))) for f in self.findings]


NOT_FINDING = ("bench", "cli", "view", "make")  # package folders that play no part in what the heads find
CALIBRATION_FILES = ("detect/calibration.py", "detect/data/finding_calibration.yaml")


@cache
def _code_digest() -> str:
    """sha256 (16 hex) of the files that decide the heads' findings: the package less the tools and the
    finding calibration (which hides findings, never finds them)."""
    from worldstate.bench.fingerprint import engine_files

    root = Path(worldstate.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in engine_files(root):
        rel = path.relative_to(root).as_posix()
        if rel not in CALIBRATION_FILES and not any(rel.startswith(f"{part}/") for part in NOT_FINDING):
            digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def raw_findings(world: World) -> list[RawFinding]:
    """Every story-only head's findings on ``world`` (shown or not), with their evidence sentences."""
    from worldstate.detect.calibration import kind_of
    from worldstate.detect.heads import run_story_heads

    out = []
    for answer in run_story_heads(world).values():
        for f in answer.findings:
            sentences = tuple(
                world.sentences[ev.sentence] if ev.sentence is not None and 0 <= ev.sentence < len(world) else ev.text
                for ev in f.evidence
            )
            out.append(RawFinding(kind_of(f), round(float(f.confidence), 4), sentences, f.explanation))
    return out


def _cached(text: str, cache_dir: Path, find: Callable[[], list[RawFinding]]) -> list[RawFinding]:
    key = hashlib.sha256((text + _code_digest()).encode("utf-8")).hexdigest()[:24]
    path = cache_dir / "findings" / f"{key}.json"
    if path.is_file():
        return [
            RawFinding(r["kind"], r["confidence"], tuple(r["sentences"]), r.get("explanation", ""))
            for r in json.loads(path.read_text("utf-8"))
        ]
    found = find()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([asdict(f) for f in found]), encoding="utf-8")
    return found


def planted_texts(data: Path, settings: Settings, cache_dir: Path, progress: Progress = iter) -> Iterator[TuningText]:
    """The stories of a FlawedFictions-layout file (planted and original), each with its heads' findings."""
    from worldstate.analysis import analyze
    from worldstate.bench.loaders import load_flawedfictions

    settings = replace(settings, llm_mode="off")
    for item in progress(load_flawedfictions(data)):
        story = str(item.inputs["story"])
        found = _cached(story, cache_dir, lambda s=story: raw_findings(analyze(s, settings, embed_early=True)))
        planted = bool(item.gold["has_error"])
        gold = tuple(item.gold["error_lines"] + item.gold["contradicted_lines"]) if planted else ()
        yield TuningText(item.id, "planted" if planted else "original", item.words, gold, found)


def clean_tuning_texts(
    litbank: Path | None, gutenberg: Path | None, cache_dir: Path, progress: Progress = iter
) -> Iterator[TuningText]:
    """The ``bench timeline-alarms`` clean texts, each with its heads' findings (world states cached too)."""
    from worldstate.bench.timeline_alarms import analysed, clean_texts

    for item in progress(list(clean_texts(litbank, gutenberg))):
        found = _cached(item.text, cache_dir, lambda it=item: raw_findings(analysed(it, cache_dir)))
        yield TuningText(item.id, "clean", item.words, (), found)
