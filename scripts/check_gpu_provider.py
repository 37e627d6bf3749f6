"""Check the local transformers LLM provider on a GPU: the same tiny model, greedy, on CPU and on CUDA.

Run on a machine with CUDA (``python scripts/check_gpu_provider.py``): it builds a tiny random GPT-2 (no
download), asks the provider on each device, and prints the device the model landed on, the completion,
the token counts and the seconds. Greedy decoding of the same weights should give the same tokens on both
devices (a tie between two logits may differ in float rounding; the script reports it rather than failing).
Exit status: 0 when every device that is present answered, 1 otherwise. Without CUDA it checks CPU only.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

WORDS = ["the", "miller", "hid", "key", "under", "stone", "later", "his", "daughter", "opened", "chest", "mill"]


def main() -> int:
    import torch

    from worldstate.detect.llm.providers import TransformersProvider
    from worldstate.detect.llm.providers.tiny_model import save_tiny_gpt2

    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    print(f"torch {torch.__version__}; CUDA available: {torch.cuda.is_available()}")
    if torch.cuda.is_available():
        print(f"GPU: {torch.cuda.get_device_name(0)}")
    messages = [{"role": "system", "content": "the miller"}, {"role": "user", "content": "the key under the stone"}]
    texts: dict[str, str] = {}
    logits: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as scratch:
        save_tiny_gpt2(Path(scratch), WORDS, n_positions=256)
        for device in devices:
            provider = TransformersProvider(scratch, device=device)
            start = time.perf_counter()
            answer = provider.complete(messages, max_tokens=16, temperature=0.0)
            seconds = time.perf_counter() - start
            _, model = provider._load()
            texts[device] = answer.text
            tokenizer = provider._load()[0]
            with torch.no_grad():
                ids = torch.tensor([tokenizer("the miller hid the key")["input_ids"]], device=model.device)
                logits[device] = model(ids).logits.float().cpu()
            print(
                f"{device}: model on {model.device}; {answer.prompt_tokens} prompt + {answer.completion_tokens} "
                f"completion tokens in {seconds:.2f} s: {answer.text!r}"
            )
        auto = TransformersProvider(scratch)  # no device named: CUDA when present
        auto.complete(messages, max_tokens=2, temperature=0.0)
        print(f"no device named: model on {auto._load()[1].device}")
    if len(texts) == 2:
        print("greedy completions agree on CPU and CUDA" if len(set(texts.values())) == 1 else "completions differ")
        difference = (logits["cpu"] - logits["cuda"]).abs().max().item()  # type: ignore[operator]
        print(f"largest logit difference CPU vs CUDA: {difference:.2e}")
    return 0 if all(isinstance(t, str) for t in texts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
