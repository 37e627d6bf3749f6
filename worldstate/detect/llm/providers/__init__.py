"""Model providers: an OpenAI-compatible HTTP endpoint or a local transformers causal LM."""

from worldstate.detect.llm.providers.base import Completion, Provider, ProviderError
from worldstate.detect.llm.providers.local_transformers import TransformersProvider
from worldstate.detect.llm.providers.openai_http import OpenAIChatProvider
from worldstate.detect.llm.providers.retry import RetryPolicy

__all__ = ["Completion", "OpenAIChatProvider", "Provider", "ProviderError", "RetryPolicy", "TransformersProvider"]
