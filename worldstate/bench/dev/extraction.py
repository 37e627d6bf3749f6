"""Hand-checks of the extractor on development data (gold fields are read for scoring only).

- :func:`sample`: entities, pronoun links and knowledge records of a few IKD stories, with context, to mark y/n;
- :func:`score`: precision per kind from the marked sample;
- :func:`knp_access`: how often KNP's implausible-knowledge sentence is inaccessible to the asked character.

Throughput is measured by ``worldstate bench perf``.
"""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path
from typing import Any

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.query import accessible, find_character

SAMPLE_COLUMNS = ["kind", "story", "item", "context", "correct"]


def ikd_stories(data: Path, n: int) -> list[tuple[str, str]]:
    """The first ``n`` IKD original stories (name, text)."""
    files = sorted((data / "act_on_known" / "IKD" / "original").glob("*.json"))[:n]
    return [(f.stem, json.loads(f.read_text())["story"]) for f in files]


def sample(
    data: Path, settings: Settings, *, stories: int = 20, per_story: int = 2, seed: int = 7
) -> list[dict[str, str]]:
    """A random sample of extracted items with context, for a person to mark correct (y/n)."""
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    for name, text in ikd_stories(data, stories):
        ws = analyze(text, settings).state
        story = ws.story
        ents = [e for e in ws.entities if e.kind.value in ("character", "place", "group")]
        for ent in rng.sample(ents, min(per_story, len(ents))):
            rows.append(
                {
                    "kind": "entity",
                    "story": name,
                    "item": f"{ent.kind.value}: {ent.name} | aliases: "
                    f"{'; '.join(ent.aliases[:4])} | mentions {len(ent.mentions)}",
                    "context": "",
                    "correct": "",
                }
            )
        prons = [m for m in ws.mentions if m.kind.value == "pronoun" and m.entity]
        for m in rng.sample(prons, min(per_story, len(prons))):
            ctx = (
                story.text[max(0, m.span.start - 160) : m.span.start]
                + "[["
                + m.text
                + "]]"
                + story.text[m.span.end : m.span.end + 40]
            )
            rows.append(
                {
                    "kind": "coref",
                    "story": name,
                    "item": f"{m.text} -> {ws.display_name(m.entity)}",
                    "context": " ".join(ctx.split()),
                    "correct": "",
                }
            )
        know = [k for k in ws.knowledge if k.channel.value != "narrator-only"]
        for k in rng.sample(know, min(per_story, len(know))):
            prop = ws.proposition(k.proposition)
            ctx = story.sentence_text(prop.sentence)
            via = f" from {ws.display_name(k.source_character)}" if k.source_character else ""
            rows.append(
                {
                    "kind": "knowledge",
                    "story": name,
                    "item": f"{ws.display_name(k.character)} {k.channel.value}{via}: {story.span_text(prop.span)}",
                    "context": " ".join(ctx.split()),
                    "correct": "",
                }
            )
    return rows


def write_sample(rows: list[dict[str, str]], out: Path) -> None:
    """The sample as a TSV with an empty ``correct`` column."""
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=SAMPLE_COLUMNS, delimiter="\t")
        writer.writeheader()
        writer.writerows(rows)


def score(path: Path) -> dict[str, dict[str, Any]]:
    """Precision per kind from a hand-filled sample (rows whose ``correct`` is y or n)."""
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    out = {}
    for kind in sorted({r["kind"] for r in rows}):
        marked = [r for r in rows if r["kind"] == kind and r["correct"].strip().lower() in ("y", "n")]
        good = sum(r["correct"].strip().lower() == "y" for r in marked)
        out[kind] = {
            "checked": len(marked),
            "correct": good,
            "precision": round(good / len(marked), 3) if marked else None,
        }
    return out


def knp_access(data: Path, settings: Settings, limit: int = 0) -> dict[str, Any]:
    """How often KNP's implausible-knowledge sentence is inaccessible to the asked character (analysis only:
    the gold sentence is located after extraction)."""
    files = sorted((data / "act_on_known" / "KNP").glob("*.json"))[: limit or None]
    hit = total = other_blocked = other_total = missing = 0
    for f in files:
        item = json.loads(f.read_text())
        ws = analyze(item["story"], settings).state
        character = find_character(ws, item["character"])
        gold = ws.story.find(item["implausible_knowledge"].strip())
        if character is None or gold is None:
            missing += 1
            continue
        sent = ws.story.sentence_at(gold.start)
        last = len(ws.story.sentences) - 1
        total += 1
        hit += not accessible(ws, character, sent, by=last)
        for s in range(len(ws.story.sentences) - 1):  # control: every other sentence but the last (the question)
            if s != sent:
                other_total += 1
                other_blocked += not accessible(ws, character, s, by=last)
    return {
        "items": len(files),
        "scored": total,
        "skipped (character or sentence not found)": missing,
        "gold_sentence_inaccessible": hit,
        "rate": round(hit / total, 3) if total else None,
        "other_sentences_inaccessible_rate": round(other_blocked / other_total, 3) if other_total else None,
    }
