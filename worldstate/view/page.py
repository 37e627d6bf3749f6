"""Assemble the one self-contained HTML page: template + inlined CSS/JS + the data as escaped JSON."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from worldstate.data import read_text

# Placeholders in template.html, each replaced exactly once in a single pass (inserted text is
# never re-scanned, so story text cannot smuggle in a placeholder).
_SLOTS = re.compile(r"/\*@(CSS|LAYOUT|VIEWER)@\*/|@DATA@")

# Characters that could end a <script> block or confuse an HTML parser, as JSON escapes.
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_JSON_UNSAFE = re.compile("[<>&\u2028\u2029]")


@cache
def _asset(name: str) -> str:
    return read_text("view", name)


def json_for_script(data: Any) -> str:
    """JSON text safe inside ``<script type="application/json">``: ``<``, ``>``, ``&``, U+2028/9 escaped."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _JSON_UNSAFE.sub(lambda m: _JSON_ESCAPES[m.group(0)], text)


def _inline_script(code: str) -> str:
    """Script text that cannot close its own ``<script>`` element early."""
    return re.sub(r"</(script)", r"<\\/\1", code, flags=re.I)


def render_page(payload: dict[str, Any]) -> str:
    """The complete HTML document for ``payload`` (see ``worldstate.view.payload``)."""
    parts = {
        "CSS": _asset("viewer.css"),
        "LAYOUT": _inline_script(_asset("layout.js")),
        "VIEWER": _inline_script(_asset("viewer.js")),
        "DATA": json_for_script(payload),
    }
    return _SLOTS.sub(lambda m: parts[m.group(1) or "DATA"], _asset("template.html"))
