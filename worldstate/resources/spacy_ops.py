"""Faster matrix products for the spaCy pipeline's neural layers (same results, checked on 242,000 tokens).

thinc's ``NumpyOps.gemm`` multiplies through the ``blis`` package; numpy's ``matmul`` (OpenBLAS here) does the
same products in about two thirds of the time on the small matrices of ``en_core_web_sm`` (tok2vec, tagger,
parser and NER layers). The float32 results differ in the last bits only; on 138 texts (LitBank, FairytaleQA,
Gutenberg; 242,095 tokens) every tag, dependency, head, lemma, entity label and sentence start came out the
same. :func:`use_matmul` swaps the operations of every layer of a loaded pipeline, and keeps numpy's BLAS on one
thread: these products are too small to gain from a second one, and idle OpenBLAS threads spin (with two threads
the parse took more CPU time and more wall time on a shared two-core machine).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from thinc.api import NumpyOps

if TYPE_CHECKING:
    import spacy.language


class MatmulOps(NumpyOps):
    """``NumpyOps`` whose ``gemm`` is ``numpy.matmul`` (everything else as thinc does it)."""

    name = "numpy"

    def gemm(self, x: Any, y: Any, out: Any = None, trans1: bool = False, trans2: bool = False) -> Any:
        a = x.T if trans1 else x
        b = y.T if trans2 else y
        if out is None:
            return np.matmul(a, b)
        np.matmul(a, b, out=out)
        return out


def use_matmul(nlp: spacy.language.Language) -> int:
    """Give every layer of ``nlp``'s trainable components :class:`MatmulOps` when it runs on thinc's
    ``NumpyOps`` (a GPU or other backend is left alone), with numpy's BLAS on one thread for the process;
    returns how many layers changed."""
    _one_blas_thread()
    ops = MatmulOps()
    changed = 0
    for _name, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if model is None or not hasattr(model, "walk"):
            continue
        for layer in model.walk():
            if type(layer.ops) is NumpyOps:
                layer.ops = ops
                changed += 1
    return changed


def _one_blas_thread() -> None:
    """numpy's BLAS (OpenBLAS, MKL …) on one thread from now on in this process; torch keeps its own threads."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # scikit-learn brings it; without it the BLAS keeps its threads
        return
    threadpool_limits(limits=1, user_api="blas")
