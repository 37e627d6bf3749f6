"""Every benchmark metric against values computed by hand."""

from __future__ import annotations

import math

import pytest

from worldstate.bench.items import Item
from worldstate.bench.metrics.classify import balanced_accuracy, cohen_kappa, precision_recall_f1
from worldstate.bench.metrics.constory import ConStoryCase, constory_metrics
from worldstate.bench.metrics.flawed import FlawedCase, ceeval, flawedfictions_metrics
from worldstate.bench.metrics.knowledge import IkdCase, ikd_metrics, word_iou
from worldstate.bench.metrics.lot import (
    bleu_tokens,
    coverage,
    distinct_tokens,
    generation_metrics,
    lcs_length,
    order_score,
    segment,
)
from worldstate.bench.metrics.textmatch import sentences_match, split_gold_lines, words
from worldstate.bench.tasks import score_storysumm

approx = pytest.approx


def test_flawedfictions_classification_and_ceeval() -> None:
    cases = [
        FlawedCase(True, ("The king was old and grey.",), True, ("the King was old and grey",)),  # found → 1
        FlawedCase(True, ("The king was old and grey.",), True, ("A bird sang in the tree.",)),  # wrong lines → 0
        FlawedCase(False, (), False, ()),  # right "no error" → 1
        FlawedCase(False, (), True, ("Anything at all here.",)),  # false alarm → 0
    ]
    m = flawedfictions_metrics(cases)
    # decisions right on 3 of 4; predicted positive 3 with 2 true positives; both positives found
    assert m["accuracy"] == approx(0.75)
    assert m["precision"] == approx(2 / 3)
    assert m["recall"] == approx(1.0)
    assert m["f1"] == approx(0.8)
    assert m["ceeval_full"] == approx(0.5)
    assert m["ceeval_pos"] == approx(0.5)
    assert [ceeval(c) for c in cases] == [1, 0, 1, 0]


def test_always_no_error_scores_half_on_balanced_data() -> None:
    cases = [FlawedCase(True, ("x y z w",), False, ()), FlawedCase(False, (), False, ())]
    assert flawedfictions_metrics(cases)["ceeval_full"] == approx(0.5)


def test_fuzzy_sentence_match_rule() -> None:
    sentence = "Of his father he saw little. His mind had become impaired, and he was confined in the Dun."
    assert sentences_match(
        "with the support and blessings of his father",
        "He rode out with the support and blessings of his father, glad.",
    )
    assert sentences_match("His mind had become impaired and he was confined in the Dun", sentence)  # clause inside
    assert sentences_match("The old king was very wise.", "The old king was wise.")  # annotator edit
    assert not sentences_match("his father", sentence)  # two shared words are not a match (no bare substring)
    assert not sentences_match("The queen was young and cruel.", "The king was old and grey.")


def test_gold_line_splitting() -> None:
    assert split_gold_lines('<li>"with the support"</li><li>He left.</li>') == ["with the support", "He left."]
    assert split_gold_lines("A went home; B stayed.") == ["A went home", "B stayed."]
    assert split_gold_lines("NA") == [] and split_gold_lines(None) == []


def test_ikd_metrics_by_hand() -> None:
    assert word_iou("Anna knew the secret map.", "anna KNEW the map") == approx(4 / 5)
    cases = [
        IkdCase(1, "", 1, ""),  # original, right → loc 1
        IkdCase(1, "", 0, "whatever"),  # original, flagged → 0
        IkdCase(0, "Anna knew the secret map.", 0, "Anna knew the map"),  # erroneous, found → IoU 0.8
        IkdCase(0, "Bob saw it.", 1, ""),  # erroneous, missed → 0
    ]
    m = ikd_metrics(cases)
    assert m["pos_cls"] == approx(0.5)
    assert m["neg_cls"] == approx(0.5)
    assert m["full_cls"] == approx(0.5)
    assert m["neg_loc"] == approx(0.4)
    assert m["full_loc"] == approx(0.45)
    assert m["full_loc"] == approx((m["pos_cls"] + m["neg_loc"]) / 2)
    assert words("Don’t—stop!") == ["don", "t", "stop"]


def test_classification_helpers() -> None:
    gold, pred = [1, 1, 0, 0, 0], [1, 0, 0, 1, 0]
    assert balanced_accuracy(gold, pred) == approx((1 / 2 + 2 / 3) / 2)
    # p_o = 0.6, p_e = 0.4*0.4 + 0.6*0.6 = 0.52 → κ = 0.08 / 0.48
    assert cohen_kappa(gold, pred) == approx(0.08 / 0.48)
    assert precision_recall_f1(gold, pred) == approx((0.5, 0.5, 0.5))


