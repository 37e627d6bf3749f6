"""The listener, the hearer and a pronoun speech subject's narration antecedent as speaker-ranker features
(extract/speakers_roles.py), on small hand-written texts."""

from __future__ import annotations

import pytest

from worldstate.config import Settings


def _reader(text: str, doc_id: str) -> tuple:
    from worldstate.bench.tune.quotes import run_to_coref
    from worldstate.extract.speech import SpeechExtractor

    story, doc, coref, quotes = run_to_coref(text, doc_id, Settings())
    ex = SpeechExtractor(story, doc, coref, {e.id: e for e in coref.entities})
    return ex, ex.rule_turns(quotes), {e.id: e.name for e in coref.entities}


def _by_name(ex: object, turns: list, names: dict, k: int) -> dict[str, set[str]]:
    from worldstate.extract.speakers_roles import role_features

    return {names[e]: f for e, f in role_features(ex, turns, k).items()}


def test_the_listener_of_the_speech_verb_is_marked() -> None:
    ex, turns, names = _reader("Mr. Denham came in.\n\n“Have you ever been to Manchester?” he asked Katharine.", "r1")
    assert turns[0].rule == "verb"
    feats = _by_name(ex, turns, names, 0)
    assert "addressee_here" in feats["Katharine"]
    assert all("addressee_here" not in f for n, f in feats.items() if n != "Katharine")


def test_a_pronoun_subject_points_at_the_narration_subject_before_it() -> None:
    text = (
        "The nurse stood by the bed. Then the doctor felt his patient's pulse once more.\n\n"
        "“I don't think there's anything I can do just now,” he said."
    )
    ex, turns, names = _reader(text, "r2")
    feats = _by_name(ex, turns, names, 0)
    assert "pronoun_subject_antecedent" in feats["the doctor"]
    assert not any("pronoun_subject_antecedent" in f for n, f in feats.items() if n != "the doctor")


def test_the_ranker_candidates_carry_the_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    from worldstate.extract import speakers
    from worldstate.extract.speakers import candidates

    monkeypatch.setattr(speakers, "ROLES", True)  # on by default; set here so the test reads the features

    ex, turns, names = _reader("Mr. Denham came in.\n\n“Have you ever been to Manchester?” he asked Katharine.", "r3")
    feats = {names[c.entity]: c.features for c in candidates(ex, turns, 0)}
    assert "addressee_here" in feats["Katharine"]
