"""LOT generation metrics: BLEU-1..4, Distinct-1..4, Coverage and Order.

Preprocessing as in LOT: all whitespace is deleted, then text is segmented with jieba.
- BLEU-n: corpus BLEU with uniform weights over 1..n-grams and the brevity penalty, no smoothing
  (sacrebleu with ``tokenize="none"`` over the jieba tokens; reported as a fraction 0–1).
- Distinct-n: distinct n-grams / all n-grams over all generated texts (jieba tokens).
- Coverage: for each outline phrase, ROUGE-L recall against the generated story over characters
  (LCS length / phrase length); mean over phrases, then over stories.
- Order: per story, the outline phrases that occur (first occurrence, whitespace deleted) in both the reference
  and the generated story; Order = 1 − inverted pairs / all pairs, comparing the two orders. Stories with fewer
  than two such phrases are left out; the mean is over the rest (0.0 when none qualify).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

_SPACE = re.compile(r"\s+")


def squash(text: str) -> str:
    """Text with all whitespace deleted."""
    return _SPACE.sub("", text)


@lru_cache(maxsize=1)
def _jieba():  # type: ignore[no-untyped-def]
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def segment(text: str) -> list[str]:
    """jieba tokens of ``text`` after deleting whitespace."""
    return [t for t in _jieba().lcut(squash(text)) if t]


def bleu_tokens(references: Sequence[list[str]], hypotheses: Sequence[list[str]], max_n: int) -> float:
    """Corpus BLEU-``max_n`` (fraction 0–1) over already tokenised texts."""
    from sacrebleu.metrics import BLEU

    if not hypotheses:
        return 0.0
    metric = BLEU(tokenize="none", smooth_method="none", max_ngram_order=max_n, effective_order=False)
    score = metric.corpus_score([" ".join(h) for h in hypotheses], [[" ".join(r) for r in references]])
    return float(score.score) / 100.0


def distinct_tokens(hypotheses: Sequence[list[str]], n: int) -> float:
    """Distinct-n over tokenised hypotheses: unique n-grams / total n-grams (0.0 when there are none)."""
    grams = [tuple(toks[i : i + n]) for toks in hypotheses for i in range(len(toks) - n + 1)]
    return len(set(grams)) / len(grams) if grams else 0.0


def distinct(hypotheses: Sequence[str], n: int) -> float:
    """Distinct-n over the jieba tokens of all hypotheses."""
    return distinct_tokens([segment(h) for h in hypotheses], n)


def lcs_length(a: str, b: str) -> int:
    """Length of the longest common subsequence of two strings (characters)."""
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for ca in a:
        cur = [0]
        for j, cb in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if ca == cb else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def coverage(outline: Sequence[str], story: str) -> float:
    """Mean ROUGE-L recall (characters) of each outline phrase against ``story``."""
    text = squash(story)
    phrases = [squash(p) for p in outline if squash(p)]
    if not phrases:
        return 0.0
    return sum(lcs_length(p, text) / len(p) for p in phrases) / len(phrases)


def order_score(outline: Sequence[str], reference: str, generated: str) -> float | None:
    """1 − inverted pairs / pairs for phrases found in both texts; None with fewer than two such phrases."""
    ref, gen = squash(reference), squash(generated)
    found = [(ref.find(p), gen.find(p)) for p in (squash(x) for x in outline) if p and p in ref and p in gen]
    if len(found) < 2:
        return None
    pairs = list(combinations(sorted(found), 2))
    inverted = sum(1 for (_, g1), (_, g2) in pairs if g1 > g2)
    return 1 - inverted / len(pairs)


def generation_metrics(
    references: Sequence[str], hypotheses: Sequence[str], outlines: Sequence[Sequence[str]] | None = None
) -> dict[str, float]:
    """bleu_1..4 and distinct_1..4; with outlines also coverage and order."""
    refs, hyps = [segment(r) for r in references], [segment(h) for h in hypotheses]
    out = {f"bleu_{n}": bleu_tokens(refs, hyps, n) for n in range(1, 5)}
    out.update({f"distinct_{n}": distinct_tokens(hyps, n) for n in range(1, 5)})
    if outlines is not None:
        covs = [coverage(o, h) for o, h in zip(outlines, hypotheses, strict=True)]
        out["coverage"] = sum(covs) / len(covs) if covs else 0.0
        orders = [
            s
            for o, r, h in zip(outlines, references, hypotheses, strict=True)
            if (s := order_score(o, r, h)) is not None
        ]
        out["order"] = sum(orders) / len(orders) if orders else 0.0
    return out