def test_storysumm_metrics_by_hand() -> None:
    gold = [(1, ""), (1, ""), (0, "easy"), (0, "hard"), (0, "hard")]
    items = [Item(str(n), {}, {"label": g, "difficulty": d}) for n, (g, d) in enumerate(gold)]
    preds = [{"faithful": f} for f in (True, False, False, True, False)]
    m = score_storysumm(items, preds)
    assert m["balanced_accuracy"] == approx(7 / 12)
    assert m["cohen_kappa"] == approx(0.08 / 0.48)
    assert m["pct_faithful"] == approx(0.4)
    assert m["easy_caught"] == approx(1.0)
    assert m["hard_caught"] == approx(0.5)


def _story(n: int) -> str:
    return " ".join(f"w{i}" for i in range(n))


def test_constory_metrics_by_hand() -> None:
    a = "a b c d e f g h i j"  # 10 words, 19 characters
    errors_a = {
        "characterization_memory_contradictions": [{"exact_quote": "c d"}],
        "narrative_style_tone_inconsistencies": [{"exact_quote": "zz"}, {"exact_quote": "e f"}],
    }
    cases = [ConStoryCase("p1", "X", a, errors_a), ConStoryCase("p1", "Y", _story(20), {})]
    m = constory_metrics(cases)
    assert m["ced"] == approx((2 / 10 * 1e4 + 0) / 2)  # e = 2 columns with errors
    assert m["ced_characterization"] == approx(1 / 30 * 1e4)  # pooled over 30 words
    assert m["ced_narrative_style"] == approx(1 / 30 * 1e4)
    assert m["ced_world_building"] == 0.0
    assert m["errors_per_story"] == approx(1.5)
    assert m["quotes_verbatim"] == approx(2 / 3)
    assert m["position_mean"] == approx((4 / 19 + 8 / 19) / 2)
    assert m["position_bin_2"] == approx(0.5) and m["position_bin_3"] == approx(0.5)
    # Q(X) = 10/3, Q(Y) = 20/1 → Y ranks 1, X ranks 2
    assert m["grr_X"] == approx(2.0) and m["grr_Y"] == approx(1.0)


def test_constory_grr_ties_take_the_minimum_rank() -> None:
    cases = [
        ConStoryCase("p1", "X", _story(10), {}),
        ConStoryCase("p1", "Y", _story(10), {}),
        ConStoryCase("p1", "Z", _story(5), {}),
        ConStoryCase("p2", "X", _story(5), {}),
        ConStoryCase("p2", "Y", _story(10), {}),
        ConStoryCase("p2", "Z", _story(10), {}),
    ]
    m = constory_metrics(cases)
    assert m["grr_X"] == approx((1 + 3) / 2)
    assert m["grr_Y"] == approx((1 + 1) / 2)
    assert m["grr_Z"] == approx((3 + 1) / 2)


def test_bleu_by_hand() -> None:
    ref, hyp = [list("abcd")], [list("abce")]
    assert bleu_tokens(ref, hyp, 1) == approx(0.75)  # 3 of 4 unigrams
    assert bleu_tokens(ref, hyp, 2) == approx(math.sqrt(0.75 * 2 / 3))
    assert bleu_tokens(ref, hyp, 3) == approx((0.75 * 2 / 3 * 0.5) ** (1 / 3))
    assert bleu_tokens(ref, hyp, 4) == 0.0  # no matching 4-gram, no smoothing
    assert bleu_tokens(ref, [list("ab")], 1) == approx(math.exp(1 - 4 / 2))  # brevity penalty


def test_distinct_coverage_order_by_hand() -> None:
    assert distinct_tokens([["a", "b", "a", "b"]], 1) == approx(2 / 4)
    assert distinct_tokens([["a", "b", "a", "b"]], 2) == approx(2 / 3)  # ab, ba, ab
    assert lcs_length("北海", "北京上海") == 2
    assert coverage(["北京", "上海"], "我爱 北京") == approx(0.5)
    assert coverage(["北海"], "北京上海") == approx(1.0)  # ROUGE-L recall: subsequence
    assert order_score(["a", "b", "c"], "abc", "acb") == approx(2 / 3)
    assert order_score(["a", "b"], "ab", "a") is None  # fewer than two shared phrases


def test_generation_metrics_use_jieba_without_whitespace() -> None:
    assert segment("我 爱 北京") == segment("我爱北京")
    m = generation_metrics(["我爱北京。"], ["我爱北京。"], [["北京"]])
    assert m["bleu_1"] == approx(1.0) and m["coverage"] == approx(1.0)
    assert set(m) == {*(f"bleu_{n}" for n in range(1, 5)), *(f"distinct_{n}" for n in range(1, 5)), "coverage", "order"}
