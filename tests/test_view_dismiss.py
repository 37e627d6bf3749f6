"""Readable findings in the viewer, and a finding dismissed there staying dismissed when the page is written
again (headless Chromium; skipped where it is missing, like ``test_view_browser.py``)."""

from __future__ import annotations

from test_view_browser import By, browser, open_page  # noqa: F401  (its Chromium fixture; it skips without one)
from test_view_html import viewer_world

from worldstate.view import build_html

WHY = "Maggie is at the woods (narrated as fact)"


def page_with_why():
    ws = viewer_world()
    ws.findings[0].evidence[0].why = WHY
    ws.findings[0].shown_by_default = True
    return ws


def test_each_side_says_why_and_a_dismissal_survives_a_new_page(browser, tmp_path):  # noqa: F811
    ws = page_with_why()
    finding_id = ws.findings[0].id
    open_page(browser, build_html(ws), tmp_path / "page.html")
    browser.execute_script("window.localStorage.clear()")
    open_page(browser, build_html(ws), tmp_path / "page.html")
    item = browser.find_element(By.CSS_SELECTOR, "#findings li[data-finding]")
    assert f"why the engine believes it: {WHY}" in item.text
    assert browser.find_elements(By.CSS_SELECTOR, "#story mark")

    item.find_element(By.CSS_SELECTOR, "button.dismiss").click()
    assert browser.execute_script("return window.worldstateViewer.dismissed()") == [finding_id]
    gone = browser.find_element(By.CSS_SELECTOR, "#findings li.dismissed")
    line = gone.find_element(By.CSS_SELECTOR, "code.ignore-line").get_attribute("textContent")
    assert line == f"{finding_id}  dismissed in the viewer"  # the line for .worldstate-ignore
    assert browser.find_element(By.ID, "finding-count").get_attribute("textContent") == "(0, 1 dismissed)"
    assert not browser.find_elements(By.CSS_SELECTOR, "#story mark")  # its highlights go with it

    # `view` writes the page again after an edit elsewhere in the story: same finding, same id, still dismissed
    edited = page_with_why()
    edited.story.title = "bears, edited"
    assert edited.findings[0].id == finding_id
    open_page(browser, build_html(edited), tmp_path / "page.html")
    assert browser.find_elements(By.CSS_SELECTOR, "#findings li.dismissed")
    assert "0 findings, 1 dismissed" in browser.find_element(By.ID, "stats").text

    browser.find_element(By.CSS_SELECTOR, "#findings li.dismissed button.dismiss").click()  # undo
    assert browser.execute_script("return window.worldstateViewer.dismissed()") == []
    assert not browser.find_elements(By.CSS_SELECTOR, "#findings li.dismissed")
    browser.execute_script("window.localStorage.clear()")
