"""The package's modules import one another without cycles.

The graph is read from the source (``ast``), not from a running interpreter, so it sees every import a
module can make. What counts as an edge A → B: every ``import``/``from … import`` of B in A, wherever it
stands — at module level, inside a function (a deferred import is still a dependency, and the usual way
a cycle is hidden), and under ``if TYPE_CHECKING:`` (a type one module needs from the other is a
dependency of its design, as the speech extractor's private turn type was). Not counted: an import of
a module's own ancestor package (``worldstate.detect.llm.factory`` → ``worldstate.detect.llm``):
Python imports every parent package before the submodule, so that edge is always there.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "worldstate"

# Cycles left to break, each with the reason it stays for now; the test fails on any other cycle, and on
# a listed one that is gone (so that the list only shrinks).
KNOWN: dict[frozenset[str], str] = {}


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _module_of(name: str, known: dict[str, Path]) -> str | None:
    """The package module that ``name`` (a module, or a name inside one) belongs to."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # a relative import
        parts = module.split(".") if is_package else module.split(".")[:-1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join(parts + ([node.module] if node.module else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def import_graph() -> nx.DiGraph:
    """Module → the package modules it imports (see the module docstring for what counts)."""
    known = modules()
    graph = nx.DiGraph()
    for module, path in known.items():
        graph.add_node(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for name in _imported(node, module, path.name == "__init__.py", known):
                target = _module_of(name, known)
                if target and target != module and not module.startswith(target + "."):
                    graph.add_edge(module, target, line=node.lineno)
    return graph


def cycles(graph: nx.DiGraph) -> dict[frozenset[str], list[str]]:
    """Each group of modules that import one another (a strongly connected component), with one cycle
    through it as an example."""
    out = {}
    for group in nx.strongly_connected_components(graph):
        if len(group) > 1:
            example = next(nx.simple_cycles(graph.subgraph(group)))
            out[frozenset(group)] = example
    return out


def test_the_graph_sees_imports_at_every_level() -> None:
    graph = import_graph()
    assert graph.has_edge("worldstate.extract.builder", "worldstate.stages")  # module level
    assert graph.has_edge("worldstate.analysis", "worldstate.extract.builder")  # inside a function
    assert graph.has_edge("worldstate.extract.speakers", "worldstate.extract.speech_turns")  # TYPE_CHECKING
    assert not graph.has_edge("worldstate.detect.llm.factory", "worldstate.detect.llm")  # its own package


def test_no_import_cycles() -> None:
    graph = import_graph()
    found = cycles(graph)
    new = {
        group: " -> ".join([*example, example[0]])
        + "  ("
        + ", ".join(f"{a}:{graph[a][b]['line']}" for a, b in zip(example, [*example[1:], example[0]], strict=True))
        + ")"
        for group, example in found.items()
        if group not in KNOWN
    }
    assert not new, "import cycles (move the shared part into a small module):\n" + "\n".join(new.values())
    gone = [sorted(group) for group in KNOWN if group not in found]
    assert not gone, f"these cycles are gone: remove them from KNOWN: {gone}"


def test_a_cycle_is_found() -> None:
    graph = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    assert list(cycles(graph)) == [frozenset({"a", "b", "c"})]
