"""``worldstate bench``: fit parameters (tune), run benchmarks (resumable), score generations, report across runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from worldstate.bench.tasks import TASKS
from worldstate.bench.tune import tunable
from worldstate.cli.common import choice_option, file_option, folder_option, ignore_option, llm_options, model_options
from worldstate.config import Settings

if TYPE_CHECKING:
    from worldstate.bench.timeline_alarms import CleanCorpus

BENCHMARKS = tuple(TASKS)  # the benchmark registry: one declaration per task


@click.group()
def bench() -> None:
    """Run benchmark evaluations and report them beside the published numbers.

    \b
    worldstate bench tune story-cloze --data ../shared/data/story_cloze/cloze_test_val_spring2016.csv --cv 5
    worldstate bench run knp --data ../shared/data/act_on_known --out runs/knp
    worldstate bench report runs/*  --out runs/summary.md
    """


@bench.command("run")
@click.argument("name", type=click.Choice(BENCHMARKS))
@click.option("--data", required=True, type=click.Path(), help="The benchmark's upstream file or folder.")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Run directory (reused to resume).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the first N items.")
@click.option(
    "--split", default=None, help="Only this part of a dataset that has parts (state-questions: tune, check)."
)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Parallel workers.")
@choice_option(
    "--executor",
    ["local", "ray"],
    "local process pool, or Ray (RAY_ADDRESS names an existing cluster; else a local one).",
)
@file_option(
    "--predictions",
    "predictions_file",
    "lot-plotcom/lot-outgen: score your own generations (JSON lines with id and text).",
)
@click.option(
    "--predictor",
    envvar="WORLDSTATE_BENCH_PREDICTOR",
    default=None,
    help="Use another predictor, module:function (advanced; tests use it) [env WORLDSTATE_BENCH_PREDICTOR].",
)
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@ignore_option
@model_options
@llm_options
def run_cmd(
    name: str,
    data: str,
    out: str,
    limit: int | None,
    split: str | None,
    workers: int,
    executor: str,
    predictions_file: str | None,
    predictor: str | None,
    no_progress: bool,
    ignore_file: str | None,
    settings: Settings,
) -> None:
    """Run benchmark NAME on --data into --out: predictions.jsonl, metrics.json, report.md.

    Killing a run and starting it again with the same --out continues where it stopped.
    """
    from worldstate.bench.runner import RunOptions, run_benchmark
    from worldstate.bench.tasks import get_task
    from worldstate.errors import ConfigError
    from worldstate.files import check_output_dir

    check_output_dir(out)
    task = get_task(name)
    from worldstate.ignore import load_ignore

    options = RunOptions(limit=limit, split=split, workers=workers, executor=executor, progress=not no_progress)
    options.ignore = load_ignore(ignore_file, data)
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


TUNABLE = tuple(tunable())


@bench.command("tune")
@click.argument("name", type=click.Choice(TUNABLE))
@click.option(
    "--data", required=True, type=click.Path(exists=True), help="Labelled development data (e.g. the val split)."
)
@click.option(
    "--cv",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="story-cloze: also report the K-fold cross-validated accuracy on --data (0 = none).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the --cv folds.")
@click.option(
    "--no-cross-encoder",
    is_flag=True,
    help="story-cloze: features and ending style only (no MiniLM fine-tuning; minutes instead of ~20 on 2 cores).",
)
@click.option("--no-progress", is_flag=True, help="No progress messages.")
@click.option(
    "--litbank", default=None, type=click.Path(file_okay=False), help="calibration: LitBank clean text ('' to skip)."
)
@click.option(
    "--gutenberg", default=None, type=click.Path(file_okay=False), help="calibration: Gutenberg tales ('' to skip)."
)
@model_options
def tune_cmd(
    name: str,
    data: str,
    cv: int,
    seed: int,
    no_cross_encoder: bool,
    no_progress: bool,
    litbank: str | None,
    gutenberg: str | None,
    settings: Settings,
) -> None:
    """Fit benchmark NAME's parameters on ALL of --data and save them with their provenance.

    \b
    story-cloze  the Story Cloze model (features + ending style + cross-encoder)
    storysumm    the faithfulness head's sentence-risk threshold
    knp          the next-action scorer's weights and hidden-sentence ranker
    litbank-events  the realis event-trigger tagger (document-level 5-fold CV, then all documents)
    continuity   the continuity head's timeline-rule weights (tuning half of a make-flawed set; also: flawedfictions)
    calibration  every finding kind's probability and the threshold `check` shows findings from (stories with one
                 planted error in FlawedFictions layout, plus clean text: --litbank, --gutenberg)

    The parameters go to the cache dir (<cache>/tuned/NAME/, env WORLDSTATE_CACHE_DIR) with provenance.json:
    the data file's sha256, date, item count, the score (--cv K: K-fold cross-validated accuracy on --data;
    storysumm: in-sample and leave-one-out balanced accuracy; knp: in-sample and 5x5-fold nested CV accuracy)
    and the command. `bench run NAME` uses them
    (over the defaults shipped in the package) and never fits on the file it scores; metrics.json records
    which parameter file it used and warns when the scored file is the tuning file (in-sample).

    \b
    worldstate bench tune story-cloze --data ../shared/data/story_cloze/cloze_test_val_spring2016.csv --cv 5
    worldstate bench tune storysumm --data ../shared/data/storysumm
    worldstate bench tune knp --data ../shared/data/act_on_known
    worldstate bench tune litbank-events --data ../shared/data/litbank
    worldstate bench tune continuity --data /tmp/ffdev
    worldstate bench tune calibration --data ../shared/data/flawedfictions/planted_Q.jsonl
    """
    from worldstate.bench.tune import TuneOptions, tuner
    from worldstate.bench.tune.store import command_line
    from worldstate.errors import ConfigError

    if name != "story-cloze" and (cv or no_cross_encoder):
        raise ConfigError("--cv and --no-cross-encoder apply to story-cloze only")
    if name != "calibration" and (litbank is not None or gutenberg is not None):
        raise ConfigError("--litbank and --gutenberg apply to calibration only")

    flags = ["--cv", str(cv), "--seed", str(seed)] if cv else []
    flags += ["--no-cross-encoder"] if no_cross_encoder else []
    options = TuneOptions(
        cv=cv,
        seed=seed,
        cross_encoder=not no_cross_encoder,
        progress=not no_progress,
        command=command_line(name, Path(data), *flags),
    )
    if litbank is not None:
        options.litbank = litbank
    if gutenberg is not None:
        options.gutenberg = gutenberg
    if name == "calibration":
        options.command = ""  # the tuner records its clean-text folders in the command itself
    prov = tuner(name)(Path(data), settings, options)
    shown = {k: v for k, v in prov.items() if k in {"task", "items", "score", "evaluation", "data_sha256", "seconds"}}
    shown["written"] = str(prov.get("written") or prov.get("model") or "")
    from worldstate.bench.jsonio import dumps

    written = shown["written"]
    if written:
        click.echo(
            f"note: analyze and bench run with this cache ({settings.cache_path}) now use {written};"
            " delete it to go back to the shipped parameters",
            err=True,
        )
    click.echo(dumps(shown, digits=4))


@bench.command("report")
@click.argument("dirs", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write the markdown here (else stdout).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), default=None, help="PNG chart path.")
def report_cmd(dirs: tuple[str, ...], out: str | None, plot_path: str | None) -> None:
    """One markdown table across run directories DIRS, with published anchors and trivial baselines."""
    from worldstate.bench.plot import plot_runs
    from worldstate.bench.report import load_run, render_table
    from worldstate.files import atomic_write_text, check_output_file

    for path in (out, plot_path):
        if path:
            check_output_file(path)
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


@bench.command("perf")
@folder_option(
    "--corpus", "../shared/data/corpora/gutenberg", "A folder of Project Gutenberg .txt books (headers are stripped)."
)
@click.option("--sizes", default="1000,3000,10000,20000", show_default=True, help="Story sizes in words.")
@click.option(
    "--whole/--no-whole", default=True, help="Also time whole `check` processes (100 words and 10,000 words)."
)
@click.option("--json", "json_out", type=click.Path(dir_okay=False), default=None, help="Also write the rows here.")
@click.option(
    "--reasoner",
    type=click.Choice(["extract", "synthetic"]),
    default=None,
    help="Time the reasoner alone on world states from the extractor or from a generator at its density.",
)
@click.option("--repeats", type=int, default=3, show_default=True, help="--reasoner: runs per size (best reported).")
def perf_cmd(corpus: str, sizes: str, whole: bool, json_out: str | None, reasoner: str | None, repeats: int) -> None:
    """Time analysis and the story-only heads per story size (each size in a fresh process, models warm):
    words/s past start-up and the heads' cost; then whole `check --task continuity|all --json` processes on
    100 and 10,000 words (start-up included) and the all/continuity ratio. With --reasoner: the reasoner's
    time per size instead (e.g. --sizes 1000,10000,100000; the corpus repeats when shorter)."""
    from worldstate.bench.perf import run_sizes, whole_process
    from worldstate.errors import InputError
    from worldstate.files import atomic_write_text

    if not Path(corpus).is_dir():
        raise InputError(corpus, "no such corpus folder")
    try:
        numbers = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError:
        raise InputError("--sizes", f"expected comma-separated word counts, got {sizes!r}") from None
    if reasoner:
        from worldstate.bench.reason_speed import reasoner_rows

        found = []
        for row in reasoner_rows(Path(corpus), numbers, reasoner, repeats):
            click.echo(json.dumps({"source": reasoner, **row}))
            found.append(row)
        if json_out:
            atomic_write_text(json_out, json.dumps({"reasoner": found}, indent=2) + "\n")
        return
    rows: dict[str, object] = {"sizes": run_sizes(Path(corpus), numbers, click.echo)}
    if whole:
        timings = whole_process(Path(corpus), 10_000)
        rows["whole_process"] = timings
        for name, value in timings.items():
            click.echo(f"{name}: {value:.2f}")
    if json_out:
        atomic_write_text(json_out, json.dumps(rows, indent=2) + "\n")


@bench.command("constory-judge")
@click.argument("csv_file", type=click.Path(dir_okay=False))
def constory_judge_cmd(csv_file: str) -> None:
    """ConStory metrics of any judge's CSV (evaluations/<model>.csv): CED, errors per story, verbatim quotes."""
    from worldstate.bench.jsonio import dumps
    from worldstate.bench.loaders import left_out_of, load_constory_judge
    from worldstate.bench.metrics.constory import ConStoryCase, constory_metrics

    rows = load_constory_judge(Path(csv_file))
    cases = [ConStoryCase(r["id"], Path(csv_file).stem, r["story"], r["errors"]) for r in rows]
    left_out = left_out_of(rows)
    for record in left_out:
        click.echo(f"{record['file']}:{record['line']}: left out: {record['reason']}", err=True)
    doc = {"file": csv_file, "n": len(cases), "metrics": constory_metrics(cases), "left_out": left_out}
    click.echo(dumps(doc, indent=1))


@bench.command("make-senpos")
@click.argument("stories", type=click.Path(dir_okay=False))
@click.argument("out", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=0, show_default=True)
def make_senpos_cmd(stories: str, out: str, seed: int) -> None:
    """Write derived SenPos-style items (jsonl) from a jsonl of stories (field "story"); seeded."""
    from worldstate.bench.derive import derive_senpos
    from worldstate.bench.jsonio import dumps
    from worldstate.bench.readers import read_jsonl, require_columns
    from worldstate.files import atomic_write_text, check_output_file

    check_output_file(out)
    rows = read_jsonl(Path(stories))
    require_columns(Path(stories), rows, ["story"])
    items = derive_senpos([str(r["story"]) for r in rows], seed=seed)
    atomic_write_text(out, "".join(dumps(i) + "\n" for i in items))
    click.echo(f"{len(items)} derived SenPos items → {out}")


@bench.command("timeline-alarms")
@folder_option("--litbank", "../shared/data/litbank", "LitBank development half (its coref/brat/*.txt texts are read).")
@folder_option(
    "--gutenberg", "../shared/data/corpora/gutenberg", "Folder of Gutenberg collections (split into tales); '' to skip."
)
@click.option("--cache", type=click.Path(file_okay=False), default=None, help="Per-text result cache (resumes a run).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Only the first N texts.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), default=None, help="Also write the rates here.")
@click.option(
    "--heads",
    is_flag=True,
    help="Every story-only head (continuity, knowledge, ConStory) instead: each finding with its calibrated "
    "probability, shown or unsure, and the rate `check` shows (cache layout of `bench tune calibration`).",
)
def timeline_alarms_cmd(
    litbank: str, gutenberg: str, cache: str | None, limit: int | None, json_out: str | None, heads: bool
) -> None:
    """Timeline rules' findings on clean text (every rule, enabled or not): each finding, then the
    findings per 10,000 words per rule (the bar for enabling a rule: at most 1). With --heads: every
    story-only head's findings, and how many of them `check` shows by default."""
    from worldstate.bench.timeline_alarms import measure
    from worldstate.files import atomic_write_text

    if heads:
        _clean_heads(litbank, gutenberg, cache, limit, json_out)
        return
    result = measure(_clean_corpus(litbank, gutenberg, cache, limit), click.echo)
    click.echo(f"{result['texts']} texts, {result['words']} words")
    for rule, rate in result["rules"].items():  # type: ignore[union-attr]
        click.echo(f"{rule}: {rate['findings']} findings, {rate['per_10k_words']} per 10,000 words")
    if json_out:
        atomic_write_text(json_out, json.dumps(result, indent=2) + "\n")


def _clean_corpus(litbank: str, gutenberg: str, cache: str | None, limit: int | None) -> CleanCorpus:
    """The clean texts of ``timeline-alarms`` from its options (an empty folder option is none)."""
    from worldstate.bench.timeline_alarms import CleanCorpus

    def folder(value: str | None) -> Path | None:
        return Path(value) if value else None

    return CleanCorpus(folder(litbank), folder(gutenberg), folder(cache), limit)


def _clean_heads(litbank: str, gutenberg: str, cache: str | None, limit: int | None, json_out: str | None) -> None:
    """``timeline-alarms --heads``: every story-only head's findings on the clean texts."""
    from worldstate.bench.clean_findings import measure_heads
    from worldstate.files import atomic_write_text

    result = measure_heads(_clean_corpus(litbank, gutenberg, cache, limit), click.echo)
    click.echo(f"{result['texts']} texts, {result['words']} words, threshold {result['threshold']}")
    for kind, row in result["kinds"].items():
        click.echo(f"{kind}: {row['findings']} findings, {row['shown']} shown (probability {row['probability']})")
    click.echo(
        f"all heads: {result['findings']} findings ({result['per_10k_words_all']} per 10,000 words), "
        f"{result['shown']} shown by default ({result['per_10k_words_shown']} per 10,000 words)"
    )
    if result["in_sample"]:
        click.echo("note: the calibration in use was fitted on these clean texts, so the shown rate is in-sample")
    if json_out:
        atomic_write_text(json_out, json.dumps(result, indent=2) + "\n")


def _add_development_commands() -> None:
    from worldstate.cli.bench_dev import coref_headroom_cmd, extraction_cmd, made_set_cmd

    bench.add_command(made_set_cmd)
    bench.add_command(extraction_cmd)
    bench.add_command(coref_headroom_cmd)


_add_development_commands()
