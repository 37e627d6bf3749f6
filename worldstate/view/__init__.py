"""The interactive world viewer: one self-contained HTML file per story (``worldstate view``).

``build_html`` turns a world state and its findings into the page; the page inlines its CSS,
its JavaScript (``viewer.js``: the graph layout, the lanes, the story pane) and the data, so it opens
without a network.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from worldstate.state import Finding, WorldState
from worldstate.state.timeline import Timeline
from worldstate.view.findings import verify_evidence
from worldstate.view.page import json_for_script, render_page
from worldstate.view.payload import Limits, build_payload

if TYPE_CHECKING:
    from worldstate.query import KnownFact


def build_html(
    ws: WorldState,
    findings: list[Finding] | None = None,
    notes: list[str] | None = None,
    limits: Limits | None = None,
    timeline: Timeline | None = None,
    known: Mapping[str, list[KnownFact]] | None = None,
) -> str:
    """The viewer page for ``ws``; ``findings`` default to the world state's own, evidence verified;
    ``timeline`` (``World.timeline``) and ``known`` (what each character knows, as ``worldstate state``
    says) fill the per-character lanes."""
    checked, dropped = verify_evidence(ws.findings if findings is None else findings, ws.story)
    return render_page(build_payload(ws, checked, [*(notes or []), *dropped], limits, timeline, known))


__all__ = ["Limits", "build_html", "build_payload", "json_for_script", "render_page"]
