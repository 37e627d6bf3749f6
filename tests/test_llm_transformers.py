"""The local transformers provider with a tiny GPT-2 built in the test (its output is gibberish)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from worldstate.config import Settings
from worldstate.detect.llm import get_adjudicator, reset_adjudicators
from worldstate.detect.llm.providers import TransformersProvider
from worldstate.errors import ConfigError

STORY = "The miller hid the key under the stone. Later his daughter opened the chest without a key."
# A vocabulary without "yes", "no", JSON punctuation or field names, so gibberish cannot parse.
WORDS = sorted(set(STORY.lower().replace(".", " ").split()) | {"mill", "river", "bread", "night"})


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from worldstate.detect.llm.providers.tiny_model import save_tiny_gpt2

    return save_tiny_gpt2(tmp_path_factory.mktemp("tiny-gpt2"), WORDS)


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    reset_adjudicators()
    yield
    reset_adjudicators()


def test_provider_generates_greedily_and_counts_tokens(tiny_model: Path) -> None:
    provider = TransformersProvider(str(tiny_model), device="cpu")
    messages = [{"role": "system", "content": "the miller"}, {"role": "user", "content": "the key"}]
    first = provider.complete(messages, max_tokens=12, temperature=0.0)
    second = provider.complete(messages, max_tokens=12, temperature=0.0)
    assert isinstance(first.text, str) and first.text == second.text  # greedy decoding is deterministic
    assert first.prompt_tokens and first.prompt_tokens > 4
    assert first.completion_tokens is not None and 0 < first.completion_tokens <= 12


def test_chat_template_is_used_when_present(tiny_model: Path) -> None:
    provider = TransformersProvider(str(tiny_model), device="cpu")
    tokenizer, _ = provider._load()
    tokenizer.chat_template = "{% for m in messages %}{{ m['content'] }} {% endfor %}night"
    try:
        ids = provider._prompt_ids(tokenizer, [{"role": "user", "content": "the mill"}])
    finally:
        tokenizer.chat_template = None
    assert tokenizer.convert_ids_to_tokens(ids) == ["the", "mill", "night"]


def test_gibberish_degrades_to_none_with_a_note(tiny_model: Path, tmp_path: Path) -> None:
    settings = Settings(
        llm_mode="uncertain", llm_provider="transformers", llm_model=str(tiny_model), cache_dir=str(tmp_path)
    )
    adj = get_adjudicator(settings)
    assert adj is not None and adj.should_ask(0.5) and not adj.should_ask(0.95)
    assert adj.ask("cloze", STORY, options=["He slept.", "She used magic."]) is None
    usage = adj.usage
    assert usage["calls"] == 1 and usage["unusable_outputs"] == 1 and usage["failures"] == 0
    assert usage["prompt_tokens"] > 100 and usage["completion_tokens"] > 0
    assert usage["estimated_cost_usd"] == 0.0
    assert "not JSON" in adj.last_note and "offline answer" in adj.degraded_note()


def test_prompt_longer_than_the_context_is_a_failure_not_a_truncation(tmp_path: Path) -> None:
    transformers = pytest.importorskip("transformers")
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {"[UNK]": 0, "[PAD]": 1, "[EOS]": 2, "mill": 3}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    tok = transformers.PreTrainedTokenizerFast(
        tokenizer_object=core, unk_token="[UNK]", pad_token="[PAD]", eos_token="[EOS]"
    )
    config = transformers.GPT2Config(n_layer=1, n_head=2, n_embd=8, vocab_size=4, n_positions=64)
    transformers.GPT2LMHeadModel(config).save_pretrained(tmp_path / "m")
    tok.save_pretrained(tmp_path / "m")
    settings = Settings(
        llm_mode="always", llm_provider="transformers", llm_model=str(tmp_path / "m"), cache_dir=str(tmp_path)
    )
    adj = get_adjudicator(settings)
    assert adj is not None
    assert adj.ask("continuity", STORY) is None
    assert adj.usage["failure_kinds"] == {"too_long": 1} and "context" in adj.last_note


def test_missing_model_directory_is_a_config_error(tmp_path: Path) -> None:
    settings = Settings(llm_mode="always", llm_provider="transformers", llm_model=str(tmp_path / "absent"))
    with pytest.raises(ConfigError, match="not a directory"):
        get_adjudicator(settings)


def test_directory_without_a_model_is_a_config_error(tmp_path: Path) -> None:
    settings = Settings(llm_mode="always", llm_provider="transformers", llm_model=str(tmp_path))
    with pytest.raises(ConfigError, match=r"no config\.json"):
        get_adjudicator(settings)


def test_unloadable_model_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}", encoding="utf-8")
    settings = Settings(
        llm_mode="always", llm_provider="transformers", llm_model=str(tmp_path), cache_dir=str(tmp_path / "c")
    )
    adj = get_adjudicator(settings)
    assert adj is not None
    with pytest.raises(ConfigError, match="cannot load a causal LM"):
        adj.ask("continuity", STORY)
