"""Building the adjudicator from ``Settings`` (one per distinct configuration per process).

Task heads all call ``get_adjudicator(settings)``; equal settings give the same instance, so the
call budget, the usage counts and the HTTP connection pool are shared by the whole run.
The uncertainty band comes from the ``band`` argument, else ``WORLDSTATE_LLM_BAND`` ("0.35,0.65").
"""

from __future__ import annotations

import threading
from typing import Any
from urllib.parse import urlparse

from worldstate.config import Settings
from worldstate.detect.llm.adjudicator import DEFAULT_BAND, MODES, Adjudicator, Verdict
from worldstate.detect.llm.cache import ResponseCache
from worldstate.detect.llm.providers import OpenAIChatProvider, Provider, RetryPolicy, TransformersProvider
from worldstate.errors import ConfigError

PROVIDERS = ("openai", "transformers")
_instances: dict[tuple, Adjudicator] = {}
_lock = threading.Lock()


def parse_band(text: str) -> tuple[float, float]:
    """``"0.35,0.65"`` -> (0.35, 0.65); ConfigError unless 0 <= low <= high <= 1."""
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise ConfigError(f"WORLDSTATE_LLM_BAND must be 'low,high' (e.g. 0.35,0.65), got {text!r}") from None
    return check_band((low, high))


def check_band(band: tuple[float, float]) -> tuple[float, float]:
    low, high = band
    if not 0.0 <= low <= high <= 1.0:
        raise ConfigError(f"the LLM uncertainty band needs 0 <= low <= high <= 1, got {low}, {high}")
    return (float(low), float(high))


def build_provider(settings: Settings, retry: RetryPolicy | None = None) -> Provider:
    """The provider the settings name; ConfigError when it is not fully configured."""
    if settings.llm_provider not in PROVIDERS:
        raise ConfigError(f"unknown LLM provider {settings.llm_provider!r}; expected one of {', '.join(PROVIDERS)}")
    if not settings.llm_model:
        raise ConfigError("the LLM adjudicator needs a model: set WORLDSTATE_LLM_MODEL or --llm-model")
    if settings.llm_timeout_s <= 0:
        raise ConfigError(f"the LLM timeout must be positive, got {settings.llm_timeout_s}")
    if settings.llm_provider == "transformers":
        return TransformersProvider(settings.llm_model)
    if not settings.llm_base_url:
        raise ConfigError(
            "the openai LLM provider needs an endpoint: set WORLDSTATE_LLM_BASE_URL or --llm-base-url "
            "(e.g. https://api.openai.com/v1 or http://localhost:8000/v1)"
        )
    url = urlparse(settings.llm_base_url)
    if url.scheme not in ("http", "https") or not url.netloc:
        raise ConfigError(f"the LLM base URL must be an http(s) URL, got {url.scheme or 'no'} scheme")
    return OpenAIChatProvider(
        settings.llm_base_url,
        settings.llm_model,
        api_key=settings.llm_api_key,
        timeout_s=settings.llm_timeout_s,
        retry=retry,
    )


def get_adjudicator(
    settings: Settings,
    *,
    band: tuple[float, float] | None = None,
    retry: RetryPolicy | None = None,
    use_cache: bool = True,
) -> Adjudicator | None:
    """The run's adjudicator; None when ``settings.llm_mode`` is "off"; ConfigError when misconfigured."""
    mode = (settings.llm_mode or "off").lower()
    if mode not in MODES:
        raise ConfigError(f"unknown LLM mode {settings.llm_mode!r}; expected one of {', '.join(MODES)}")
    if mode == "off":
        return None
    if band is None:
        band = parse_band(settings.llm_band) if settings.llm_band else DEFAULT_BAND
    band = check_band(band)
    if settings.llm_budget_calls < 0:
        raise ConfigError(f"the LLM call budget cannot be negative, got {settings.llm_budget_calls}")
    key = (settings, band, use_cache, id(retry) if retry else None)
    with _lock:
        if key not in _instances:
            provider = build_provider(settings, retry)
            cache = ResponseCache(settings.cache_path / "llm.sqlite") if use_cache else None
            _instances[key] = Adjudicator(
                provider,
                mode=mode,
                band=band,
                budget_calls=settings.llm_budget_calls,
                cache=cache,
                secrets=(settings.llm_api_key,) if settings.llm_api_key else (),
            )
        return _instances[key]


