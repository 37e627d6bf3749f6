"""The layers a saved world keeps beside its world state, so that reading it back never parses the story again.

``worldstate state`` reads the per-entity timeline, the presence layer and the lists the knowledge query reads
from the parse ('heard this', 'told her that', 'saw that', 'did not know', 'told her sister', 'read the
letter'); each is a lazy layer of the World (:mod:`worldstate.layers`), built from the parse on first use. A
saved world stores them as plain JSON under ``layers``, keyed by their layer names (with its own
``version``), plus the character ranges the parser read, so a task head that does need spaCy Docs parses
exactly the pieces the analysis parsed. :func:`restore_layers` reads them back, checked, as the values
:meth:`World.preload <worldstate.analysis.World.preload>` fills the World's layers with.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from worldstate.state.serialize import SchemaError, from_plain, to_dict
from worldstate.state.timeline import Timeline

if TYPE_CHECKING:
    from worldstate.analysis import World

LAYERS_VERSION = 2  # 2: the query.fallback rows

# the saved layers made of rows, and what each item of a row is: "s" a sentence number of the story, "id" an
# entity id, "id?" one or null, "int" an integer
ROWS: dict[str, tuple[str, ...]] = {
    "timeline.heard": ("s", "id"),  # (sentence, hearer)
    "timeline.reported_speech": ("s", "id?", "id"),  # (sentence, teller, hearer)
    "timeline.perceived": ("s", "id"),  # (sentence, perceiver)
    "timeline.retold": ("s", "id?", "id"),  # (sentence, teller, hearer)
    "timeline.letters": ("s", "s", "id"),  # (content sentence, reading sentence, reader)
    "parse.chunk_ranges": ("int", "int"),  # (start, end) characters
    # (sentence, slot, entity, words, party, text, start, end): query/fallback.py
    "query.fallback": ("s", "id", "id", "id", "id", "id", "int", "int"),
}
_OVERHEARD = ("s", "id", "s", "id?")  # (sentence heard, hearer, sentence telling it, speaker)
_SETS = ("present", "asleep", "agents")  # the presence layer's per-sentence sets of entity ids


def layers_dict(world: World) -> dict[str, Any]:
    """The saved layers of ``world`` as plain JSON (builds those not built yet)."""
    from worldstate.extract.timeline.presence import presence

    layer = presence(world)
    out: dict[str, Any] = {"version": LAYERS_VERSION, "timeline": to_dict(world.timeline)}
    out["timeline.presence"] = {
        **{name: [sorted(s) for s in getattr(layer, name)] for name in _SETS},
        "insiders": [None if s is None else sorted(s) for s in layer.insiders],
        "overheard": [list(row) for row in layer.overheard],
    }
    out.update({name: [list(row) for row in world.layer(name)] for name in ROWS})
    out["timeline.denials"] = {str(k): sorted(v) for k, v in sorted(world.layer("timeline.denials").items())}
    return out


def restore_layers(world: World, data: Any) -> dict[str, Any]:
    """The saved ``layers`` read back for ``world`` (layer name → value); SchemaError naming the part that does
    not fit."""
    from worldstate.extract.timeline.presence import Presence

    if not isinstance(data, dict):
        raise SchemaError("field 'layers': expected an object")
    if data.get("version") != LAYERS_VERSION:
        raise SchemaError(f"field 'layers': version {data.get('version')!r} is not {LAYERS_VERSION}")
    n = len(world.story.sentences)
    values: dict[str, Any] = {"timeline": from_plain(Timeline, data.get("timeline"), "layers.timeline")}
    raw = _object(data, "timeline.presence")
    sets = {
        name: [frozenset(_names(v, f"timeline.presence.{name}[{i}]")) for i, v in enumerate(_list(raw, name))]
        for name in _SETS
    }
    insiders = [
        None if v is None else frozenset(_names(v, f"timeline.presence.insiders[{i}]"))
        for i, v in enumerate(_list(raw, "insiders"))
    ]
    overheard = [
        _row(v, _OVERHEARD, n, f"timeline.presence.overheard[{i}]") for i, v in enumerate(_list(raw, "overheard"))
    ]
    values["timeline.presence"] = Presence(insiders=insiders, overheard=overheard, **sets)  # type: ignore[arg-type]
    for name, kinds in ROWS.items():
        values[name] = [_row(v, kinds, n, f"{name}[{i}]") for i, v in enumerate(_list(data, name))]
    found = _object(data, "timeline.denials")
    try:
        values["timeline.denials"] = {int(k): set(_names(v, f"timeline.denials.{k}")) for k, v in found.items()}
    except ValueError:
        raise SchemaError("field 'layers.timeline.denials': keys must be sentence numbers") from None
    return values


def _object(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise SchemaError(f"field 'layers.{key}': expected an object")
    return value


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise SchemaError(f"field 'layers.{key}': expected a list")
    return value


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SchemaError(f"field 'layers.{where}': expected a list of entity ids")
    return value


def _row(value: Any, kinds: tuple[str, ...], sentences: int, where: str) -> tuple[Any, ...]:
    """A saved row as a tuple, each item checked against its kind (see ``ROWS``)."""
    if not isinstance(value, list) or len(value) != len(kinds):
        raise SchemaError(f"field 'layers.{where}': expected a list of {len(kinds)} items")
    for item, kind in zip(value, kinds, strict=True):
        if kind in ("s", "int"):
            ok = type(item) is int and (kind == "int" or 0 <= item < sentences)
        else:
            ok = isinstance(item, str) or (kind == "id?" and item is None)
        if not ok:
            what = {"s": f"a sentence number below {sentences}", "int": "an integer"}.get(kind, "an entity id")
            raise SchemaError(f"field 'layers.{where}': {json.dumps(item)} is not {what}")
    return tuple(value)
