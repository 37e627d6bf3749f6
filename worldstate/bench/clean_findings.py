"""Every story-only head's findings on clean text (``bench timeline-alarms --heads``).

The ``bench timeline-alarms`` texts (LitBank openings, Gutenberg tales) hold (nearly) no real continuity,
knowledge or style error, so each finding there is taken as a false one. This runs every story-only head
(continuity, knowledge, ConStory; LLM off) on them, gives each finding its calibrated probability, lists
each one (shown by default, or unsure), and counts per finding kind and per 10,000 words: the rate a writer
sees from ``check`` is the ``shown`` one. The heads' findings and world states are cached in the same layout
as ``bench tune calibration``'s (``<cache>/findings``, ``<cache>/worlds``), so pointing ``--cache`` at
``<cache dir>/calibration`` reuses a calibration run.

When the calibration in use was fitted on these same texts, the shown rate is in-sample: a kind that fires
here was counted wrong by the fit. The result says so (``in_sample``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from worldstate.bench.timeline_alarms import CleanCorpus
from worldstate.config import Settings


def _calibration_in_use(settings: Settings) -> tuple[Any, float, bool]:
    """(calibration, threshold in use, whether it was fitted on clean text)."""
    from worldstate.detect.calibration import load_calibration

    cal = load_calibration(settings)
    chosen = settings.shown_from()
    clean = cal.provenance.get("clean_texts") or {}
    fitted_on_clean = any(str(v) for v in clean.values()) if isinstance(clean, dict) else False
    return cal, (cal.threshold if chosen is None else chosen), fitted_on_clean


def measure_heads(corpus: CleanCorpus, echo: Callable[[str], None], settings: Settings | None = None) -> dict[str, Any]:
    """Run every story-only head over the clean texts; print each finding; return counts and rates."""
    import tempfile

    from worldstate.bench.calibration_data import clean_tuning_texts

    settings = settings or Settings()
    cal, threshold, in_sample = _calibration_in_use(settings)
    words, texts = 0, 0
    found: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as scratch:
        texts_in = clean_tuning_texts(corpus.litbank, corpus.gutenberg, corpus.cache or Path(scratch))
        for n, text in enumerate(texts_in):
            if corpus.limit is not None and n >= corpus.limit:
                break
            words += text.words
            texts += 1
            for f in text.findings:
                probability = cal.probability(f.kind)
                on = probability >= threshold
                found[f.kind] += 1
                shown[f.kind] += on
                sides = "; ".join(repr(" ".join(s.split())[:160]) for s in f.sentences)
                said = f"  {f.explanation}" if f.explanation else ""
                mark = "SHOWN" if on else "unsure"
                echo(f"{text.id}  {f.kind}  p={probability:.2f} {mark}{said}  [{sides}]")
    per_10k = 10000 / max(words, 1)
    kinds = {
        kind: {"findings": found[kind], "shown": shown[kind], "probability": round(cal.probability(kind), 4)}
        for kind in sorted(found, key=lambda k: (-shown[k], -found[k], k))
    }
    return {
        "texts": texts,
        "words": words,
        "threshold": round(threshold, 4),
        "in_sample": in_sample,
        "findings": sum(found.values()),
        "shown": sum(shown.values()),
        "per_10k_words_all": round(sum(found.values()) * per_10k, 3),
        "per_10k_words_shown": round(sum(shown.values()) * per_10k, 3),
        "kinds": kinds,
    }
