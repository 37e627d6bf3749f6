"""The LLM fallback adjudicator: asks a model about what the engine is unsure of.

    from worldstate.detect.llm import consult
    # None when --llm off, the answer is confident, or no usable verdict (then a note says why)
    verdict = consult(settings, answer.confidence, answer.notes, "continuity", story=story.text, required="has_error")

Tasks: continuity, knowledge, next_action, faithfulness, constory, cloze, finding (prompts in ``prompts/``).
Providers: an OpenAI-compatible HTTP endpoint, or a local transformers causal LM by path.
"""

from worldstate.detect.llm.adjudicator import Adjudicator, Verdict, find_injection
from worldstate.detect.llm.anchor import anchor_quote
from worldstate.detect.llm.factory import (
    build_provider,
    consult,
    get_adjudicator,
    llm_report_line,
    llm_run_report,
    reset_adjudicators,
    usage_summary,
)
from worldstate.detect.llm.providers import Completion, ProviderError, RetryPolicy
from worldstate.detect.llm.templates import TASKS, load_prompt

__all__ = [
    "TASKS",
    "Adjudicator",
    "Completion",
    "ProviderError",
    "RetryPolicy",
    "Verdict",
    "anchor_quote",
    "build_provider",
    "consult",
    "find_injection",
    "get_adjudicator",
    "llm_report_line",
    "llm_run_report",
    "load_prompt",
    "reset_adjudicators",
    "usage_summary",
]
