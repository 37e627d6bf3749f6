"""The viewer in a real browser (headless Chromium via Selenium): clicks, highlights, screenshots.

Skips with a reason when Chromium, chromedriver or selenium is missing (``.ci/run`` installs them).
"""

from __future__ import annotations

import io
import itertools
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageStat
from test_view_html import viewer_world

from worldstate.state import Evidence, Finding
from worldstate.view import build_html

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium not installed (pip install -e '.[dev]')")
if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    pytest.skip("headless Chromium not installed (apt-get install chromium chromium-driver)", allow_module_level=True)

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        "--window-size=1500,900",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(120)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def open_page(driver: webdriver.Chrome, html: str, path: Path, timeout: float = 60) -> float:
    """Load ``html`` from a file and wait for the viewer to finish its first render; seconds taken."""
    path.write_text(html, encoding="utf-8")
    start = time.monotonic()
    driver.get(path.as_uri())
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    return time.monotonic() - start


def screenshot_variance(driver: webdriver.Chrome) -> float:
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("L")
    return ImageStat.Stat(image).var[0]


def test_click_character_and_finding(browser, tmp_path):
    ws = viewer_world()
    open_page(browser, build_html(ws), tmp_path / "page.html")
    chips = {c.text: c for c in browser.find_elements(By.CSS_SELECTOR, "#characters .chip")}
    assert set(chips) == {"Randall", "Maggie"}
    assert "flagged" in chips["Maggie"].get_attribute("class")
    assert screenshot_variance(browser) > 100, "page looks blank"

    chips["Randall"].click()
    panel = browser.find_element(By.ID, "knowledge").get_attribute("textContent")
    assert "What Randall knows (1)" in panel and "witnessed" in panel and "Randall crashed_into the oak" in panel

    browser.find_element(By.CSS_SELECTOR, "#findings li").click()
    active = browser.find_elements(By.CSS_SELECTOR, "#story mark.active")
    by_role = {m.get_attribute("class").split()[0]: m for m in active}
    assert by_role["role-error"].text == ws.findings[0].evidence[0].text
    assert by_role["role-support"].text == ws.findings[0].evidence[1].text
    panel = browser.find_element(By.ID, "knowledge").get_attribute("textContent")
    assert "What Maggie knows" in panel and "Flagged" in panel  # the finding selects its character
    sentence = by_role["role-error"].find_element(By.XPATH, "./ancestor::span[@class='sent']")
    assert sentence.get_attribute("data-s") == "4"

    browser.execute_script("document.querySelectorAll('#findings li').forEach(li => li.classList.remove('selected'))")
    browser.find_element(By.CSS_SELECTOR, "#story mark.role-error").click()  # a highlight links back to its finding
    assert browser.find_elements(By.CSS_SELECTOR, '#findings li.selected[data-finding="0"]')


def test_graph_and_timeline_tabs(browser, tmp_path):
    open_page(browser, build_html(viewer_world()), tmp_path / "page.html")
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="graph"]').click()
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#graph svg .node"))
    labels = browser.execute_script("return window.worldstateViewer.graphLabels()")
    assert sorted(labels) == ["Maggie", "Randall", "the oak", "the woods"]
    assert "4 of 4 entities" in browser.find_element(By.ID, "graph-info").text
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="timeline"]').click()
    rows = browser.find_elements(By.CSS_SELECTOR, "#timeline tbody tr")
    assert [r.find_elements(By.TAG_NAME, "td")[2].text for r in rows] == [
        "Randall check",
        "Maggie scold Randall",
        "Randall smash the oak",
        "Maggie say",
    ]
    assert browser.execute_script("return window.worldstateViewer.timelineLabels()") == [
        "Randall check",
        "Maggie scold Randall",
        "Randall smash the oak",
        "Maggie say",
    ]
    assert screenshot_variance(browser) > 100
    rows[2].click()
    flashed = browser.find_elements(By.CSS_SELECTOR, ".sent.flash")
    assert flashed and "smashes into an oak" in flashed[0].text


def test_hostile_text_renders_as_text(browser, tmp_path):
    hostile = (
        "Eve wrote </script><script>window.__pwned = 1</script> on the wall. "
        'She added <img src=x onerror="window.__pwned=2"> and &amp; &lt;b&gt; too.\n\nThen Eve left.\u2028The end.'
    )
    open_page(browser, build_html(viewer_world(hostile, raw=True)), tmp_path / "hostile.html")
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "#story img") == []
    story = browser.find_element(By.ID, "story").get_attribute("textContent")
    assert "<script>window.__pwned = 1</script>" in story and "&amp; &lt;b&gt;" in story
    assert "left.\u2028The end." in story


