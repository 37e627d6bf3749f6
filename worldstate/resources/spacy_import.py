"""Import spaCy without torch when the pipeline to load does not need it.

spaCy's network library, thinc, imports torch whenever torch is installed (``thinc.compat``), to offer its
PyTorch layers: about two seconds of start-up that a CPU pipeline (``en_core_web_sm``, ``_md``, ``_lg``) never
uses, since its layers are thinc's own. :func:`import_spacy` imports spaCy with ``sys.modules["torch"]`` set to
None for that one import (Python then raises ImportError for ``import torch``, and thinc notes that it has no
torch), and takes the entry away again, so that sentence-transformers or a transformers model imports torch
as usual later in the same process. A pipeline whose ``meta.json`` requires a transformers package
(``en_core_web_trf``), or whose ``meta.json`` cannot be found, gets spaCy as it imports itself; so does a
process that has already imported torch or thinc.

Call it under :data:`worldstate.resources.models` ``_lock``: the embedder, the one model loaded in a thread
while the parser runs, imports torch under the same lock, so it never sees the missing entry.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

TORCH_REQUIREMENT = "transformers"  # a pipeline requirement naming this (spacy-transformers …) uses torch layers


def import_spacy(pipeline: str) -> ModuleType:
    """The ``spacy`` module, imported without torch unless ``pipeline`` (a package name or a folder) needs it."""
    if "thinc" not in sys.modules and "torch" not in sys.modules and not needs_torch(pipeline):
        sys.modules["torch"] = None  # type: ignore[assignment]  # ``import torch`` raises ImportError now
        try:
            import spacy
        finally:
            if "torch" in sys.modules and sys.modules["torch"] is None:
                del sys.modules["torch"]
    import spacy

    return spacy


def needs_torch(pipeline: str) -> bool:
    """Whether the pipeline's ``meta.json`` requires a transformers package (True when it cannot be read)."""
    meta = _meta_file(pipeline)
    if meta is None:
        return True
    try:
        requirements = json.loads(meta.read_text(encoding="utf-8")).get("requirements") or []
    except (OSError, ValueError, AttributeError):
        return True
    return any(TORCH_REQUIREMENT in str(req) for req in requirements)


def _meta_file(pipeline: str) -> Path | None:
    """``meta.json`` of a pipeline folder, or at the top of an installed pipeline package; None if neither."""
    folder = Path(pipeline)
    if (folder / "meta.json").is_file():
        return folder / "meta.json"
    if not pipeline.isidentifier():
        return None
    spec = importlib.util.find_spec(pipeline)
    if spec is None or spec.origin is None:
        return None
    meta = Path(spec.origin).parent / "meta.json"
    return meta if meta.is_file() else None
