"""Values computed once per live object, for objects that cannot be dictionary keys (dataclasses with
value equality, such as :class:`~worldstate.state.WorldState`).

A :class:`weakref.WeakKeyDictionary` needs hashable keys; this cache keys by the object itself through a
weak reference, so an entry never outlives its object and a new object at a reused address never finds an
old entry.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class IdentityCache(Generic[V]):
    """``get(obj, version, make)``: ``make()`` once per object and version (e.g. the lengths of the lists
    the value is computed from, so that a changed object is computed again)."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[object], Hashable, V]] = {}

    def get(self, obj: object, version: Hashable, make: Callable[[], V]) -> V:
        key = id(obj)
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is obj and entry[1] == version:
            return entry[2]
        value = make()
        self._entries[key] = (weakref.ref(obj, self._forget(key)), version, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def _forget(self, key: int) -> Callable[[weakref.ref[object]], None]:
        def forget(ref: weakref.ref[object]) -> None:
            entry = self._entries.get(key)
            if entry is not None and entry[0] is ref:
                del self._entries[key]

        return forget
