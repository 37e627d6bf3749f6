"""Optional transformers models: an NLI cross-encoder loaded from a tiny BERT the test builds."""

from __future__ import annotations

import pytest

from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.extract.optional import NLIModel, load_nli


@pytest.fixture(scope="module")
def tiny_nli(tmp_path_factory) -> str:
    import torch
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace
    from tokenizers.processors import TemplateProcessing
    from transformers import BertConfig, BertForSequenceClassification, PreTrainedTokenizerFast

    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "king", "is", "dead", "alive", "queen", "."]
    vocab = {w: i for i, w in enumerate(words)}
    tok = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    tok.post_processor = TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", 2), ("[SEP]", 3)]
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]"
    )
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(words),
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
        num_labels=3,
        id2label={0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"},
        label2id={"ENTAILMENT": 0, "NEUTRAL": 1, "CONTRADICTION": 2},
    )
    path = tmp_path_factory.mktemp("tiny-nli")
    BertForSequenceClassification(config).save_pretrained(path)
    fast.save_pretrained(path)
    return str(path)


def test_nli_model_loads_and_predicts(tiny_nli: str) -> None:
    model = load_nli(Settings(nli_model=tiny_nli))
    assert isinstance(model, NLIModel)
    assert model.labels == ["entailment", "neutral", "contradiction"]
    out = model.predict(["the king is dead .", "the queen is alive ."], ["the king is alive .", "the queen is dead ."])
    assert len(out) == 2
    for probs in out:
        assert set(probs) == {"entailment", "neutral", "contradiction"}
        assert abs(sum(probs.values()) - 1.0) < 1e-5
    assert 0.0 < model.entailment("the king is dead .", "the king is dead .") < 1.0
    with pytest.raises(ValueError):
        model.predict(["the king ."], [])


def test_absent_by_default_and_clear_errors(tmp_path) -> None:
    assert load_nli(Settings()) is None
    with pytest.raises(ConfigError):
        NLIModel(str(tmp_path / "missing"))
    with pytest.raises(ConfigError):
        NLIModel(str(tmp_path))  # a folder without a model
