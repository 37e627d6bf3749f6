"""``worldstate bench made-set`` and ``bench extraction``: development measurements that are not benchmark tasks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from worldstate.cli.common import choice_option, folder_option, model_options
from worldstate.config import Settings
from worldstate.errors import InputError

MADE_CONTINUITY = ("flawed_unfiltered.jsonl", "flawed.jsonl")


def _progress(desc: str) -> Any:
    from tqdm import tqdm

    return lambda rows: tqdm(rows, desc=desc, unit="story")


def _emit(doc: dict[str, Any], json_out: str | None) -> None:
    from worldstate.files import atomic_write_text

    text = json.dumps(doc, indent=1)
    click.echo(text)
    if json_out:
        atomic_write_text(json_out, text + "\n")


@click.command("made-set")
@click.argument("folder", type=click.Path(file_okay=False))
@choice_option(
    "--variant", ["unfiltered", "flawed"], "Continuity sets: flawed_unfiltered.jsonl or the filtered flawed.jsonl."
)
@choice_option(
    "--part", ["all", "tune", "heldout"], "Continuity sets: all items, or the seeded tuning or held-out half."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the tune/held-out split by story.")
@click.option("--cache", type=click.Path(file_okay=False), default=None, help="Keep world states here (not the repo).")
@click.option("--dump", type=click.Path(dir_okay=False), default=None, help="Write every candidate conflict (jsonl).")
@click.option("--balanced", is_flag=True, help="Only stories that have a flawed variant.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), default=None, help="Also write the result here.")
@model_options
def made_set_cmd(
    folder: str,
    variant: str,
    part: str,
    seed: int,
    cache: str | None,
    dump: str | None,
    balanced: bool,
    json_out: str | None,
    settings: Settings,
) -> None:
    """Score a set made by `worldstate make-flawed` in FOLDER: the continuity head on a continuity set
    (metrics, false-alarm rate, recall per edit kind; --part picks the seeded tuning or held-out half), or
    recall/precision per subtype of the ConStory head on a `--mode constory` set."""
    from worldstate.bench.dev import made_constory, made_continuity

    where = Path(folder)
    if (where / made_constory.INJECTED).is_file():
        _emit(made_constory.evaluate(where, settings, _progress("constory")), json_out)
        return
    data = where / MADE_CONTINUITY[variant != "unfiltered"]
    if not data.is_file():
        raise InputError(folder, f"no {data.name} or {made_constory.INJECTED} here (made by worldstate make-flawed)")
    doc = made_continuity.evaluate(
        data,
        settings,
        part=part,
        seed=seed,
        cache=Path(cache) if cache else None,
        dump=Path(dump) if dump else None,
        balanced=balanced,
        progress=_progress("continuity"),
    )
    _emit({"variant": variant, **doc}, json_out)


@click.command("extraction")
@click.argument("what", type=click.Choice(["sample", "score", "knp"]))
@folder_option(
    "--data", "../shared/data", "The development data folder [env WORLDSTATE_SHARED_DATA].", "WORLDSTATE_SHARED_DATA"
)
@click.option("--file", "sample_file", type=click.Path(dir_okay=False), default="extraction_sample.tsv")
@click.option("--stories", type=int, default=20, show_default=True, help="sample: IKD stories to sample from.")
@click.option("--per-story", type=int, default=2, show_default=True, help="sample: items of each kind per story.")
@click.option("--seed", type=int, default=7, show_default=True)
@click.option("--limit", type=int, default=0, help="knp: only the first N items (0 = all).")
@model_options
def extraction_cmd(
    what: str,
    data: str,
    sample_file: str,
    stories: int,
    per_story: int,
    seed: int,
    limit: int,
    settings: Settings,
) -> None:
    """Hand-check the extractor: `sample` writes entities, pronoun links and knowledge records of IKD stories
    to --file (a TSV to mark y/n), `score` reads the marked file back as precision per kind, `knp` counts how
    often KNP's implausible-knowledge sentence is inaccessible to the asked character."""
    from worldstate.bench.dev import extraction

    if what == "score":
        _emit(extraction.score(Path(sample_file)), None)
        return
    if not Path(data).is_dir():
        raise InputError(data, "development data folder not found")
    if what == "knp":
        _emit(extraction.knp_access(Path(data), settings, limit), None)
        return
    rows = extraction.sample(Path(data), settings, stories=stories, per_story=per_story, seed=seed)
    extraction.write_sample(rows, Path(sample_file))
    click.echo(f"wrote {len(rows)} rows to {sample_file}; mark 'correct' y/n, then: bench extraction score")


@click.command("coref-headroom")
@click.argument("run", type=click.Path(exists=True))
@folder_option("--data", "../shared/data/litbank", "LitBank development half (the run's gold).")
@choice_option("--scope", ["all", "characters"], "Put right the mentions of every gold entity, or of characters only.")
@click.option("--seeds", type=click.IntRange(min=1), default=3, show_default=True, help="Random repairs per share.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), default=None, help="Also write the table here.")
def coref_headroom_cmd(run: str, data: str, scope: str, seeds: int, json_out: str | None) -> None:
    """How CoNLL F1, clusters per character and merged documents of a `bench run litbank-coref` output
    (RUN) move when a random share of its wrong mentions is put right: how good a coreference output must
    be to meet issue 15's character targets. An analysis of a finished run: it reads LitBank's gold."""
    from worldstate.bench.dev.coref_headroom import headroom, read_predictions
    from worldstate.bench.litbank import load_coref

    rows = headroom(load_coref(Path(data)), read_predictions(Path(run)), seeds=seeds, scope=scope)
    for row in rows:
        click.echo(
            f"share {row['share']:.2f}: conll_f1 {row['conll_f1']:.3f}  clusters/char "
            f"{row['clusters_per_character']:.2f}  merged {row['merged_documents']:.2f}"
        )
    if json_out:
        from worldstate.files import atomic_write_text

        atomic_write_text(json_out, json.dumps({"scope": scope, "seeds": seeds, "rows": rows}, indent=1) + "\n")
