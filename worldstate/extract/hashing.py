"""CRC-32 of feature strings, remembered per process: the mention classifier and the realis tagger hash
every feature of every candidate (half a million strings on a 20,000-word story, most of them repeats)."""

from __future__ import annotations

import zlib
from collections.abc import Iterable

MEMO_LIMIT = 1_000_000  # strings remembered before the memo starts afresh
_remembered: dict[str, int] = {}  # feature string → its CRC-32, this process


def crc32_of(features: Iterable[str]) -> list[int]:
    """``zlib.crc32`` of each string's UTF-8 bytes (stable across processes and platforms)."""
    memo = _remembered
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    features = features if isinstance(features, list) else list(features)
    out = list(map(memo.get, features))  # the remembered ones in one pass; None marks a string not seen yet
    if None in out:
        for i, value in enumerate(out):
            if value is None:
                feature = features[i]
                value = memo.get(feature)  # the same new string twice in one list
                if value is None:
                    value = memo[feature] = zlib.crc32(feature.encode("utf-8"))
                out[i] = value
    return out
