"""``python -m worldstate``: the same as the ``worldstate`` command."""

from worldstate.cli.main import cli

if __name__ == "__main__":  # pragma: no cover - exercised through a subprocess in the tests
    cli(prog_name="worldstate")
