"""Turning a model's text into a dict: JSON first, then careful repairs, then keyed lines. Never ``eval``.

Order of attempts on the text (after removing ``<think>…</think>`` blocks and code fences):

1. the first balanced ``{…}`` object, parsed with ``json.loads``;
2. the same object repaired: trailing commas removed, single-quoted strings turned into
   double-quoted ones, Python ``True/False/None`` turned into JSON literals (a small scanner that
   knows whether it is inside a string, not a regex over the whole text);
3. ``key: value`` lines for the keys the prompt expects (e.g. ``Answer: B``, ``Conclusion: Yes``);
4. a bare leading "yes"/"no" for the prompt's main yes/no key.

The result is then checked and coerced against the prompt's ``output_schema`` (see ``schema.py``).
"""

from __future__ import annotations

import json
import re
from typing import Any

_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.S)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_YES_NO = re.compile(r"^[\W_]*(yes|no)\b", re.I)


def strip_wrappers(text: str) -> str:
    """Text without reasoning blocks; the body of the first code fence when there is one."""
    text = _THINK.sub("", text)
    if "<think>" in text.lower():  # an unterminated reasoning block: keep what follows the last tag
        text = text[text.lower().rfind("</think>") + 8 :] if "</think>" in text.lower() else text
    fence = _FENCE.search(text)
    return fence.group(1) if fence else text


def first_object(text: str) -> str | None:
    """The first balanced ``{...}`` in ``text``, aware of (single- and double-) quoted strings."""
    start = text.find("{")
    while start >= 0:
        depth, i = 0, start
        while i < len(text):
            ch = text[i]
            if ch == '"' or (ch == "'" and _opens_single_quote(text, i)):
                i = _string_end(text, i, ch)
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start : i + 1]
            i += 1
        start = text.find("{", start + 1)
    return None


def _opens_single_quote(text: str, i: int) -> bool:
    """A ``'`` starts a string only where JSON expects a value or key (not an apostrophe in a word)."""
    j = i - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j < 0 or text[j] in "{[,:"


def repair_json(obj_text: str) -> str:
    """Rewrite near-JSON (single quotes, Python literals, trailing commas) into JSON text."""
    out: list[str] = []
    i, n = 0, len(obj_text)
    while i < n:
        ch = obj_text[i]
        if ch == '"':
            end = _string_end(obj_text, i, '"')
            out.append(obj_text[i:end])
            i = end
        elif ch == "'" and _opens_single_quote(obj_text, i):
            end = _string_end(obj_text, i, "'")
            body = obj_text[i + 1 : end - 1].replace("\\'", "'")
            out.append(json.dumps(body.replace('\\"', '"')))
            i = end
        elif obj_text.startswith(("True", "False", "None"), i) and not _word_char(obj_text, i - 1):
            word = next(w for w in ("True", "False", "None") if obj_text.startswith(w, i))
            out.append({"True": "true", "False": "false", "None": "null"}[word])
            i += len(word)
        else:
            out.append(ch)
            i += 1
    return _TRAILING_COMMA.sub(r"\1", "".join(out))


def _word_char(text: str, i: int) -> bool:
    return 0 <= i < len(text) and (text[i].isalnum() or text[i] == "_")


def _string_end(text: str, start: int, quote: str) -> int:
    """Index just past the string that opens at ``start``; the end of the text when unterminated."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            # A single quote followed by a letter is an apostrophe (e.g. 'the wolf's den'), not the end.
            if quote == "'" and i + 1 < len(text) and (text[i + 1].isalnum()):
                i += 1
                continue
            return i + 1
        i += 1
    return len(text)


def parse_keyed_lines(text: str, keys: list[str]) -> dict[str, Any]:
    """``key: value`` lines for the expected keys (case- and ``_``/space-insensitive), first value wins."""
    found: dict[str, Any] = {}
    body = strip_wrappers(text)
    for key in keys:
        label = re.escape(key).replace("_", "[ _]")
        m = re.search(rf"^[\s*#>-]*\**{label}\**\s*[:=]\s*(.+)$", body, re.I | re.M)
        if m:
            found[key] = m.group(1).strip().strip("*").strip()
    return found


def parse_output(text: str, keys: list[str], yes_no_key: str | None = None) -> tuple[dict[str, Any] | None, str]:
    """A dict from the model text and how it was obtained (``json``, ``repaired``, ``lines``, ``keyword``, ``none``).

    ``yes_no_key``: when nothing else parses and the text opens with a bare "yes"/"no", that answer
    fills this key.
    """
    body = strip_wrappers(text)
    obj = first_object(body)
    if obj is not None:
        try:
            value = json.loads(obj)
            if isinstance(value, dict):
                return value, "json"
        except json.JSONDecodeError:
            pass
        try:
            value = json.loads(repair_json(obj))
            if isinstance(value, dict):
                return value, "repaired"
        except json.JSONDecodeError:
            pass
    lines = parse_keyed_lines(body, keys)
    if lines:
        return lines, "lines"
    if yes_no_key:
        m = _YES_NO.match(body.strip())
        if m:
            return {yes_no_key: m.group(1).lower()}, "keyword"
    return None, "none"