def test_five_megabyte_story_stays_responsive(browser, tmp_path):
    paragraph = "Anna walked to the harbour and watched the ships come in while Tom mended the nets. " * 6
    paragraphs = [f"{i}. {paragraph}" for i in range(10_000)]
    ws = viewer_world("\n\n".join(paragraphs) + "\n\nAt last the key does nothing and Tom stays.")
    story = ws.story
    assert len(story.text) > 5_000_000
    quote = "the key does nothing"
    ws.findings = [Finding("continuity", 0.7, "late finding", [Evidence(story.find(quote), quote)])]
    seconds = open_page(browser, build_html(ws), tmp_path / "big.html", timeout=90)
    assert seconds < 60, f"5 MB page took {seconds:.1f} s to render"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#story p")) < 200  # one page, not the whole story
    assert "page 1 of" in browser.find_element(By.ID, "page-label").text
    start = time.monotonic()
    browser.find_element(By.CSS_SELECTOR, "#findings li").click()
    active = browser.find_elements(By.CSS_SELECTOR, "#story mark.active")
    assert [m.text for m in active] == [quote]
    assert time.monotonic() - start < 10


def _extractor_missing() -> bool:
    import importlib

    try:
        return not callable(importlib.import_module("worldstate.extract").extract_world_state)
    except (ImportError, AttributeError):
        return True


def test_ikd_erroneous_story_end_to_end(browser, tmp_path, shared_data):
    """``worldstate view`` on an IKD erroneous story: characters, findings and their evidence in the page."""
    import importlib.util
    import json

    from click.testing import CliRunner

    from worldstate.cli.main import cli

    if _extractor_missing():
        pytest.skip("the extractor (worldstate.extract.extract_world_state) is not available yet")
    item = json.loads((shared_data / "act_on_known/IKD/errors/erroneous_story_164.json").read_text(encoding="utf-8"))
    story = tmp_path / "ikd_164.txt"
    story.write_text(item["story"], encoding="utf-8")  # only the story text goes in
    out = tmp_path / "ikd_164.html"
    result = CliRunner().invoke(cli, ["view", str(story), "--out", str(out)])
    assert result.exit_code == 0, result.output
    open_page(browser, out.read_text(encoding="utf-8"), tmp_path / "page.html")
    names = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#characters .chip")]
    assert "Antonia" in names
    assert screenshot_variance(browser) > 100
    notes = browser.find_element(By.ID, "notes").get_attribute("textContent")
    for module in ("worldstate.detect.knowledge.implausible", "worldstate.detect.continuity.head"):
        if importlib.util.find_spec(module) is None:  # a detector not installed yet is named on the page
            assert f"{module}." in notes and "is not available" in notes
    items = browser.find_elements(By.CSS_SELECTOR, "#findings li[data-finding]")
    for item_el in items[:3]:  # every finding links to highlighted evidence in the story
        item_el.click()
        active = browser.find_elements(By.CSS_SELECTOR, "#story mark.active")
        assert active and all(m.text.strip() for m in active)
        flagged = browser.find_elements(By.CSS_SELECTOR, "#characters .chip.flagged.selected")
        if "—" in item_el.text:  # a finding about a character selects that character
            assert flagged and "Flagged" in browser.find_element(By.ID, "knowledge").get_attribute("textContent")


# ---- pictures a person can read, at 1280 x 800 -------------------------------------------------------
ARTIFACTS = Path(__file__).parent / "artifacts"  # git-ignored; the screenshots are kept there


def at_1280_by_800(driver: webdriver.Chrome) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
    )


