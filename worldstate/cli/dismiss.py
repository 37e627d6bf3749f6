"""``worldstate dismiss``: keep a finding out of ``check``, ``view`` and ``bench run`` for good, by its id."""

from __future__ import annotations

import click

from worldstate.cli.common import ignore_option
from worldstate.ignore import add_dismissals, ignore_file_for, remove_dismissals


@click.command()
@click.argument("finding_ids", nargs=-1, required=True, metavar="ID...")
@click.option("--reason", default="", help="Why the finding stays (required unless --undo).")
@click.option(
    "--story",
    "near",
    type=click.Path(),
    default=None,
    help="The story (or folder) the finding is about: the .worldstate-ignore beside it is used.",
)
@click.option("--undo", is_flag=True, help="Take the ids out of the ignore file again.")
@ignore_option
def dismiss(finding_ids: tuple[str, ...], reason: str, near: str | None, undo: bool, ignore_file: str | None) -> None:
    """Dismiss findings as intentional: add their ids (``check`` prints each finding's id) with a reason to
    ``.worldstate-ignore``, which ``check``, ``view`` and ``bench run`` read. The id is a digest of the check and
    the quoted sentences, so it stays the same when the story is edited elsewhere.

    \\b
    worldstate dismiss text-dead-character-acts-45bad9fcde --reason "the ghost walks on purpose" --story story.txt
    worldstate dismiss text-dead-character-acts-45bad9fcde --undo --story story.txt
    """
    path = ignore_file_for(ignore_file, near)
    ids = list(finding_ids)
    if undo:
        removed = remove_dismissals(path, ids)
        click.echo(f"{len(removed)} finding(s) no longer dismissed in {path}")
        for missing in [i for i in ids if i not in removed]:
            click.echo(f"warning: {missing} was not dismissed in {path}", err=True)
        return
    added = add_dismissals(path, ids, reason)
    click.echo(f"{len(added)} finding(s) dismissed in {path}")
    for kept in [i for i in ids if i not in added]:
        click.echo(f"note: {kept} was already dismissed there (its reason kept)", err=True)
