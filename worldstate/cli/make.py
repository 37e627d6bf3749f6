"""``worldstate make-flawed``: synthesise continuity errors into stories (FlawedFictionsMaker)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import click

from worldstate.cli.common import choice_option, llm_options, model_options
from worldstate.config import Settings
from worldstate.errors import ConfigError


@click.command("make-flawed")
@click.argument("source", type=click.Path())
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Output folder.")
@choice_option(
    "--mode",
    ["flawed", "constory"],
    "flawed: FlawedFictions items; constory: plant one error of each of the 19 ConStory subtypes.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed (same seed, same set).")
@click.option("--limit", type=int, default=0, help="Use at most this many stories (a seeded sample; 0 = all).")
@click.option("--min-words", type=int, default=150, show_default=True, help="Skip shorter stories.")
@click.option("--max-words", type=int, default=5000, show_default=True, help="Skip longer stories (0 = no limit).")
@click.option("--per-story", type=int, default=1, show_default=True, help="Items kept per story.")
@click.option("--max-candidates", type=int, default=4, show_default=True, help="Candidates judged per story at most.")
@click.option("--with-negatives", is_flag=True, help="Also write the unmodified originals as negatives.")
@choice_option(
    "--judge",
    ["engine", "none"],
    "engine: detect_continuity must find the error in ≥ 4 of 5 samples; none: write the unfiltered set only.",
    dest="judge_name",
)
@click.option("--judge-samples", type=int, default=5, show_default=True, help="Judge samples per candidate.")
@click.option("--judge-need", type=int, default=4, show_default=True, help="Samples that must find the error.")
@click.option("--world-state", "use_world_state", is_flag=True, help="Score facts on the extractor's world state.")
@click.option("--per-subtype", type=int, default=1, show_default=True, help="constory mode: errors per subtype.")
@model_options
@llm_options
def make_flawed(
    source: str,
    out_dir: str,
    mode: str,
    seed: int,
    limit: int,
    min_words: int,
    max_words: int,
    judge_name: str,
    per_subtype: int,
    settings: Settings,
    **make_options: Any,
) -> None:
    """Read stories from SOURCE (a .txt story, a Gutenberg collection, a FairyTaleQA .csv, or a folder
    of them) and write a FlawedFictions-format set to OUT: flawed.jsonl (judge-filtered),
    flawed_unfiltered.jsonl (no judge) and provenance.jsonl (one record per candidate: the fact,
    the edits, the filter that kept or dropped it).

    \b
    Example:
      worldstate make-flawed ../shared/data/corpora/fairytaleqa/stories --out /tmp/ffmade --seed 0 --limit 60
    """
    from tqdm import tqdm

    from worldstate.files import check_output_dir
    from worldstate.make.corpus import read_corpus
    from worldstate.resources.models import load_spacy

    if not 1 <= make_options["judge_need"] <= make_options["judge_samples"] <= 5:
        raise ConfigError("need 1 ≤ --judge-need ≤ --judge-samples ≤ 5")
    check_output_dir(out_dir)
    stories = read_corpus(source, min_words=min_words, max_words=max_words)
    if limit:
        stories = sorted(random.Random(seed).sample(stories, min(limit, len(stories))), key=lambda s: s.id)
    if not stories:
        raise ConfigError(f"no story in {source} has between {min_words} and {max_words} words")
    if mode == "constory":
        from worldstate.make.constory import inject_all

        injected = inject_all(stories, load_spacy(settings), seed=seed, per_subtype=per_subtype, progress=True)
        paths = injected.write(out_dir)
        click.echo(f"{len(injected.planted)} errors planted, {len(injected.skipped)} placements skipped")
    else:
        from worldstate.make.judge import engine_judge
        from worldstate.make.maker import MakeOptions
        from worldstate.make.maker import make_flawed as run

        judge = engine_judge(settings) if judge_name == "engine" else None
        if judge_name == "engine" and judge is None:
            click.echo("warning: this build has no continuity detector; only the unfiltered set is filled", err=True)
        opts = MakeOptions(seed=seed, **make_options)  # the remaining flags are MakeOptions fields
        progress = tqdm(stories, desc="make-flawed", unit="story")
        made = run(progress, load_spacy(settings), judge, settings, opts)
        paths = made.write(out_dir)
        click.echo(
            f"{len(made.filtered)} filtered, {len(made.unfiltered)} unfiltered items, {len(made.provenance)} candidates"
        )
    for name, path in paths.items():
        click.echo(f"{name}: {Path(path)}")
