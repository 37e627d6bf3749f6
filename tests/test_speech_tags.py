"""Any verb right after a quote cut off mid-sentence, with only its subject between, attributes the quote
(extract/speech.py ``SpeechExtractor.tags_quote``), on small hand-written texts."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.config import Settings


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings()


def _tagging(text: str, settings: Settings) -> list[tuple[str, bool]]:
    """(verb, attributes the first quote) for every verb after the first quote."""
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speech import SpeechExtractor

    story, doc, coref, quotes = run_to_coref(text, "t", settings)
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    return [(t.text, ex.tags_quote(quotes[0], t)) for t in doc.tokens if t.pos == "VERB" and t.start >= quotes[0].end]


def test_a_verb_outside_the_speech_verbs_attributes_the_quote_it_follows(settings: Settings) -> None:
    text = (
        "The kidnapper and the saloon-keeper sat at the table.\n\n"
        "“How much did the other mug get?” the kidnapper asked.\n\n"
        "“That makes a hundred and fifty,” the saloon-keeper calculated."
    )
    ws = analyze(text, settings).state
    names = {e.id: e.name for e in ws.entities}
    assert [names.get(s.speaker or "") for s in ws.speeches] == ["the kidnapper", "the saloon-keeper"]
    assert ("calculated", True) in _tagging(text.split("\n\n", 2)[0] + "\n\n" + text.split("\n\n")[2], settings)


def test_a_quote_that_ends_its_sentence_is_not_tagged_by_the_next_one(settings: Settings) -> None:
    assert ("ran", False) in _tagging("Tom and Mary walked home.\n\n“Stop.” Mary ran out of the room.", settings)
    assert ("ran", False) in _tagging("Tom and Mary walked home.\n\n“Stop!” Mary ran out of the room.", settings)
    assert ("mused", True) in _tagging("Tom and Mary walked home.\n\n“Brave and wise!” he mused.", settings)
