"""ConStory-Bench metrics, following the official code's description.

- words = whitespace split of the story; e = number of the 19 subtype columns with at least one error.
- CED = mean over stories of e / words × 10⁴; per category (5 prefixes) pooled: Σ e_cat / Σ words × 10⁴,
  where e_cat counts that category's columns with at least one error.
- errors per story = mean number of error objects per story.
- GRR: for each prompt, models are ranked by Q = words / (1 + e), descending (ties take the minimum rank);
  a model's GRR is its mean rank over prompts.
- Position: each quote found verbatim is placed at offset / story length; reported as the mean and the
  share in each fifth of the story.
- quotes_verbatim = share of non-empty ``exact_quote`` strings that occur verbatim in the story.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from worldstate.detect.answers import CONSTORY_COLUMNS

CATEGORIES = ("characterization", "factual_detail", "narrative_style", "timeline_plot", "world_building")
POSITION_BINS = 5


def category_of(column: str) -> str:
    """The category prefix of a subtype column."""
    return next(c for c in CATEGORIES if column.startswith(c + "_"))


@dataclass(frozen=True)
class ConStoryCase:
    """One story and the error objects reported for it, per subtype column."""

    prompt_id: str
    model: str
    story: str
    errors: Mapping[str, Sequence[Mapping[str, object]]]


def story_words(text: str) -> int:
    """Whitespace-split word count."""
    return len(text.split())


def error_columns(case: ConStoryCase) -> int:
    """e: the number of subtype columns with at least one error object."""
    return sum(1 for c in CONSTORY_COLUMNS if case.errors.get(c))


def ced(cases: Sequence[ConStoryCase]) -> dict[str, float]:
    """ced (mean per story) and ced_<category> (pooled)."""
    per_story = [error_columns(c) / max(story_words(c.story), 1) * 1e4 for c in cases]
    out = {"ced": sum(per_story) / len(per_story) if per_story else 0.0}
    total_words = sum(story_words(c.story) for c in cases)
    for cat in CATEGORIES:
        hits = sum(1 for c in cases for col in CONSTORY_COLUMNS if category_of(col) == cat and c.errors.get(col))
        out[f"ced_{cat}"] = hits / total_words * 1e4 if total_words else 0.0
    return out


def quotes(case: ConStoryCase) -> list[str]:
    """The non-empty ``exact_quote`` strings of a story's error objects."""
    found = []
    for col in CONSTORY_COLUMNS:
        for err in case.errors.get(col) or []:
            quote = str(err.get("exact_quote") or "").strip()
            if quote:
                found.append(quote)
    return found


def verbatim_share(cases: Sequence[ConStoryCase]) -> float:
    """Share of quotes that occur verbatim in their story (0.0 when there are no quotes)."""
    all_quotes = [(q, c.story) for c in cases for q in quotes(c)]
    return sum(1 for q, s in all_quotes if q in s) / len(all_quotes) if all_quotes else 0.0


def positions(cases: Sequence[ConStoryCase]) -> dict[str, float]:
    """position_mean and position_bin_<k>: where verbatim quotes fall, as a fraction of story length."""
    places = []
    for c in cases:
        for q in quotes(c):
            at = c.story.find(q)
            if at >= 0 and c.story:
                places.append(at / len(c.story))
    out = {"position_mean": sum(places) / len(places) if places else 0.0}
    for k in range(POSITION_BINS):
        inside = [p for p in places if min(int(p * POSITION_BINS), POSITION_BINS - 1) == k]
        out[f"position_bin_{k + 1}"] = len(inside) / len(places) if places else 0.0
    return out


def grr(cases: Sequence[ConStoryCase]) -> dict[str, float]:
    """GRR per model (mean rank over the prompts it answered; 1 is best). Empty with fewer than two models."""
    by_prompt: dict[str, dict[str, float]] = defaultdict(dict)
    for c in cases:
        by_prompt[c.prompt_id][c.model] = story_words(c.story) / (1 + error_columns(c))
    if len({m for q in by_prompt.values() for m in q}) < 2:
        return {}
    ranks: dict[str, list[int]] = defaultdict(list)
    for quality in by_prompt.values():
        for model, q in quality.items():
            ranks[model].append(1 + sum(1 for other in quality.values() if other > q))
    return {f"grr_{m}": sum(r) / len(r) for m, r in sorted(ranks.items())}


def constory_metrics(cases: Sequence[ConStoryCase]) -> dict[str, float]:
    """ced, ced_<category>, errors_per_story, quotes_verbatim, position_*, grr_<model>."""
    out = ced(cases)
    n_errors = [len(quotes(c)) + _quoteless(c) for c in cases]
    out["errors_per_story"] = sum(n_errors) / len(n_errors) if n_errors else 0.0
    out["quotes_verbatim"] = verbatim_share(cases)
    out.update(positions(cases))
    out.update(grr(cases))
    return out


def _quoteless(case: ConStoryCase) -> int:
    """Error objects without a quote (they still count as errors)."""
    return sum(
        1 for col in CONSTORY_COLUMNS for e in case.errors.get(col) or [] if not str(e.get("exact_quote") or "").strip()
    )
