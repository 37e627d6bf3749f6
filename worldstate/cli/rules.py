"""``worldstate rules``: list, validate and explain the commonsense rule packs."""

from __future__ import annotations

import click

from worldstate.errors import ConfigError


@click.group()
def rules() -> None:
    """List, validate and explain commonsense rule packs (YAML data files).

    \b
    worldstate rules list                 the built-in packs and their rules
    worldstate rules list --rules my.yaml with a user pack added
    worldstate rules validate my.yaml     check a user pack: "ok", or exit 2 with the file, rule and field
    worldstate rules validate             check the built-in packs and timeline rules
    worldstate rules validate worldstate/reason/timeline/rules.yaml   check a timeline rules file
    worldstate rules explain life.death-is-final
    """


@rules.command("list")
@click.option(
    "--rules", "extra", multiple=True, type=click.Path(dir_okay=False), help="Extra rule pack file (repeatable)."
)
def list_rules(extra: tuple[str, ...]) -> None:
    """Show every pack and its rules."""
    from worldstate.reason.packs import load_packs, optional_pack_files

    packs = load_packs(extra)
    for pack in packs.packs:
        click.echo(f"{pack.id} (v{pack.version}, {pack.path})")
        if pack.description:
            click.echo(f"  {pack.description}")
        for rule in pack.rules:
            licence = f" [relaxed by: {', '.join(rule.licensed_by)}]" if rule.licensed_by else ""
            click.echo(f"  - {rule.id} ({rule.kind}, {rule.category}): {rule.description}{licence}")
    loaded = {pack.path for pack in packs.packs}
    optional = [str(p) for p in optional_pack_files() if str(p) not in loaded]
    if optional:
        click.echo("\nOptional packs (off by default; add with --rules FILE):")
        for path in optional:
            click.echo(f"  {path}")
    _list_finding_kinds()


def _list_finding_kinds() -> None:
    """Every calibrated finding kind: on or off by default, its probability and tuning-data counts."""
    from worldstate.config import Settings
    from worldstate.detect.calibration import PRIOR, calibration_path, load_calibration

    settings = Settings.from_env()
    cal = load_calibration(settings)
    click.echo(
        f"\nFinding kinds (calibrated by `worldstate bench tune calibration`; {calibration_path(settings)}):\n"
        f"  `check` shows a finding when its probability of being a real error is at least {cal.threshold:.2f}"
        " (precision >= 0.8 on the tuning data); the others are unsure: `check --all`."
    )
    for kind, c in sorted(cal.kinds.items(), key=lambda kv: (-kv[1].probability, kv[0])):
        state = "on " if c.probability >= cal.threshold else "off"
        why = "" if state == "on " else "  off by default: below the threshold on the tuning data"
        click.echo(f"  {state} {kind}: probability {c.probability:.2f} ({c.right} right, {c.wrong} wrong){why}")
    unseen = "on" if cal.on_by_default("") else "off"
    click.echo(f"  Any other kind never fired on the tuning data: probability {PRIOR:.2f}, {unseen} by default.")


@rules.command("validate")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
def validate(files: tuple[str, ...]) -> None:
    """Check pack FILES against the schema and alongside the built-in packs (no FILES: the built-in
    packs and ``reason/timeline/rules.yaml`` themselves; a file with ``schema: worldstate/timeline-rules``
    is checked as timeline rules). Prints "ok" and exits 0, or one error line naming the file, rule and
    field and exits 2.
    """
    from pathlib import Path

    from worldstate.reason.lexicon import build_lexicon
    from worldstate.reason.packs import builtin_pack_files, load_pack_file, load_packs
    from worldstate.reason.timeline.schema import (
        builtin_timeline_rules_file,
        is_timeline_rules,
        load_timeline_rules_file,
    )

    timeline = [f for f in files if is_timeline_rules(f)]  # reason/timeline/rules.yaml and its like
    files = tuple(f for f in files if f not in timeline)
    for file in timeline if timeline or files else [builtin_timeline_rules_file()]:
        load_timeline_rules_file(file)
    builtin = {p.resolve() for p in builtin_pack_files()}
    for file in files:
        load_pack_file(file)
    for file in builtin_pack_files() if not files else ():
        load_pack_file(file)
    extra = tuple(f for f in files if Path(f).resolve() not in builtin)  # a built-in pack is already loaded
    build_lexicon(load_packs(extra))  # also checks lexicon files and clashes with built-in rule ids
    click.echo("ok")


@rules.command("explain")
@click.argument("rule_id")
@click.option(
    "--rules", "extra", multiple=True, type=click.Path(dir_okay=False), help="Extra rule pack file (repeatable)."
)
def explain(rule_id: str, extra: tuple[str, ...]) -> None:
    """Explain what RULE_ID means, with its parameters and an example."""
    from worldstate.reason.packs import KIND_HELP, load_packs

    packs = load_packs(extra)
    if rule_id not in packs.rules:
        close = [r for r in packs.rules if rule_id.split(".")[0] in r]
        hint = f"; did you mean {', '.join(close[:5])}?" if close else "; see `worldstate rules list`"
        raise ConfigError(f"no rule {rule_id!r}{hint}")
    rule = packs.rule(rule_id)
    click.echo(
        f"{rule.id}  (pack {rule.pack}, kind {rule.kind}, category {rule.category}, confidence {rule.confidence})"
    )
    click.echo(f"\n{rule.description}")
    click.echo(f"\nKind {rule.kind}: {KIND_HELP[rule.kind]}")
    if rule.licensed_by:
        click.echo(f"Relaxed once the story establishes: {', '.join(rule.licensed_by)}.")
    if rule.parameters:
        click.echo("\nParameters:")
        for name, value in rule.parameters.items():
            shown = str(value)
            click.echo(f"  {name}: {shown if len(shown) <= 100 else shown[:97] + '...'}")
    click.echo(f"\nFinding text: {rule.explanation}")
    if rule.example:
        click.echo(f"\nExample: {rule.example}")
