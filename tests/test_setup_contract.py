"""The setup contract: an isolated venv, pinned versions, optional Ray, every setting documented (no models needed)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONFIGURATION = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")  # the settings table


def _section(title: str, text: str = README) -> str:
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 3)
    return text[start : end if end != -1 else None]


def _commands(text: str) -> list[str]:
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    return [line for line in lines if line and not line.startswith(("set ", "cd ", "#!"))]


def test_ci_runs_exactly_the_readme_setup_commands():
    block = re.search(r"```bash\n(.*?)```", _section("Setup"), re.S)
    assert block is not None
    readme_commands = _commands(block.group(1))
    assert readme_commands == ["./setup.sh", ".venv/bin/python -m pytest"]
    ci = _commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert [c for c in ci if c in readme_commands] == readme_commands  # the rest only checks the machine
    assert ci.index("export WORLDSTATE_CI=1") < ci.index(".venv/bin/python -m pytest")  # skips fail unless listed


def test_setup_installs_into_its_own_venv_with_constraints():
    script = (ROOT / "setup.sh").read_text(encoding="utf-8")
    assert "-m venv .venv" in script and "python3.11" in script
    assert '.venv/bin/python -m pip install -c constraints.txt -e ".[dev]"' in script
    assert re.search(r"^\s*(python|pip)3?\s+-m pip install", script, re.M) is None  # nothing outside .venv
    assert "--no-install-recommends" in script and "--no-upgrade" in script
    assert re.search(r"apt(-get)?\s+(-\S+\s+)*(dist-|full-)?upgrade", script) is None


def test_constraints_pin_the_tested_versions():
    lines = [
        line.strip()
        for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    names = {re.split(r"[=<>@ ]", line, maxsplit=1)[0].lower().replace("_", "-") for line in lines}
    assert all("==" in line for line in lines), [line for line in lines if "==" not in line]
    assert "worldstate" not in names and not any(line.startswith("-e") for line in lines)
    assert any(line.startswith("torch==2.13.0") for line in lines)
    assert {"spacy", "z3-solver", "networkx", "charset-normalizer", "pytest"} <= names


def test_ray_is_only_an_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert not any(dep.startswith("ray") for dep in extras["dev"])
    assert any(dep.startswith("ray") for dep in extras["ray"])
    assert any(dep.startswith("torch==2.13.0") for dep in project["dependencies"])


ENV_READ = re.compile(
    r"""(?:environ\.get|environ\.setdefault|getenv|_env|environ\[|envvar=)\(?\s*["']([A-Z][A-Z0-9_]+)["']"""
)


def test_every_environment_variable_is_documented():
    sources = [*ROOT.joinpath("worldstate").rglob("*.py"), *ROOT.joinpath("scripts").glob("*.py")]
    sources += [ROOT / "tests" / "conftest.py", ROOT / "tests" / "test_bench_fakes.py"]
    read = {name for path in sources for name in ENV_READ.findall(path.read_text(encoding="utf-8"))}
    assert {"WORLDSTATE_MAX_BYTES", "WORLDSTATE_BENCH_PREDICTOR", "WORLDSTATE_SHARED_DATA", "RAY_ADDRESS"} <= read
    table = _section("Settings", CONFIGURATION)
    missing = sorted(name for name in read if f"`{name}`" not in table)
    assert not missing, f"not in the Settings table of docs/configuration.md: {missing}"
    assert "docs/configuration.md" in _section("Configuration")  # the README points to it


def test_readme_lists_every_command():
    import click

    from worldstate.cli.main import COMMANDS, cli

    block = re.search(r"```bash\n(.*?)```", _section("Commands"), re.S)
    assert block is not None
    listed: dict[str, set[str]] = {}
    for line in block.group(1).splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) >= 2 and words[0] == "worldstate":
            listed.setdefault(words[1], set()).update(w for word in words[2:] for w in word.split("|"))
    missing = [name for name in COMMANDS if name not in listed]
    for name in COMMANDS:
        group = cli.get_command(click.Context(cli), name)
        if isinstance(group, click.Group):
            subs = group.list_commands(click.Context(group))
            missing += [f"{name} {sub}" for sub in subs if sub not in listed.get(name, set())]
    assert not missing, f"not in the README's Commands block: {missing}"
