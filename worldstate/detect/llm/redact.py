"""Keeping secrets out of text that is logged, cached or reported."""

from __future__ import annotations

import re
from collections.abc import Iterable

_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}", re.I)
_KEY_LIKE = re.compile(r"\b(sk-[A-Za-z0-9_-]{8,})")


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with the given secrets, bearer tokens and ``sk-…`` keys replaced by ``[redacted]``."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    text = _BEARER.sub(r"\1[redacted]", text)
    return _KEY_LIKE.sub("[redacted]", text)
