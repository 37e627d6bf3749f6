"""Turn-taking counts through a long exchange as speaker-ranker features (extract/speakers_exchange.py),
on a small hand-written text."""

from __future__ import annotations

import pytest

from worldstate.config import Settings

TEXT = (
    "Holmes and Watson sat by the fire.\n\n"
    "“It is a country doctor’s stick,” said Holmes.\n\n"
    "“Then I was right.”\n\n"
    "“Not all, by no means all.”\n\n"
    "“But that was all?”\n\n"
    "“To that extent.”"
)


@pytest.fixture(scope="module")
def exchange() -> tuple:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speech import SpeechExtractor

    story, doc, coref, quotes = run_to_coref(TEXT, "t", Settings())
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    return ex, ex.rule_turns(quotes), {e.id: e.name for e in coref.entities}


def test_the_count_back_to_the_attributed_turn_alternates_the_two_speakers(exchange: tuple) -> None:
    from worldstate.extract.speakers_exchange import exchange_features

    ex, turns, names = exchange
    assert names[turns[0].speaker] == "Holmes" and turns[0].rule == "verb"
    assert exchange_features(ex, turns, 0) == {}  # a verb-attributed quote needs no count
    by_name = {k: {names[e]: f for e, f in exchange_features(ex, turns, k).items()} for k in (1, 2, 3, 4)}
    assert "parity_back_other=1" in by_name[1]["Watson"] and "Holmes" not in by_name[1]
    assert "parity_back_same=2" in by_name[2]["Holmes"]
    assert "parity_back_other=3" in by_name[3]["Watson"]
    assert "parity_back_same=4" in by_name[4]["Holmes"]


def test_the_ranker_candidates_carry_the_count(exchange: tuple) -> None:
    from worldstate.extract.speakers import candidates

    ex, turns, names = exchange
    feats = {names[c.entity]: c.features for c in candidates(ex, turns, 3)}
    assert "parity_back_other" in feats["Watson"] and "parity_back_other" not in feats["Holmes"]


def test_a_narration_break_ends_the_exchange(exchange: tuple) -> None:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speakers_exchange import exchange_features
    from worldstate.extract.speech import SpeechExtractor

    text = TEXT.replace("“Not all, by no means all.”", "The clock struck. Rain fell.\n\nThe fire died down.")
    story, doc, coref, quotes = run_to_coref(text, "t2", Settings())
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    turns = ex.rule_turns(quotes)
    assert exchange_features(ex, turns, 2) == {}  # "But that was all?" is two paragraphs after the last turn
