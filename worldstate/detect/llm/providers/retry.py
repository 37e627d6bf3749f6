"""Bounded retries: exponential backoff with jitter, honouring ``Retry-After`` up to a cap."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})


@dataclass
class RetryPolicy:
    """``attempts`` tries in all; waits ``base_s * 2**n`` (+ up to 25 % jitter), never above ``max_s``."""

    attempts: int = 4
    base_s: float = 0.5
    max_s: float = 8.0
    retry_after_cap_s: float = 30.0
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)

    def delay(self, attempt: int, retry_after: str | None = None) -> float:
        """Seconds to wait after failed try number ``attempt`` (0-based)."""
        hinted = parse_retry_after(retry_after)
        if hinted is not None:
            return min(hinted, self.retry_after_cap_s)
        wait = min(self.base_s * (2**attempt), self.max_s)
        return wait + random.uniform(0.0, wait * 0.25)


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header (delta seconds or an HTTP date), None when absent/bad."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
