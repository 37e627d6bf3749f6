"""The heads and the reasoner ask their questions of a World through ``worldstate.query``, never through
extraction internals; no package module reaches a query by its old path. What extraction and the heads
share that is no question asked of a World (model loaders, word tables, the timeline's value vocabulary,
the quote finder) lives outside ``worldstate.extract``: in ``worldstate.resources`` and ``worldstate.state``,
which import nothing of extraction, the heads or the reasoner.

Read from the source (``ast``): every ``import`` / ``from … import`` a module makes, at module level, inside a
function or under ``if TYPE_CHECKING:``, as in ``test_import_cycles.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from worldstate.extract.timeline import QUERY_ALIASES

PACKAGE = Path(__file__).resolve().parent.parent / "worldstate"
GUARDED = ("detect", "reason")  # the packages that read a World and must not import extraction internals
# the neutral packages both sides read, and the packages they must not import
NEUTRAL = ("resources", "state")
NOT_FROM_NEUTRAL = ("worldstate.extract", "worldstate.detect", "worldstate.analysis")

# Where the package's queries used to live; a package module imports them from worldstate.query.
OLD_QUERY_PATHS = ("worldstate.extract.timeline.query", "worldstate.extract.timeline.who")
OLD_NAMES = {
    "worldstate.extract.timeline": set(QUERY_ALIASES),
    "worldstate.extract.knowledge": {"accessible", "accessibility", "find_character", "private_holders"},
    "worldstate.extract": {"accessible"},
    "worldstate.extract.timeline.story_time": {"age_at", "age_conflicts"},
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(imported module, names imported from it, line) for every import statement of the file at ``path``."""
    return imports_in(path.read_text(encoding="utf-8"), _module(path), path.name == "__init__.py")


def imports_in(source: str, module: str, is_package: bool = False) -> list[tuple[str, list[str], int]]:
    """(imported module, names imported from it, line) for every import statement of ``source``, the text of
    the module ``module`` (relative imports are resolved against it)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.extend((alias.name, [], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            out.append((base, [alias.name for alias in node.names], node.lineno))
    return out


def _extract_module(imported: str, names: list[str]) -> list[str]:
    """The extraction modules an import reaches (``from worldstate.extract import coref`` reaches the
    subpackage ``worldstate.extract.coref``)."""
    if not (imported == "worldstate.extract" or imported.startswith("worldstate.extract.")):
        return []
    subs = [f"{imported}.{n}" for n in names if (PACKAGE.parent / f"{imported}.{n}".replace(".", "/")).exists()]
    return subs or [imported]


def guarded_extract_imports() -> dict[str, set[str]]:
    """Extraction module → the modules under detect/ and reason/ that import it."""
    out: dict[str, set[str]] = {}
    for package in GUARDED:
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for imported, names, _ in imports(path):
                for target in _extract_module(imported, names):
                    out.setdefault(target, set()).add(_module(path))
    return out


def test_detect_and_reason_import_no_extraction_internals() -> None:
    found = [
        f"{importer} imports {target}"
        for target, importers in sorted(guarded_extract_imports().items())
        for importer in sorted(importers)
    ]
    assert not found, (
        "ask the World through worldstate.query (or read a declared layer), and take shared resources from "
        "worldstate.resources, not extraction internals:\n" + "\n".join(found)
    )


def test_the_neutral_packages_import_no_extraction_head_or_analysis() -> None:
    """``worldstate.resources`` and ``worldstate.state`` are read by both sides, so they import neither."""
    found = [
        f"{_module(path)}:{line} imports {imported}"
        for package in NEUTRAL
        for path in sorted((PACKAGE / package).rglob("*.py"))
        for imported, _, line in imports(path)
        if any(imported == p or imported.startswith(p + ".") for p in NOT_FROM_NEUTRAL)
    ]
    assert not found, "\n".join(found)


def test_no_package_module_uses_an_old_query_path() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for imported, names, line in imports(path):
            moved = set(names) & OLD_NAMES.get(imported, set())
            if imported in OLD_QUERY_PATHS or moved:
                found.append(f"{_module(path)}:{line} imports {sorted(moved) or imported} from {imported}")
    assert not found, "import these from worldstate.query:\n" + "\n".join(found)


def test_the_heads_ask_through_worldstate_query() -> None:
    """The knowledge heads' access model and the timeline reasoner read the query package."""
    by_module = {
        _module(p): {imported for imported, _, _ in imports(p)}
        for p in (PACKAGE / "detect" / "knowledge" / "world_access.py", PACKAGE / "reason" / "timeline" / "__init__.py")
    }
    assert "worldstate.query" in by_module["worldstate.detect.knowledge.world_access"]
    assert "worldstate.query.ages" in by_module["worldstate.reason.timeline"]


def test_the_old_paths_still_answer_for_users_scripts() -> None:
    import worldstate.extract
    import worldstate.extract.timeline
    import worldstate.query

    for name in OLD_NAMES["worldstate.extract.timeline"]:
        assert getattr(worldstate.extract.timeline, name) is getattr(worldstate.query, name)
    assert worldstate.extract.accessible.__doc__ and "worldstate.query" in worldstate.extract.accessible.__doc__


def test_an_extraction_import_is_seen() -> None:
    """The reader sees an import inside a function, a relative one, and a subpackage imported by name."""
    assert _extract_module("worldstate.extract", ["coref"]) == ["worldstate.extract.coref"]
    assert _extract_module("worldstate.extract", ["accessible"]) == ["worldstate.extract"]
    assert _extract_module("worldstate.query", ["knows"]) == []
    source = (
        "def f():\n    from worldstate.extract.timeline.clause import sentence_views\n\nfrom ..extract import coref\n"
    )
    found = imports_in(source, "worldstate.detect.example")
    reached = sorted(t for imported, names, _ in found for t in _extract_module(imported, names))
    assert reached == ["worldstate.extract.coref", "worldstate.extract.timeline.clause"]
