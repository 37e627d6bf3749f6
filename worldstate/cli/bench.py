"""``worldstate bench``: run benchmarks (resumable), score generations, and report across runs."""

from __future__ import annotations

import json
from pathlib import Path

import click

from worldstate.cli.common import llm_options, model_options
from worldstate.config import Settings

BENCHMARKS = (
    "flawedfictions",
    "ikd",
    "knp",
    "storysumm",
    "constory",
    "story-cloze",
    "lot-clozet",
    "lot-senpos",
    "lot-plotcom",
    "lot-outgen",
    "litbank-coref",
    "litbank-entities",
    "litbank-events",
    "litbank-quotes",
)


@click.group()
def bench() -> None:
    """Run benchmark evaluations and report them beside the published numbers.

    \b
    worldstate bench run knp --data ../shared/data/act_on_known --out runs/knp
    worldstate bench report runs/*  --out runs/summary.md
    """


@bench.command("run")
@click.argument("name", type=click.Choice(BENCHMARKS))
@click.option("--data", required=True, type=click.Path(), help="The benchmark's upstream file or folder.")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Run directory (reused to resume).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the first N items.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Parallel workers.")
@click.option(
    "--executor",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="local process pool, or Ray (RAY_ADDRESS names an existing cluster; else a local one starts).",
)
@click.option(
    "--predictions",
    "predictions_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="lot-plotcom/lot-outgen: score your own generations (JSON lines with id and text).",
)
@click.option(
    "--predictor",
    envvar="WORLDSTATE_BENCH_PREDICTOR",
    default=None,
    help="Use another predictor, module:function (advanced; tests use it) [env WORLDSTATE_BENCH_PREDICTOR].",
)
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@model_options
@llm_options
def run_cmd(
    name: str,
    data: str,
    out: str,
    limit: int | None,
    workers: int,
    executor: str,
    predictions_file: str | None,
    predictor: str | None,
    no_progress: bool,
    settings: Settings,
) -> None:
    """Run benchmark NAME on --data into --out: predictions.jsonl, metrics.json, report.md.

    Killing a run and starting it again with the same --out continues where it stopped.
    """
    from worldstate.bench.runner import RunOptions, run_benchmark
    from worldstate.bench.tasks import get_task
    from worldstate.errors import ConfigError

    task = get_task(name)
    options = RunOptions(limit=limit, workers=workers, executor=executor, progress=not no_progress)
    if predictions_file:
        if name not in {"lot-plotcom", "lot-outgen"}:
            raise ConfigError("--predictions applies to lot-plotcom and lot-outgen only")
        from worldstate.bench.generation import load_generations

        options.context = {"generated": load_generations(Path(predictions_file))}
        options.predictor = "worldstate.bench.generation:predict_from_file"
        options.labels = {"generations": str(predictions_file)}
    elif predictor:
        options.predictor = predictor
    elif name in {"lot-plotcom", "lot-outgen"} and settings.llm_mode != "off":
        raise ConfigError(
            f"{name} with --llm: generate with your LLM and score the file with --predictions (the harness's "
            "offline predictor is a non-neural baseline)"
        )
    doc = run_benchmark(task, Path(data), Path(out), settings, options)
    shown = {k: round(v, 4) for k, v in doc["metrics"].items()}
    click.echo(json.dumps({"benchmark": name, "n": doc["n"], "metrics": shown, "seconds": round(doc["seconds"], 1)}))


@bench.command("report")
@click.argument("dirs", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write the markdown here (else stdout).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None, help="PNG chart path.")
def report_cmd(dirs: tuple[str, ...], out: str | None, plot_path: str | None) -> None:
    """One markdown table across run directories DIRS, with published anchors and trivial baselines."""
    from worldstate.bench.plot import plot_runs
    from worldstate.bench.report import load_run, render_table
    from worldstate.files import atomic_write_text

    docs = [load_run(Path(d)) for d in dirs]
    table = render_table(docs)
    if out:
        atomic_write_text(out, table)
        plot_default = Path(out).with_suffix(".png")
    else:
        click.echo(table, nl=False)
        plot_default = None
    target = Path(plot_path) if plot_path else plot_default
    if target:
        plot_runs(docs, target)
        click.echo(f"plot: {target}", err=True)


@bench.command("constory-judge")
@click.argument("csv_file", type=click.Path(dir_okay=False))
def constory_judge_cmd(csv_file: str) -> None:
    """ConStory metrics of any judge's CSV (evaluations/<model>.csv): CED, errors per story, verbatim quotes."""
    from worldstate.bench.jsonio import dumps
    from worldstate.bench.loaders import load_constory_judge
    from worldstate.bench.metrics.constory import ConStoryCase, constory_metrics

    rows = load_constory_judge(Path(csv_file))
    cases = [ConStoryCase(r["id"], Path(csv_file).stem, r["story"], r["errors"]) for r in rows]
    click.echo(dumps({"file": csv_file, "n": len(cases), "metrics": constory_metrics(cases)}, indent=1))


@bench.command("make-senpos")
@click.argument("stories", type=click.Path(dir_okay=False))
@click.argument("out", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=0, show_default=True)
def make_senpos_cmd(stories: str, out: str, seed: int) -> None:
    """Write derived SenPos-style items (jsonl) from a jsonl of stories (field "story"); seeded."""
    from worldstate.bench.derive import derive_senpos
    from worldstate.bench.jsonio import dumps
    from worldstate.bench.readers import read_jsonl, require_columns
    from worldstate.files import atomic_write_text

    rows = read_jsonl(Path(stories))
    require_columns(Path(stories), rows, ["story"])
    items = derive_senpos([str(r["story"]) for r in rows], seed=seed)
    atomic_write_text(out, "".join(dumps(i) + "\n" for i in items))
    click.echo(f"{len(items)} derived SenPos items → {out}")
