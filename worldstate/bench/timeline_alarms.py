"""False alarms of the timeline rules on clean text: every rule run (enabled or not) over the LitBank
development texts and the Gutenberg tales, counted per 10,000 words, each finding listed.

Clean published text has (nearly) no continuity errors, so every finding here is taken as a false
alarm; a rule is enabled in ``reason/timeline/rules.yaml`` only when its rate is at most 1 per 10,000.
Per-text results are cached (keyed by the text and the timeline code) so a run resumes.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import worldstate

if TYPE_CHECKING:
    from worldstate.analysis import World


@dataclass(frozen=True)
class CleanText:
    id: str
    text: str

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass(frozen=True)
class CleanCorpus:
    """Where the clean texts come from (either folder may be left out), the per-text cache and a cap."""

    litbank: Path | None
    gutenberg: Path | None
    cache: Path | None = None
    limit: int | None = None

    def texts(self) -> Iterator[CleanText]:
        """The clean texts in order, at most ``limit`` of them."""
        for n, item in enumerate(clean_texts(self.litbank, self.gutenberg)):
            if self.limit is not None and n >= self.limit:
                return
            yield item


def clean_texts(litbank: Path | None, gutenberg: Path | None) -> Iterator[CleanText]:
    """LitBank ``coref/brat/*.txt`` openings, then every tale of each Gutenberg collection."""
    if litbank is not None:
        for path in sorted((litbank / "coref" / "brat").glob("*.txt")):
            yield CleanText(f"litbank/{path.stem}", path.read_text(encoding="utf-8"))
    if gutenberg is not None:
        from worldstate.make.corpus import read_text_file

        for path in sorted(gutenberg.glob("*.txt")):
            for story in read_text_file(path):
                if story.words >= 50:
                    yield CleanText(f"gutenberg/{story.id}", story.text)


TIMELINE_PARTS = ("extract/timeline", "reason/timeline")  # what the rules' findings are read by
NOT_EXTRACTION = ("extract/timeline", "reason", "detect", "bench", "cli", "view", "make")  # no part of a world state


def _digest(parts: tuple[str, ...], *, inside: bool) -> str:
    """sha256 (16 hex digits) of the package files under ``parts`` (``inside``) or outside all of them."""
    from worldstate.bench.fingerprint import engine_files

    root = Path(worldstate.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in engine_files(root):
        rel = path.relative_to(root).as_posix()
        if any(rel.startswith(f"{part}/") for part in parts) == inside:
            digest.update(rel.encode("utf-8") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def _code_version() -> str:
    """A hash of the timeline extractor and rule checks, code and data files (not of which rules are
    enabled): the cached findings are stale when they change."""
    from worldstate.data import load_yaml

    digest = hashlib.sha256(_digest(TIMELINE_PARTS, inside=True).encode())
    rules = load_yaml("reason.timeline", "rules.yaml")["rules"]
    checked = [{k: v for k, v in r.items() if k not in ("enabled", "disabled_reason")} for r in rules]
    digest.update(json.dumps(checked, sort_keys=True).encode())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def _extractor_version() -> str:
    """A hash of what builds a world state (the package less the timeline, the reasoner, the heads and the
    tools): the cached world states are stale when it changes."""
    return _digest(NOT_EXTRACTION, inside=False)


def findings_of(item: CleanText, cache: Path | None) -> list[dict[str, object]]:
    """Every timeline rule's findings on one text (cached)."""
    key = hashlib.sha256((item.text + _code_version()).encode()).hexdigest()[:24]
    path = cache / f"{key}.json" if cache is not None else None
    if path is not None and path.is_file():
        return json.loads(path.read_text(encoding="utf-8"))
    from worldstate.reason.timeline import check_timeline

    world = analysed(item, cache)
    rows: list[dict[str, object]] = [
        {
            "rule": f.rule,
            "explanation": f.explanation,
            "evidence": [[(e.sentence or 0) + 1, e.text] for e in f.evidence],
        }
        for f in check_timeline(world, all_rules=True)
    ]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(rows), encoding="utf-8")
    return rows


def analysed(item: CleanText, cache: Path | None) -> World:
    """The text's World; its world state kept in ``<cache>/worlds`` (keyed by the text and the extractor's
    files, not the timeline's), so a change of the timeline code re-reads timelines without re-running the
    extractor."""
    from worldstate.analysis import World, analyze
    from worldstate.state.serialize import from_json, to_json

    key = hashlib.sha256((item.text + _extractor_version()).encode()).hexdigest()[:24]
    path = cache / "worlds" / f"{key}.json" if cache is not None else None
    if path is not None and path.is_file():
        return World.of_state(from_json(path.read_text(encoding="utf-8")))
    world = analyze(item.text, source=item.id)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(to_json(world.state, indent=None), encoding="utf-8")
    return world


def measure(corpus: CleanCorpus, echo: Callable[[str], None]) -> dict[str, object]:
    """Run every rule over the clean texts; print each finding; return the per-rule rates."""
    words, texts = 0, 0
    per_rule: Counter[str] = Counter()
    for item in corpus.texts():
        rows = findings_of(item, corpus.cache)
        words += item.words
        texts += 1
        for row in rows:
            per_rule[str(row["rule"])] += 1
            shown = "; ".join(f"s{s}: {t!r}" for s, t in row["evidence"])  # type: ignore[misc, union-attr]
            echo(f"{item.id}  {row['rule']}  {row['explanation']}  [{shown}]")
    from worldstate.reason.timeline import load_rules

    rates = {}
    for rule in load_rules():
        if rule.check == "none":
            continue
        count = per_rule.get(rule.id, 0)
        rates[rule.id] = {"findings": count, "per_10k_words": round(count * 10000 / max(words, 1), 3)}
    return {"texts": texts, "words": words, "rules": rates}
