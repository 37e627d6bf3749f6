"""The lazy layers of a :class:`~worldstate.analysis.World`: declared here, built on first use, read
through ``world.layer(name)``.

The extraction stages (:mod:`worldstate.extract.builder`) run when a text is analysed; a lazy layer is
built only when something reads it, once per World. Each is declared with the function that builds it
from the World, named ``"module:function"`` (resolved by :func:`worldstate.refs.resolve`) so that this list (and :mod:`worldstate.analysis`) imports
none of the modules that build them. Only ``World.layer`` stores a layer; a module that needs a value per
World declares a layer here instead of keeping its own cache.

The declarations are data (``resources/data/layers.yaml``). Add a layer: write ``def build(world: World) ->
T`` in your module, add a row to that file, and read it with ``world.layer("your.name")`` (see
docs/extending.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.data import load_yaml
from worldstate.errors import ConfigError


@dataclass(frozen=True)
class Layer:
    """One lazy layer: its name, the ``module:function`` that builds it from a World, and what it holds."""

    name: str
    build: str
    doc: str


LAYERS: dict[str, Layer] = {
    row["name"]: Layer(str(row["name"]), str(row["build"]), str(row["doc"]))
    for row in load_yaml("resources", "data/layers.yaml")
}


def declared(name: str) -> Layer:
    """The declared layer ``name``; a :class:`~worldstate.errors.ConfigError` listing the layers otherwise."""
    layer = LAYERS.get(name)
    if layer is None:
        raise ConfigError(f"unknown layer {name!r}: the layers are {', '.join(LAYERS)}")
    return layer
