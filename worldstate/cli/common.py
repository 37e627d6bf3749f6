"""Options and helpers shared by the subcommands."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from worldstate.config import Settings

world_option = click.option(
    "--world",
    type=click.Path(dir_okay=False),
    default=None,
    help="A saved world state (worldstate analyze --format json) instead of analysing STORY.",
)
"""``--world FILE``: a saved world state to read instead of analysing the STORY argument."""


def model_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add the extraction/model flags and turn them into a ``settings`` argument."""

    @click.option(
        "--backend",
        type=click.Choice(["spacy", "stanza"]),
        default=None,
        help="Extraction backend [env WORLDSTATE_BACKEND].",
    )
    @click.option("--spacy-model", default=None, help="spaCy pipeline name or path [env WORLDSTATE_SPACY_MODEL].")
    @click.option("--stanza-dir", default=None, help="Directory with local Stanza models [env WORLDSTATE_STANZA_DIR].")
    @click.option(
        "--lang", "language", type=click.Choice(["en", "zh"]), default=None, help="Story language (default: detect)."
    )
    @click.option(
        "--rules", "rules", multiple=True, type=click.Path(dir_okay=False), help="Extra rule pack file (repeatable)."
    )
    @functools.wraps(func)
    def wrapper(
        *args: Any,
        backend: str | None,
        spacy_model: str | None,
        stanza_dir: str | None,
        language: str | None,
        rules: tuple[str, ...],
        **kwargs: Any,
    ) -> Any:
        settings = Settings.from_env().with_overrides(
            backend=backend, spacy_model=spacy_model, stanza_dir=stanza_dir, language=language, rules=tuple(rules)
        )
        return func(*args, settings=settings, **kwargs)

    return wrapper


def llm_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add the LLM adjudicator flags; they update ``settings``."""

    @click.option(
        "--llm",
        "llm_mode",
        type=click.Choice(["off", "uncertain", "always"]),
        default=None,
        help="Use the LLM adjudicator: off (default), on uncertain cases, or always [env WORLDSTATE_LLM].",
    )
    @click.option(
        "--llm-provider",
        type=click.Choice(["openai", "transformers"]),
        default=None,
        help="OpenAI-compatible HTTP or a local transformers model [env WORLDSTATE_LLM_PROVIDER].",
    )
    @click.option("--llm-base-url", default=None, help="OpenAI-compatible base URL [env WORLDSTATE_LLM_BASE_URL].")
    @click.option(
        "--llm-model", default=None, help="Model name, or a local path for transformers [env WORLDSTATE_LLM_MODEL]."
    )
    @click.option(
        "--llm-timeout", type=float, default=None, help="Seconds per LLM request [env WORLDSTATE_LLM_TIMEOUT]."
    )
    @click.option("--llm-budget", type=int, default=None, help="Most LLM calls per run [env WORLDSTATE_LLM_BUDGET].")
    @click.option("--cache-dir", default=None, help="Cache directory [env WORLDSTATE_CACHE_DIR].")
    @functools.wraps(func)
    def wrapper(
        *args: Any,
        settings: Settings,
        llm_mode: str | None,
        llm_provider: str | None,
        llm_base_url: str | None,
        llm_model: str | None,
        llm_timeout: float | None,
        llm_budget: int | None,
        cache_dir: str | None,
        **kwargs: Any,
    ) -> Any:
        settings = settings.with_overrides(
            llm_mode=llm_mode,
            llm_provider=llm_provider,
            llm_base_url=llm_base_url,
            llm_model=llm_model,
            llm_timeout_s=llm_timeout,
            llm_budget_calls=llm_budget,
            cache_dir=cache_dir,
        )
        return func(*args, settings=settings, **kwargs)

    return wrapper
