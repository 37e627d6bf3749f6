"""Errors a user can act on. The CLI prints them as one line and exits with code 2."""

from __future__ import annotations


class WorldstateError(Exception):
    """Base class for errors caused by input or configuration, not by a bug."""


class InputError(WorldstateError):
    """An input file cannot be read as a story or dataset."""

    def __init__(self, path: str, problem: str, line: int | None = None) -> None:
        self.path = path
        self.problem = problem
        self.line = line
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {problem}")


class ConfigError(WorldstateError):
    """A setting (flag, environment variable, rule pack) is invalid."""


class OutputError(WorldstateError):
    """An output file or folder cannot be written."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")
