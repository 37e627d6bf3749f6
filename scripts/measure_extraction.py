"""Measure the extractor on development data (analysis only; gold fields are read for scoring only).

    python scripts/measure_extraction.py throughput            # words/s and peak memory, a ~9,000-word ConStory story
    python scripts/measure_extraction.py sample --out s.tsv    # 20 IKD stories → a sample of entities, pronoun
                                                               # links and knowledge records to hand-check
    python scripts/measure_extraction.py score s.tsv           # precision from the hand-filled 'correct' column
    python scripts/measure_extraction.py knp                   # how often KNP's implausible-knowledge sentence
                                                               # is inaccessible to the asked character

Data: ``../shared/data`` (or ``WORLDSTATE_SHARED_DATA``).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import resource
import sys
import time
from pathlib import Path

DATA = Path(os.environ.get("WORLDSTATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _analyze(text: str):
    from worldstate.analysis import analyze
    from worldstate.config import Settings

    return analyze(text, Settings.from_env()).state


def throughput(args: argparse.Namespace) -> None:
    import pandas as pd

    from worldstate.extract.models import get_embedder

    frame = pd.read_parquet(DATA / "constory" / "stories_gpt-4o-mini.parquet")
    stories = frame["generated_story"].fillna("")
    words = stories.str.split().str.len()
    pick = int((words - args.words).abs().idxmin())
    text = stories[pick]
    t0 = time.perf_counter()
    _analyze("Anna saw the old king. He said, “Go home.” She went to the castle.")  # load spaCy
    get_embedder().encode(["warm up"])  # load MiniLM
    load_s = time.perf_counter() - t0
    runs, cpu = [], []
    for _ in range(args.repeat):
        t1, c1 = time.perf_counter(), time.process_time()
        ws = _analyze(text)
        runs.append(time.perf_counter() - t1)
        cpu.append(time.process_time() - c1)
    n_words = len(text.split())
    best = min(runs)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "story": str(frame["id"][pick]),
                "words": n_words,
                "model_load_s": round(load_s, 2),
                "extract_s": [round(r, 2) for r in runs],
                "words_per_s": round(n_words / best),
                "words_per_s_first_run": round(n_words / runs[0]),
                "words_per_cpu_s_first_run": round(n_words / cpu[0]),
                "cpu_s": [round(c, 2) for c in cpu],
                "words_per_cpu_s": round(n_words / min(cpu)),
                "load_average_1m": round(os.getloadavg()[0], 1),
                "cpu_cores": os.cpu_count(),
                "peak_rss_mb": round(peak_mb),
                "sentences": len(ws.story.sentences),
                "entities": len(ws.entities),
                "events": len(ws.events),
                "propositions": len(ws.propositions),
                "speeches": len(ws.speeches),
                "knowledge": len(ws.knowledge),
                "scenes": len(ws.scenes),
                "timings": ws.metadata.get("timings_s"),
            },
            indent=1,
        )
    )


def _ikd_stories(n: int) -> list[tuple[str, str]]:
    files = sorted((DATA / "act_on_known" / "IKD" / "original").glob("*.json"))[:n]
    return [(f.stem, json.loads(f.read_text())["story"]) for f in files]


def sample(args: argparse.Namespace) -> None:
    """Write a random sample of extracted items with context for a person to mark correct (y/n)."""
    rng = random.Random(args.seed)
    rows: list[dict[str, str]] = []
    for name, text in _ikd_stories(args.stories):
        ws = _analyze(text)
        story = ws.story
        ents = [e for e in ws.entities if e.kind.value in ("character", "place", "group")]
        for ent in rng.sample(ents, min(args.per_story, len(ents))):
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
        for m in rng.sample(prons, min(args.per_story, len(prons))):
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
        for k in rng.sample(know, min(args.per_story, len(know))):
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
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["kind", "story", "item", "context", "correct"], delimiter="\t")
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {len(rows)} rows to {args.out}; fill the 'correct' column with y/n and run: score {args.out}")


def score(args: argparse.Namespace) -> None:
    with open(args.file, encoding="utf-8") as fh:
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
    print(json.dumps(out, indent=1))


def knp(args: argparse.Namespace) -> None:
    """Analysis only: the gold implausible-knowledge sentence is located after extraction."""
    from worldstate.extract import accessible
    from worldstate.extract.knowledge import find_character

    files = sorted((DATA / "act_on_known" / "KNP").glob("*.json"))[: args.limit or None]
    hit = total = other_blocked = other_total = missing = 0
    for f in files:
        item = json.loads(f.read_text())
        ws = _analyze(item["story"])
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
    print(
        json.dumps(
            {
                "items": len(files),
                "scored": total,
                "skipped (character or sentence not found)": missing,
                "gold_sentence_inaccessible": hit,
                "rate": round(hit / total, 3) if total else None,
                "other_sentences_inaccessible_rate": round(other_blocked / other_total, 3) if other_total else None,
            },
            indent=1,
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("throughput")
    p.add_argument("--words", type=int, default=9000)
    p.add_argument("--repeat", type=int, default=2)
    p.set_defaults(func=throughput)
    p = sub.add_parser("sample")
    p.add_argument("--stories", type=int, default=20)
    p.add_argument("--per-story", type=int, default=2)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", default="extraction_sample.tsv")
    p.set_defaults(func=sample)
    p = sub.add_parser("score")
    p.add_argument("file")
    p.set_defaults(func=score)
    p = sub.add_parser("knp")
    p.add_argument("--limit", type=int, default=0)
    p.set_defaults(func=knp)
    args = parser.parse_args()
    if not DATA.is_dir():
        sys.exit(f"development data not found at {DATA} (set WORLDSTATE_SHARED_DATA)")
    args.func(args)


if __name__ == "__main__":
    main()
