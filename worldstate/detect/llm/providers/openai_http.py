"""OpenAI-compatible chat completions over HTTP (hosted APIs, vLLM, Ollama, llama.cpp server).

POST ``{base_url}/chat/completions`` with ``model``, ``messages``, ``temperature``, ``max_tokens``
and ``response_format={"type": "json_object"}``; a server that answers 400 to that gets the same
request without it (remembered for later calls once that succeeds). 408/429/5xx, timeouts and connection errors are
retried (see ``retry.py``); 400/401/403/404 are not. Error messages never carry the API key.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from worldstate.detect.llm.providers.base import Completion, ProviderError
from worldstate.detect.llm.providers.retry import RETRYABLE_STATUS, RetryPolicy
from worldstate.detect.llm.redact import redact

log = logging.getLogger(__name__)


class OpenAIChatProvider:
    """Chat completions from an OpenAI-compatible endpoint."""

    name = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str = "",
        timeout_s: float = 60.0,
        retry: RetryPolicy | None = None,
        json_mode: bool = True,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.url = endpoint_url(self.base_url)
        self.display_url = safe_url(self.url)
        self.model = model
        self._api_key = api_key
        self.retry = retry or RetryPolicy()
        self.json_mode = json_mode
        self._client = httpx.Client(timeout=httpx.Timeout(timeout_s))

    def __repr__(self) -> str:  # never show the key
        return f"OpenAIChatProvider(url={self.display_url!r}, model={self.model!r})"

    def close(self) -> None:
        self._client.close()

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _body(
        self, messages: list[dict[str, str]], max_tokens: int, temperature: float, json_mode: bool
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": temperature,
            "max_tokens": max_tokens,
        }
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    def _fail(self, message: str, kind: str, attempts: int) -> ProviderError:
        secrets = [self._api_key] + ([self.base_url] if safe_url(self.base_url) != self.base_url else [])
        return ProviderError(redact(message, secrets), kind=kind, attempts=attempts)

    def complete(self, messages: list[dict[str, str]], *, max_tokens: int, temperature: float) -> Completion:
        """One reply, retrying transient failures; ProviderError when none comes."""
        url, shown = self.url, self.display_url
        attempt, tries, json_mode = 0, 0, self.json_mode
        kind, last = "error", "no attempt made"
        while attempt < max(1, self.retry.attempts):
            tries += 1
            retry_after = None
            try:
                body = self._body(messages, max_tokens, temperature, json_mode)
                response = self._client.post(url, json=body, headers=self._headers())
            except httpx.TimeoutException:
                kind, last = "timeout", f"request to {shown} timed out"
            except httpx.HTTPError as exc:
                kind, last = "connection", f"cannot reach {shown}: {type(exc).__name__}"
            else:
                status = response.status_code
                if status == 200:
                    if json_mode != self.json_mode:
                        log.info("endpoint refuses response_format; sending requests without it from now on")
                        self.json_mode = json_mode
                    return self._completion(response, tries)
                snippet = response.text[:200].replace("\n", " ")
                if status == 400 and json_mode:
                    json_mode = False  # perhaps response_format is not supported: try once without it
                    continue  # does not count as a retry
                if status not in RETRYABLE_STATUS:
                    kind = "auth" if status in (401, 403) else f"http_{status}"
                    raise self._fail(f"{shown} answered HTTP {status}: {snippet}", kind, tries)
                kind, last = f"http_{status}", f"{shown} answered HTTP {status}: {snippet}"
                retry_after = response.headers.get("retry-after")
            attempt += 1
            if attempt < max(1, self.retry.attempts):
                wait = self.retry.delay(attempt - 1, retry_after)
                log.warning(
                    "%s; retry %d/%d in %.2fs", redact(last, [self._api_key]), attempt, self.retry.attempts - 1, wait
                )
                self.retry.sleep(wait)
        raise self._fail(f"{last} (gave up after {tries} tries)", kind, tries)

    def _completion(self, response: httpx.Response, tries: int) -> Completion:
        try:
            payload = response.json()
            content = payload["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise self._fail("endpoint returned a body that is not a chat completion", "bad_response", tries) from None
        if not isinstance(content, str):
            raise self._fail("endpoint returned a chat completion without text content", "bad_response", tries)
        usage = payload.get("usage") if isinstance(payload, dict) else None
        usage = usage if isinstance(usage, dict) else {}
        return Completion(
            text=content,
            prompt_tokens=_int_or_none(usage.get("prompt_tokens")),
            completion_tokens=_int_or_none(usage.get("completion_tokens")),
            attempts=tries,
        )


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def endpoint_url(base_url: str) -> str:
    """``{base_url}/chat/completions``, keeping a query string (some gateways put a version there)."""
    parts = urlsplit(base_url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/chat/completions"))


def safe_url(url: str) -> str:
    """``url`` without user:password and query string (they may carry credentials)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))
