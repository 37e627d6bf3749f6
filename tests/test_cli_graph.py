"""``worldstate graph``: exports that open in Gephi/yEd (GraphML), Graphviz (DOT) and networkx (JSON)."""

from __future__ import annotations

import io
import json
import shutil

import networkx as nx
import pydot
import pytest
from click.testing import CliRunner
from test_view_html import viewer_world

from worldstate.cli.main import cli
from worldstate.state import to_json


@pytest.fixture()
def world_file(tmp_path):
    path = tmp_path / "world.json"
    path.write_text(to_json(viewer_world()), encoding="utf-8")
    return path


def run(*args: str):
    return CliRunner().invoke(cli, ["graph", *args])


def test_node_link_json_loads_in_networkx(world_file):
    result = run("--world", str(world_file), "--view", "entities", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"directed", "multigraph", "graph", "nodes", "links"}  # node_link_data(edges="links")
    g = nx.node_link_graph(data, edges="links")
    assert {g.nodes[n]["label"] for n in g.nodes} == {"Randall", "Maggie", "the oak", "the woods"}
    assert ("e2", "e1") in g.edges() and ("e1", "e3") in g.edges()


def test_graphml_file_reads_back(world_file, tmp_path):
    out = tmp_path / "events.graphml"
    result = run("--world", str(world_file), "--view", "events", "--format", "graphml", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "events graph (4 nodes, 3 edges)" in result.output
    g = nx.read_graphml(out)
    assert [g.nodes[n]["label"] for n in nx.topological_sort(g)] == [
        "Randall check",
        "Maggie scold Randall",
        "Randall smash the oak",
        "Maggie say",
    ]


def test_dot_parses_with_graphviz_syntax(world_file):
    result = run("--world", str(world_file), "--view", "knowledge", "--character", "Maggie", "--format", "dot")
    assert result.exit_code == 0, result.output
    (graph,) = pydot.graph_from_dot_data(result.stdout)
    labels = {n.get_label().strip('"') for n in graph.get_nodes() if n.get_label()}
    assert labels == {"Maggie", "Randall crashed_into the oak"}
    assert graph.get_edges()[0].get("channel").strip('"') == "thought"


def test_unknown_character_is_a_clear_error(world_file):
    result = run("--world", str(world_file), "--view", "knowledge", "--character", "Zed")
    assert result.exit_code == 2
    assert "no character named 'Zed' (characters: Randall, Maggie)" in result.output


def test_render_png_without_graphviz_is_a_clear_error(world_file, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no 'dot'
    result = run("--world", str(world_file), "--render", "png", "--out", str(tmp_path / "g.png"))
    assert result.exit_code == 2
    assert "needs Graphviz's 'dot' on PATH" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "g.png").exists()
    result = run("--world", str(world_file), "--render", "png")
    assert result.exit_code != 0 and "give --out" in result.output


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' not installed")
def test_render_png_with_graphviz(world_file, tmp_path):
    from PIL import Image

    out = tmp_path / "g.png"
    result = run("--world", str(world_file), "--render", "png", "--out", str(out))
    assert result.exit_code == 0, result.output
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG" and image.width > 50


@pytest.mark.parametrize("to_file", [True, False])
def test_gexf_reads_back_in_networkx(world_file, tmp_path, to_file):
    out = tmp_path / "entities.gexf"
    args = ["--world", str(world_file), "--view", "entities", "--format", "gexf"]
    result = run(*args, "--out", str(out)) if to_file else run(*args)
    assert result.exit_code == 0, result.output
    g = nx.read_gexf(out if to_file else io.BytesIO(result.stdout.encode("utf-8")))
    assert {g.nodes[n]["label"] for n in g.nodes} == {"Randall", "Maggie", "the oak", "the woods"}
    assert g.has_edge("e2", "e1") and g.has_edge("e1", "e3")


def test_node_link_json_file_reads_back(world_file, tmp_path):
    out = tmp_path / "events.json"
    result = run("--world", str(world_file), "--view", "events", "--format", "json", "--out", str(out))
    assert result.exit_code == 0, result.output
    g = nx.node_link_graph(json.loads(out.read_text(encoding="utf-8")), edges="links")
    expected = nx.node_link_graph(json.loads(run("--world", str(world_file), "--view", "events").stdout), edges="links")
    assert g.number_of_nodes() == 4 and nx.utils.graphs_equal(g, expected)
