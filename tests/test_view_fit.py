"""The viewer fits its pane (headless Chromium): "fit" shows the whole graph, lane labels are whole words,
and every place that counts findings gives one count.

The pages are built from generated payloads (``build_payload`` of a small world, its graph and lanes
replaced), so the sizes tested do not depend on what the extractor finds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_view_browser import By, WebDriverWait, browser, open_page  # noqa: F401  (skips without Chromium)
from test_view_html import viewer_world

from worldstate.state import Evidence, Finding
from worldstate.view import build_payload, render_page
from worldstate.view.findings import verify_evidence

KINDS = ("character", "place", "object", "group")
RELATIONS = ("friend of", "lives in", "holds", "married to", "sibling of", "serves", "fears", "owns")
WORDS = ("old", "grey", "wicked", "little", "golden", "king's", "far", "northern", "silver", "quiet")


def synthetic_graph(n: int) -> dict[str, Any]:
    """``n`` nodes with labels of varied length, a spanning tree plus cross links (about 1.6 edges a node)."""
    nodes = []
    for i in range(n):
        words = " ".join(WORDS[(i * k) % len(WORDS)] for k in range(1, 1 + i % 4))
        nodes.append(
            {"id": f"n{i}", "label": f"{words} Name{i}".strip(), "kind": KINDS[i % 4], "mentions": 1 + (97 * i) % 40}
        )
    edges = []
    for i in range(1, n):
        edges.append((i, (i - 1) // 2))
        if i % 3 == 0:
            edges.append(((i * 7) % n, i))
    out = [
        {
            "id": f"r{k}",
            "source": f"n{s}",
            "target": f"n{t}",
            "label": RELATIONS[k % len(RELATIONS)],
            "weight": 1,
            "sentence": k % 5,
        }
        for k, (s, t) in enumerate(edges)
        if s != t
    ]
    return {"nodes": nodes, "edges": out, "total_nodes": n, "total_edges": len(out)}


def page_html(**replace: Any) -> str:
    """The viewer page of the small test world with parts of its payload replaced."""
    ws = viewer_world()
    checked, notes = verify_evidence(ws.findings, ws.story)
    payload = build_payload(ws, checked, notes)
    payload.update(replace)
    return render_page(payload)


@pytest.fixture
def viewport(browser) -> Iterator[Any]:  # noqa: F811
    """Set the window's size (CSS pixels); cleared after the test."""

    def size(width: int, height: int) -> None:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    try:
        yield size
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def box(driver: Any, selector: str) -> list[dict[str, float]]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => {"
        " const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; })",
        selector,
    )


@pytest.mark.parametrize("width,height", [(1280, 800), (800, 600)])
@pytest.mark.parametrize("n", [10, 60, 200])
def test_fit_shows_every_node_inside_the_pane(browser, viewport, tmp_path, n, width, height):  # noqa: F811
    viewport(width, height)
    open_page(browser, page_html(graph=synthetic_graph(n)), tmp_path / "graph.html")
    assert browser.execute_script("return [innerWidth, innerHeight]") == [width, height]
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="graph"]').click()
    WebDriverWait(browser, 60).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#graph svg .node")) == n)
    browser.find_element(By.ID, "zoom-in").click()  # fit from wherever the reader left it
    browser.find_element(By.ID, "zoom-fit").click()
    (pane,) = box(browser, "#graph")
    assert pane["l"] >= 0 and pane["t"] >= 0 and pane["r"] <= width + 0.5 and pane["b"] <= height + 0.5, (
        f"the graph pane {pane} is not inside the {width}x{height} window"
    )
    nodes = box(browser, "#graph .node")
    assert len(nodes) == n
    outside = [
        b
        for b in nodes
        if b["l"] < pane["l"] - 0.5 or b["t"] < pane["t"] - 0.5 or b["r"] > pane["r"] + 0.5 or b["b"] > pane["b"] + 0.5
    ]
    assert not outside, f"{len(outside)} of {n} nodes outside the {pane} pane after fit, e.g. {outside[:2]}"
    labels = box(browser, "#graph .edge-label-box")
    assert all(pane["l"] - 0.5 <= b["l"] and b["r"] <= pane["r"] + 0.5 for b in labels)


LONG_PLACE = "the house of the old woman in the wood"
LANE_NAME = "Princess Clara of the Glass Mountain and her Brother"


