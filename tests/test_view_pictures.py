"""Pictures a person can read: ``graph --render png`` on a 50-character story is a packed drawing (not a
strip) whose node boxes (labels inside) and relation labels do not overlap; the viewer's payload carries
per-character lanes, paragraph reflow and the one sentence numbering."""

from __future__ import annotations

import io
import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from cast_world import cast_world
from click.testing import CliRunner

from worldstate.cli.main import cli
from worldstate.state import to_json
from worldstate.state.graphs import entity_graph
from worldstate.view import build_payload
from worldstate.view.picture import picture_dot, picture_graph, short_label

ARTIFACTS = Path(__file__).parent / "artifacts"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' not installed")


@pytest.fixture(scope="module")
def cast():
    return cast_world(50)


def boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two (left, bottom, right, top) boxes share more than a hairline."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def graphviz_layout(dot_text: str) -> dict:
    done = subprocess.run(["dot", "-Tjson"], input=dot_text.encode("utf-8"), capture_output=True, check=True)
    return json.loads(done.stdout)


def node_box(obj: dict) -> tuple[float, float, float, float]:
    x, y = (float(v) for v in obj["pos"].split(","))
    w, h = float(obj["width"]) * 72 / 2, float(obj["height"]) * 72 / 2  # inches to points, half sizes
    return (x - w, y - h, x + w, y + h)


@needs_dot
def test_png_of_fifty_characters_is_a_packed_picture_not_a_strip(cast, tmp_path):
    from PIL import Image

    ws, _ = cast
    world = tmp_path / "cast.json"
    world.write_text(to_json(ws), encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    out = ARTIFACTS / "graph-50-characters.png"  # kept as a test artefact (git-ignored)
    result = CliRunner().invoke(cli, ["graph", "--world", str(world), "--render", "png", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "60 of 62 nodes" in result.output  # 50 characters first, then the best-connected places and objects
    image = Image.open(io.BytesIO(out.read_bytes()))
    print(f"\n50-character graph png: {out} ({image.width} x {image.height} px)")
    assert max(image.size) <= 2304, "the canvas is limited to 24 inches at 96 dpi"
    assert 1 / 2 <= image.width / image.height <= 2, f"{image.size} is a strip, not a picture"
    assert min(image.size) >= 800, "too small to read 50 labels"


@needs_dot
def test_graphviz_layout_has_no_overlapping_boxes_and_every_relation_labelled(cast):
    ws, _ = cast
    pic = picture_graph(entity_graph(ws))
    assert sum(1 for _, d in pic.nodes(data=True) if d["kind"] == "character") == 50
    layout = graphviz_layout(picture_dot(pic))
    objects = layout["objects"]
    boxes = {o["name"]: node_box(o) for o in objects}
    for a, b in itertools.combinations(boxes, 2):
        assert not boxes_overlap(boxes[a], boxes[b]), (
            f"{objects_label(objects, a)!r} overlaps {objects_label(objects, b)!r}"
        )
    characters = {o["label"] for o in objects if o["name"].startswith("n") and o.get("class") != "relation"}
    assert {short_label(ws.entity(f"c{i}").name) for i in range(50)} <= characters
    relations = {o["_gvid"]: o for o in objects if o["name"].startswith("r")}
    assert len(relations) == pic.number_of_edges() > 100
    into, out_of = {}, {}
    for edge in layout["edges"]:
        if edge["tail"] in relations:
            out_of[edge["tail"]] = edge
        if edge["head"] in relations:
            into[edge["head"]] = edge
    for gvid, rel in relations.items():  # every relation label sits on the way between its two entities
        assert rel["label"].strip() and gvid in into and gvid in out_of
    labels = {rel["label"] for rel in relations.values()}
    assert {"meet", "give", "tell", "location", "holds"} <= {part for lab in labels for part in lab.split(", ")}


def objects_label(objects: list[dict], name: str) -> str:
    return next(o["label"] for o in objects if o["name"] == name)


def test_payload_lanes_show_where_holds_traits_relations_and_knows_per_character(cast):
    ws, timeline = cast
    data = build_payload(ws, [], timeline=timeline)
    lanes = data["lanes"]
    assert len(lanes) == 50 and lanes[0]["name"] == "Anna"  # most mentioned first
    anna = lanes[0]
    assert [(b["label"], b["from"], b["to"]) for b in anna["where"]] == [("the mill", 0, 199)]  # never told to leave
    holder = next(lane for lane in lanes if lane["name"] == "Old Bertram")
    assert ("the golden key", 2) in {(b["label"], b["from"]) for b in holder["holds"]}
    knows = anna["knows"]
    assert knows and all(set(k) >= {"sentence", "label", "channel", "span"} for k in knows)
    start, end = anna["where"][0]["span"]
    assert "walked down the long road to the mill" in ws.story.text[start:end]
    bertram = holder
    assert [(b["label"], b["from"]) for b in bertram["traits"]] == [("age: old", 4)]
    assert [b["label"] for b in anna["relations"]] == ["friend of Old Bertram"]
    assert anna["traits"] == []


def test_payload_marks_paragraphs_to_reflow(cast):
    ws, _ = cast
    data = build_payload(ws, [])
    assert data["layout"] == "blank-lines"
    assert all(data["reflow"]), "hard-wrapped prose paragraphs flow"
    start, end = data["paragraphs"][0]
    assert "\n" in data["text"][start:end]  # the text (and its offsets) is unchanged


def test_verse_keeps_its_lines():
    from worldstate.state import Story, WorldState

    prose = ("The miller's daughter sat by the window and span all day long, " * 3).strip()
    verse = "Rapunzel, Rapunzel,\nLet down your hair,\nThat I may climb\nThe golden stair."
    story = Story.from_text(f"{prose}\n\n{verse}\n")
    data = build_payload(WorldState(story=story), [])
    assert data["reflow"] == [True, False]


def test_story_order_edges_carry_no_label_node():
    from test_view_html import viewer_world

    from worldstate.state.graphs import event_graph

    dot = picture_dot(picture_graph(event_graph(viewer_world())))
    assert "n0 -> n1" in dot and 'class="relation"' not in dot  # "next" says nothing an arrow does not
    entities = picture_dot(picture_graph(entity_graph(viewer_world())))
    assert 'label="scold"' in entities and 'class="relation"' in entities
