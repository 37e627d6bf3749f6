"""One torch thread for small embedding batches.

A sentence-embedding call on a few short texts (the coreference pass asks about one phrase, or a mention and
eight labels, at a time) is a handful of tiny matrix products. Run on torch's default two threads, each call
pays for waking and synchronising the second thread, and on a busy machine an idle thread spins while it waits:
on a shared two-core machine one text took 0.49 s of CPU time with two threads against 0.015 s with one, nine
texts 0.94 s against 0.045 s (2026-11-27). The vectors are the same to the bit either way (checked on batches of
1 to 200 Grimm phrases): threads split the work, not the sums. Large batches (the sentences of a whole story)
keep every thread.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

SMALL_BATCH = 16  # at most this many new texts run on one thread

_lock = threading.Lock()
_depth = 0  # callers inside ``one_thread`` now
_saved = 0  # torch's thread count before the first of them


@contextmanager
def one_thread() -> Iterator[None]:
    """torch on one intra-op thread while the block runs (nested and concurrent uses restore the count once)."""
    global _depth, _saved
    import torch

    with _lock:
        if _depth == 0:
            _saved = torch.get_num_threads()
            torch.set_num_threads(1)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                torch.set_num_threads(_saved)