def consult(
    settings: Settings,
    confidence: float,
    notes: list[str],
    task: str,
    *,
    required: str | None = None,
    missing_note: str | None = None,
    **variables: Any,
) -> Verdict | None:
    """The adjudicator's verdict on ``task`` for an answer of this ``confidence``, or None to keep the
    offline answer: LLM off, the answer confident enough, or no usable verdict. In the last case a line
    saying why goes to ``notes`` (``missing_note`` when the verdict lacks the ``required`` field)."""
    if (settings.llm_mode or "off").lower() == "off":
        return None
    from worldstate.detect import llm  # the package's name, so a caller or test can substitute it

    adj = llm.get_adjudicator(settings)
    if adj is None or not adj.should_ask(confidence):
        return None
    verdict = adj.ask(task, **variables)
    if verdict is None:
        notes.append(adj.degraded_note())
        return None
    if required is not None and required not in verdict.data:
        notes.append(missing_note or adj.degraded_note())
        return None
    return verdict


def usage_summary() -> list[dict[str, Any]]:
    """Usage of every adjudicator built in this process (for run reports); empty when the LLM is off."""
    with _lock:
        adjudicators = list(_instances.values())
    return [{"mode": adj.mode, "band": list(adj.band), **adj.usage} for adj in adjudicators]


SUMMED = ("calls", "attempts", "cached_hits", "failures", "unusable_outputs", "prompt_tokens", "completion_tokens")


def llm_run_report(settings: Settings) -> dict[str, Any] | None:
    """What a run's report says about LLM use (None when the LLM is off): the mode label, calls, tokens,
    cache hits, estimated cost and failures over every adjudicator of this process. A run whose LLM was
    asked but never gave a usable answer is labelled "engine only (LLM failed: reason)", not "engine + LLM"."""
    mode = (settings.llm_mode or "off").lower()
    if mode == "off":
        return None
    usages = usage_summary()
    report: dict[str, Any] = {name: sum(int(u.get(name, 0)) for u in usages) for name in SUMMED}
    costs = [u.get("estimated_cost_usd") for u in usages]
    report["estimated_cost_usd"] = None if None in costs else round(sum(c or 0.0 for c in costs), 6)
    report["failure_kinds"] = {k: v for u in usages for k, v in u.get("failure_kinds", {}).items()}
    answered = report["calls"] - report["failures"] - report["unusable_outputs"] + report["cached_hits"]
    failed = report["failures"] + report["unusable_outputs"] > 0 and answered <= 0
    reason = next((u["last_note"] for u in usages if u.get("last_note")), None) or ", ".join(report["failure_kinds"])
    report["failed"] = bool(failed)
    report["label"] = (
        f"engine only (LLM failed: {reason or 'no usable answer'})" if failed else f"engine + LLM ({mode})"
    )
    return report


def llm_report_line(report: dict[str, Any]) -> str:
    """One line for a text report."""
    cost = report["estimated_cost_usd"]
    tokens = report["prompt_tokens"] + report["completion_tokens"]
    return (
        f"{report['label']}: {report['calls']} LLM call(s), {tokens} tokens ({report['prompt_tokens']} prompt), "
        f"{report['cached_hits']} cache hit(s), estimated cost "
        f"{'unknown' if cost is None else f'${cost:.4f}'}, {report['failures']} failure(s)"
    )


def reset_adjudicators() -> None:
    """Forget the shared instances (a new run, or tests)."""
    with _lock:
        for adj in _instances.values():
            close = getattr(adj.provider, "close", None)
            if close:
                close()
        _instances.clear()