def keep_screenshot(driver: webdriver.Chrome, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    driver.save_screenshot(str(path))
    print(f"\nscreenshot: {path}")
    return path


def rects(driver: webdriver.Chrome, selector: str) -> list[dict]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => {"
        " const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom,"
        " text: e.textContent}; })",
        selector,
    )


def overlapping(a: dict, b: dict, tolerance: float = 0.5) -> bool:
    return (
        min(a["r"], b["r"]) - max(a["l"], b["l"]) > tolerance and min(a["b"], b["b"]) - max(a["t"], b["t"]) > tolerance
    )


@pytest.fixture(scope="module")
def cast_page(browser, tmp_path_factory):
    """The viewer for a 50-character story, with one finding, open at 1280 x 800."""
    from cast_world import cast_world

    ws, timeline = cast_world(50)
    story = ws.story
    quote = story.span_text(story.sentences[57].span)
    ws.findings = [
        Finding("continuity", 0.9, "a planted finding", [Evidence(story.sentences[57].span, quote, "error", 57)])
    ]
    at_1280_by_800(browser)
    try:
        open_page(browser, build_html(ws, timeline=timeline), tmp_path_factory.mktemp("cast") / "cast.html")
        assert browser.execute_script("return [innerWidth, innerHeight]") == [1280, 800]
        yield browser, ws
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_fifty_character_graph_labels_never_overlap(cast_page):
    browser, ws = cast_page
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="graph"]').click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#graph svg .node"))
    keep_screenshot(browser, "viewer-graph-50-characters.png")
    for zoom in (None, "zoom-out", "zoom-out", "zoom-in"):
        if zoom:
            browser.find_element(By.ID, zoom).click()
        nodes = rects(browser, "#graph text.node-label")
        edges = rects(browser, "#graph .edge-label-box rect")
        assert len(nodes) == 60 and len(edges) > 100  # 50 characters + 10 places/objects; one label per pair
        assert {c.name for c in ws.characters()} <= set(
            browser.execute_script("return window.worldstateViewer.graphLabels()")
        )
        labels = nodes + edges
        clashes = [(a["text"], b["text"]) for a, b in itertools.combinations(labels, 2) if overlapping(a, b)]
        assert not clashes, f"{len(clashes)} overlapping labels after {zoom}, e.g. {clashes[:3]}"
    first = rects(browser, "#graph text.node-label")[0]
    assert first["b"] - first["t"] >= 8, "node labels too small to read at the first zoom"
    transform = browser.find_element(By.ID, "graph-view").get_attribute("transform")
    browser.find_element(By.ID, "zoom-in").click()
    assert browser.find_element(By.ID, "graph-view").get_attribute("transform") != transform
    browser.find_element(By.CSS_SELECTOR, '#graph .node[data-id="c0"]').click()  # a node selects its character
    assert "What Anna knows" in browser.find_element(By.ID, "knowledge").get_attribute("textContent")


def test_lanes_per_character_show_where_holds_traits_relations_and_knows(cast_page):
    browser, _ws = cast_page
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="timeline"]').click()
    lanes = browser.find_elements(By.CSS_SELECTOR, "#lanes .lane[data-character]")
    assert len(lanes) == 12  # the most mentioned; the others behind a button
    keep_screenshot(browser, "viewer-lanes-50-characters.png")
    for box in rects(browser, "#lanes .lane[data-character]"):
        assert box["b"] - box["t"] >= 20, "a lane must be at least 20 px high"
    names = [lane.find_element(By.CSS_SELECTOR, ".lane-name").text for lane in lanes]
    assert names[:2] == ["Anna", "Old Bertram"]
    browser.find_element(By.ID, "lanes-more").click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#lanes .lane[data-character]")) == 50
    bertram = browser.find_element(By.CSS_SELECTOR, '#lanes .lane[data-character="c1"]')
    where = bertram.find_element(By.CSS_SELECTOR, ".bar-where")
    holds = bertram.find_element(By.CSS_SELECTOR, ".bar-holds")
    assert where.text == "the forest" and where.get_attribute("title").startswith("at the forest, s5\u2013end")
    assert holds.get_attribute("title").startswith(
        "holds the golden key, s3\u2013s27"
    )  # until Queen Gretel gives it on
    ticks = bertram.find_elements(By.CSS_SELECTOR, ".lane-tick")
    assert ticks and any("(told by" in t.get_attribute("title") for t in ticks)
    trait = bertram.find_element(By.CSS_SELECTOR, ".row-traits .bar-trait")  # "Old Bertram": age old
    assert trait.text == "age: old" and trait.get_attribute("title").startswith("is age: old, s5\u2013end")
    friend = bertram.find_element(By.CSS_SELECTOR, ".row-relations .bar-relation")
    assert friend.get_attribute("title").startswith("friend of Princess Clara of the Glass Mountain, s6\u2013end")
    anna = browser.find_element(By.CSS_SELECTOR, '#lanes .lane[data-character="c0"]')
    assert not anna.find_elements(By.CSS_SELECTOR, ".row-traits")  # no trait told: no empty row
    holds.click()  # the evidence shows in the story pane
    flashed = browser.find_elements(By.CSS_SELECTOR, ".sent.flash")
    assert flashed and "Anna gave the golden key to Old Bertram" in " ".join(flashed[0].text.split())


