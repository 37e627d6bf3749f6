"""A tiny random GPT-2 with a word-level tokenizer, saved to a folder: a local model for checking the
transformers provider without a download (its tests and ``scripts/check_gpu_provider.py``). Its output is
gibberish over ``words``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def save_tiny_gpt2(path: Path, words: Iterable[str], *, n_positions: int = 2048, seed: int = 0) -> Path:
    """One layer, two heads, 16 dimensions; vocabulary ``[UNK] [PAD] [EOS]`` then ``words``; saved at ``path``."""
    import torch
    import transformers
    from tokenizers import Tokenizer, models, pre_tokenizers

    torch.manual_seed(seed)
    vocab = {token: i for i, token in enumerate(["[UNK]", "[PAD]", "[EOS]", *words])}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=core, unk_token="[UNK]", pad_token="[PAD]", eos_token="[EOS]"
    )
    config = transformers.GPT2Config(
        n_layer=1,
        n_head=2,
        n_embd=16,
        vocab_size=len(vocab),
        n_positions=n_positions,
        bos_token_id=2,
        eos_token_id=2,
        pad_token_id=1,
    )
    transformers.GPT2LMHeadModel(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path