def narrow_lanes() -> list[dict[str, Any]]:
    """Lanes over a 5-sentence story with bars one or two sentences long and labels of several words."""
    bar = {"span": [0, 10], "quote": "Randall checks"}
    return [
        {
            "id": "e1",
            "name": LANE_NAME,
            "mentions": 9,
            "where": [
                {**bar, "from": 0, "to": 0, "open": False, "label": LONG_PLACE},
                {**bar, "from": 1, "to": 2, "open": False, "label": "the hut"},
            ],
            "holds": [{**bar, "from": 0, "to": 1, "open": False, "label": "the golden key of the king"}],
            "dead": [{**bar, "from": 4, "to": 4, "open": True, "label": "dead"}],
            "traits": [{**bar, "from": 3, "to": 4, "open": True, "label": "hair: black as ebony"}],
            "relations": [{**bar, "from": 0, "to": 4, "open": True, "label": "friend of Maggie"}],
            "knows": [],
        },
        {
            "id": "e2",
            "name": "Maggie",
            "mentions": 3,
            "where": [],
            "holds": [],
            "dead": [],
            "traits": [],
            "relations": [],
            "knows": [],
        },
    ]


@pytest.mark.parametrize("width,height", [(1280, 800), (800, 600)])
def test_lane_labels_are_never_cut_mid_word(browser, viewport, tmp_path, width, height):  # noqa: F811
    viewport(width, height)
    lanes = narrow_lanes()
    open_page(browser, page_html(lanes=lanes), tmp_path / "lanes.html")
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="timeline"]').click()
    labels = [
        b["label"] for lane in lanes for row in ("where", "holds", "dead", "traits", "relations") for b in lane[row]
    ]
    for zoom in (None, "lanes-in", "lanes-in", "lanes-out"):
        if zoom:
            browser.find_element(By.ID, zoom).click()
        shown = browser.execute_script(
            "return Array.from(document.querySelectorAll('#lanes .lane-bar, #lanes .lane[data-character] .lane-name'))"
            ".map(e => ({text: e.textContent, title: e.title, clipped: e.scrollWidth > e.clientWidth + 0.5}))"
        )
        assert len(shown) == len(labels) + len(lanes)
        full_names = {*labels, *(lane["name"] for lane in lanes)}
        for item in shown:
            assert not item["clipped"], f"{item['text']!r} overflows its box (the browser cuts it) after {zoom}"
            full = max((name for name in full_names if name in item["title"]), key=len)  # the tooltip names it
            text = item["text"]
            assert text in ("", full) or (
                text.endswith("\u2026") and re.match(re.escape(text[:-1]) + r"\s", full) and text[:-1].strip()
            ), f"{text!r} cuts {full!r} mid-word"
    texts = [s["text"] for s in shown]
    assert "friend of Maggie" in texts or any(t.startswith("friend") for t in texts)  # a long bar shows its words


def test_one_count_of_findings_everywhere(browser, tmp_path):  # noqa: F811
    ws = viewer_world()
    s = ws.story.sentences
    quote = ws.story.span_text(s[2].span)
    sure = Finding("continuity", 0.9, "a sure one", [Evidence(s[2].span, quote, "error", 2)], probability=0.9)
    unsure = Finding(
        "continuity",
        0.3,
        "an unsure one",
        [Evidence(s[2].span, quote, "error", 2)],
        rule="other",
        probability=0.2,
        shown_by_default=False,
    )
    checked, notes = verify_evidence([*ws.findings, sure, unsure], ws.story)
    payload = build_payload(ws, checked, [*notes, "the continuity head could not run"])
    open_page(browser, render_page(payload), tmp_path / "counts.html")
    stats = browser.find_element(By.ID, "stats").text
    count = browser.find_element(By.ID, "finding-count").get_attribute("textContent")  # CSS shows it upper case
    assert "2 findings shown, 1 unsure" in stats
    assert count == "(2 shown, 1 unsure)"
    items = browser.find_elements(By.CSS_SELECTOR, "#findings li[data-finding]")
    assert len(items) == 3 and sum("unsure" in li.text for li in items) == 1
    numbers = re.findall(r"(\d+) (?:error|finding)", browser.find_element(By.TAG_NAME, "body").text)
    assert set(numbers) <= {"2"}, f"another count of findings on the page: {numbers}"