def test_story_paragraphs_reflow_with_offsets_kept(cast_page):
    browser, ws = cast_page
    first = browser.find_element(By.CSS_SELECTOR, '#story p[data-p="0"]')
    source = first.get_attribute("textContent")
    start, end = ws.story.paragraphs[0].span.start, ws.story.paragraphs[0].span.end
    assert source == ws.story.text[start:end] and source.count("\n") >= 2  # one element, several source lines
    assert "flow" in first.get_attribute("class")
    # a reflowed line break is a space: some words on either side of a source line break share a rendered line
    same_line = browser.execute_script(
        """const p = arguments[0], out = [];
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = node.data.indexOf('\\n'); i > 0 && i < node.data.length - 1; i = node.data.indexOf('\\n', i + 1)) {
            const before = document.createRange(), after = document.createRange();
            before.setStart(node, i - 1); before.setEnd(node, i);
            after.setStart(node, i + 1); after.setEnd(node, i + 2);
            out.push(Math.abs(before.getBoundingClientRect().top - after.getBoundingClientRect().top) < 2);
          }
        }
        return out;""",
        first,
    )
    assert len(same_line) >= 2 and any(same_line), "source line breaks still break the rendered lines"
    keep_screenshot(browser, "viewer-story-reflowed.png")


def test_sentence_numbers_match_the_json_indexes(cast_page):
    browser, ws = cast_page
    finding = browser.find_element(By.CSS_SELECTOR, '#findings li[data-finding="0"]')
    assert "s58" in finding.text  # JSON index 57 is shown as s58, as the CLI shows it
    finding.click()
    sentence = browser.find_element(By.CSS_SELECTOR, '#story .sent[data-s="57"]')
    assert sentence.get_attribute("title") == "sentence 58"
    assert " ".join(sentence.text.split()) == " ".join(ws.story.span_text(ws.story.sentences[57].span).split())
    active = browser.find_elements(By.CSS_SELECTOR, "#story mark.active")
    assert active and active[0].find_element(By.XPATH, "./ancestor::span[@class='sent']") == sentence


def test_state_cli_json_and_viewer_lanes_number_sentences_alike(browser, tmp_path):
    """``state --at`` (1-based), its JSON (0-based) and the viewer's lanes (from the same World.timeline)
    name the same sentences."""
    import json

    from click.testing import CliRunner

    from worldstate.cli.main import cli

    if _extractor_missing():
        pytest.skip("the extractor (worldstate.extract.extract_world_state) is not available yet")
    story = tmp_path / "hans.txt"
    story.write_text(
        "Hans lived in a mill by the river. One morning Hans walked to the forest. "
        "There Hans found a golden key under a stone. In the evening Hans went back to the mill.\n",
        encoding="utf-8",
    )
    args = ["state", str(story), "--at", "3", "--entity", "Hans"]
    as_json = json.loads(CliRunner().invoke(cli, [*args, "--json"]).stdout)
    text = CliRunner().invoke(cli, args).stdout
    where = as_json["characters"][0]["location"]
    assert as_json["sentence"] == 2 and text.startswith("State at the end of s3:")
    assert f"{where['value_text']} (since s{where['since'] + 1}:" in text
    out = tmp_path / "hans.html"
    assert CliRunner().invoke(cli, ["view", str(story), "--out", str(out), "--no-detect"]).exit_code == 0
    open_page(browser, out.read_text(encoding="utf-8"), tmp_path / "page.html")
    browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="timeline"]').click()
    lane = browser.find_element(By.CSS_SELECTOR, f'#lanes .lane[data-character="{as_json["characters"][0]["entity"]}"]')
    titles = [b.get_attribute("title") for b in lane.find_elements(By.CSS_SELECTOR, ".bar-where")]
    until = "end" if where["until"] is None else f"s{where['until'] + 1}"
    assert any(t.startswith(f"at {where['value_text']}, s{where['since'] + 1}\u2013{until}") for t in titles), titles
    ticks = [t.get_attribute("title") for t in lane.find_elements(By.CSS_SELECTOR, ".lane-tick")]
    for known in as_json["characters"][0]["knows"]:  # what the CLI says Hans knows, the lane shows at that sentence
        told = f"s{known['since'] + 1}: knows what s{known['sentence'] + 1} tells ({known['channel']}"
        assert any(t.startswith(told) for t in ticks), (told, ticks)
