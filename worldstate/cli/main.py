"""The ``worldstate`` command group: subcommands are imported lazily so ``--help`` stays fast.

Exit codes: 0 ran with no finding; 1 (``check``) findings shown and not dismissed; 2 bad input or a usage error
(a bad option, a missing argument, an output path that cannot be written).
"""

from __future__ import annotations

import importlib.util
import sys

import click

from worldstate import __version__
from worldstate.errors import WorldstateError
from worldstate.refs import resolve

# name → (module, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "analyze": ("worldstate.cli.analyze", "analyze", "Build a story's world state and summarise it."),
    "state": ("worldstate.cli.state", "state", "What holds at one sentence: where, holds, alive, knows."),
    "graph": ("worldstate.cli.graph", "graph", "Export the event, entity or knowledge graph."),
    "view": ("worldstate.cli.view", "view", "Write a self-contained HTML viewer of a story's world."),
    "check": ("worldstate.cli.check", "check", "Find continuity, knowledge and faithfulness errors."),
    "dismiss": ("worldstate.cli.dismiss", "dismiss", "Dismiss findings as intentional, by id, for good."),
    "bench": ("worldstate.cli.bench", "bench", "Run and report benchmark evaluations."),
    "make-flawed": ("worldstate.cli.make", "make_flawed", "Synthesise verified plot holes into stories."),
    "rules": ("worldstate.cli.rules", "rules", "List, validate and explain commonsense rule packs."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, (module, _, _) in COMMANDS.items() if importlib.util.find_spec(module) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, attr, _ = COMMANDS[cmd_name]
        if importlib.util.find_spec(module_name) is None:
            return None
        return resolve(f"{module_name}:{attr}", f"command {cmd_name}")

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[override]
        """Like click's main: usage errors and bad input exit 2, findings 1 (set by ``check``)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            exc.show()
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except WorldstateError as exc:
            stage = getattr(exc, "stage", None)  # set when an extraction stage raised it
            click.echo(f"error: {exc}" + (f" (in the {stage!r} stage)" if stage else ""), err=True)
            sys.exit(2)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="worldstate")
def cli() -> None:
    """worldstate: read a story, build its world state (who, what, where, who knows what),
    and find where the story breaks its own logic.

    \b
    Exit codes: 0 ran with no finding; 1 findings shown and not dismissed; 2 bad input or usage error.
    Settings come from flags or WORLDSTATE_* environment variables (see the README).
    """


if __name__ == "__main__":  # pragma: no cover
    cli()
