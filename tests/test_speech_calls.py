"""Speakers round three: vocatives behind calling words, the vocatives of the turns around a quote, pronoun
speech subjects' antecedents as ranker features, dash dialogue as a habit, and underscores that are
emphasis, not speech; on small hand-written texts."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.extract.speech import _CALLING_WORDS
from worldstate.state import Story
from worldstate.state.quotes import DASH_PER_1000_WORDS, find_quotes


def quoted(text: str) -> list[str]:
    return [text[q.start : q.end] for q in find_quotes(Story.from_text(text))]


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings()


def test_calling_words_are_stripped_only_as_whole_words() -> None:
    assert _CALLING_WORDS.sub("", "No , no , my dear").rstrip() == "No , no ,"
    assert _CALLING_WORDS.sub("", "Oh").rstrip() == ""
    assert _CALLING_WORDS.sub("", "Gold").rstrip() == "Gold"  # "old" inside a word stays
    assert _CALLING_WORDS.sub("", "we were told").rstrip() == "we were told"


def test_a_vocative_behind_my_dear_names_the_next_speaker(settings: Settings) -> None:
    text = "Jane and Tom stood by the door.\n\n“Good morning, my dear Jane,” said Tom.\n\n“Good morning.”"
    ws = analyze(text, settings).state
    names = {e.id: e.name for e in ws.entities}
    first, second = ws.speeches
    assert names[first.speaker or ""] == "Tom"
    assert names.get(first.addressees[0] if first.addressees else "") == "Jane"
    assert names.get(second.speaker or "") == "Jane"


def test_the_ranker_reads_the_vocative_of_the_next_turn(settings: Settings) -> None:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speakers import candidates
    from worldstate.extract.speech import SpeechExtractor

    text = (
        "Holmes and Watson sat by the fire.\n\n“It is a country doctor’s stick,” said Holmes.\n\n"
        "“Then I was right.”\n\n“Not all, my dear Watson, by no means all.”"
    )
    story, doc, coref, quotes = run_to_coref(text, "t", settings)
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    turns = ex.rule_turns(quotes)
    names = {e.id: e.name for e in coref.entities}
    feats = {names[c.entity]: c.features for c in candidates(ex, turns, 1)}
    assert any(f.startswith("vocative+1") for f in feats["Watson"])  # called by the next turn: spoke this one
    assert not any(f.startswith("vocative+1") for f in feats["Holmes"])


def test_a_pronoun_speech_subject_points_the_ranker_at_the_character_named_before_it(settings: Settings) -> None:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speakers import candidates, pronoun_antecedent
    from worldstate.extract.speech import SpeechExtractor

    text = (
        "Mr. Temple sat by the window all the afternoon.\n\n"
        "Later that evening Mr. Eldridge walked alone in the garden.\n\n"
        "“I will think of it no more,” said he."
    )
    story, doc, coref, quotes = run_to_coref(text, "t", settings)
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    he = next(i for i in ex.infos if doc.tokens[i.head].low == "he")
    names = {e.id: e.name for e in coref.entities}
    own, other, gap = pronoun_antecedent(ex, he)
    assert names.get(he.mention.entity or "") == "Mr. Eldridge" and names.get(other or "") == "Mr. Temple"
    assert 0 < own < gap  # its own cluster was named since the other character
    feats = {names[c.entity]: c.features for c in candidates(ex, ex.rule_turns(quotes), 0)}
    assert any(f.startswith("pronoun_named=") for f in feats["Mr. Eldridge"])
    assert "pronoun_antecedent_after" in feats["Mr. Temple"]
    assert "pronoun_antecedent_closer" not in feats["Mr. Temple"]


def test_dash_lines_as_punctuation_in_long_prose_are_not_dialogue() -> None:
    prose = " ".join(["The old house stood at the end of the lane and nobody went near it."] * 60)
    text = (
        f"{prose}\n-- the great elm-tree and the weather-beaten edifice .\n{prose}\n"
        f"-- while so much of the soil was bestrewn with leaves , he built there .\n{prose}\n"
        f"-- or from one of our elder poets , in a paragraph .\n{prose}\n"
    )
    assert DASH_PER_1000_WORDS * len(text.split()) > 3 * 1000  # three dash lines: below the habit's rate
    assert quoted(text) == []


def test_dense_dash_dialogue_is_still_dialogue() -> None:
    text = "Mulligan came up the stairs .\n— Come up , Kinch !\n— Back to barracks !\n— Yes , he said .\n"
    assert quoted(text) == ["— Come up , Kinch !", "— Back to barracks !", "— Yes ,"]


def test_underscore_emphasis_is_not_speech() -> None:
    text = "“We must go,” said Emma. She did _ not _ think so. _Hekinah degul_ was all they heard.\n"
    assert quoted(text) == ["“We must go,”"]


def test_a_bare_noun_called_out_is_a_vocative_and_a_described_one_is_not(settings: Settings) -> None:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speech import SpeechExtractor

    text = (
        "The farmer and his wife stood at the gate.\n\n"
        "“Is the cow home?” the farmer asked.\n\n"
        "“Yes, farmer.”\n\n"
        "“I saw the farmer there.”"
    )
    story, doc, coref, quotes = run_to_coref(text, "t", settings)
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    names = {e.id: e.name for e in coref.entities}
    called = [[names[v] for v in ex.vocatives(q)] for q in quotes]
    assert called[1] and all("farmer" in n for n in called[1])  # "Yes, farmer."
    assert called[2] == []  # "the farmer" in a sentence is no call


def test_an_endearment_after_a_name_still_makes_it_a_vocative(settings: Settings) -> None:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speech import SpeechExtractor

    text = "Alice sat by the fire with Jane.\n\n“I wish you were here, Jane my dear!” said Alice."
    story, doc, coref, quotes = run_to_coref(text, "t", settings)
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    names = {e.id: e.name for e in coref.entities}
    assert [names[e] for e in ex.vocatives(quotes[0])] == ["Jane"]
    text = "Alice sat by the fire with Jane.\n\n“I wish Jane my cousin were here!” said Alice."
    story, doc, coref, quotes = run_to_coref(text, "t2", settings)
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    assert ex.vocatives(quotes[0]) == []  # "my cousin" is no endearment
