"""A SQLite cache of model responses, keyed by a hash of (provider, model, messages, params).

The key never includes the API key or the endpoint's credentials, and only the response text and
its token counts are stored. WAL mode and a busy timeout make the file safe to share between
processes; every operation opens its own short-lived connection, so threads can share one cache.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    text TEXT NOT NULL,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    created REAL NOT NULL
)
"""


@dataclass(frozen=True)
class CachedResponse:
    text: str
    prompt_tokens: int | None
    completion_tokens: int | None


def cache_key(provider: str, model: str, messages: list[dict[str, str]], params: dict[str, Any]) -> str:
    """sha256 over the request's content (never credentials)."""
    blob = json.dumps(
        {"provider": provider, "model": model, "messages": messages, "params": params},
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResponseCache:
    """Get/put model responses in ``path`` (created on first use). Failures to write only warn."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._ready = False

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=10.0)
        if not self._ready:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(_SCHEMA)
            conn.commit()
            self._ready = True
        return conn

    def get(self, key: str) -> CachedResponse | None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._connect()
            try:
                row = conn.execute(
                    "SELECT text, prompt_tokens, completion_tokens FROM responses WHERE key = ?", (key,)
                ).fetchone()
            finally:
                conn.close()
        except (OSError, sqlite3.Error) as exc:
            log.warning("LLM cache %s unreadable (%s); continuing without it", self.path, exc)
            return None
        return CachedResponse(*row) if row else None

    def put(self, key: str, provider: str, model: str, response: CachedResponse) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._connect()
            try:
                with conn:
                    conn.execute(
                        "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            key,
                            provider,
                            model,
                            response.text,
                            response.prompt_tokens,
                            response.completion_tokens,
                            time.time(),
                        ),
                    )
            finally:
                conn.close()
        except (OSError, sqlite3.Error) as exc:
            log.warning("LLM cache %s not writable (%s); response not cached", self.path, exc)
