"""What a reader takes from a sentence that the timeline reads: a sure speaker's own "I am in X", the
names the story gives, 'a wood-cutter with his wife', 'a coach drove up, with eight horses'."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.coref.quoted import sure_speaker
from worldstate.extract.timeline import self_report
from worldstate.query import find_entities, state_at
from worldstate.state import Span
from worldstate.state.timeline import Modality, Predicate, StateInterval, Timeline

HIDING = "The mother looked for her son. At last the boy cried: 'Dear mother, {words}' She went away."


def _places(world: World, subject: str) -> list[StateInterval]:
    return [s for s in world.timeline.states if s.predicate == Predicate.LOCATION and s.subject == subject]


def test_a_sure_speakers_own_present_place_is_a_fact() -> None:
    world = analyze(HIDING.format(words="I am in the clock-case."))
    quote = world.state.speeches[0]
    assert quote.speaker == "boy" and sure_speaker(quote)
    [place] = _places(world, "boy")
    assert (place.value, place.modality, place.holder) == ("clock-case", Modality.ASSERTED, None)
    assert (place.evidence.start, place.evidence.end) == (quote.content_span.start, quote.content_span.end)
    assert state_at(world, 1, "boy", knowledge=False).characters[0].location is place


@pytest.mark.parametrize(
    "words",
    [
        "I am not in the clock-case.",  # denied
        "am I in the clock-case?",  # asked
        "if I am in the clock-case, you will find me.",  # a condition
        "I would be in the clock-case.",  # a modal
        "I was in the clock-case.",  # told of the past, not where the speaker is
        "I think that I am in the clock-case.",  # a belief
    ],
)
def test_a_speakers_claim_that_is_no_plain_present_statement_stays_the_speakers(
    words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(self_report, "sure_speaker", lambda speech: True)  # the speaker ranker aside
    world = analyze(HIDING.format(words=words))
    assert world.state.speeches[0].speaker == "boy"
    assert all(not p.modality.factual for p in _places(world, "boy"))


def test_words_the_narration_marks_as_a_lie_stay_the_speakers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(self_report, "sure_speaker", lambda speech: True)
    world = analyze(HIDING.format(words="I am in the clock-case.").replace("cried:", "cried falsely:"))
    assert world.state.speeches[0].speaker == "boy"
    places = _places(world, "boy")
    assert places and all(p.modality == Modality.SPEECH and p.holder == "boy" for p in places)


def test_a_guessed_speakers_words_stay_the_speakers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(self_report, "sure_speaker", lambda speech: False)
    world = analyze(HIDING.format(words="I am in the clock-case."))
    places = _places(world, "boy")
    assert places and all(p.modality == Modality.SPEECH for p in places)


def test_the_name_the_story_gives_finds_the_named_one() -> None:
    """'she was called Snowdrop': the girl is found by the name even where coreference keeps the name's
    own entity apart."""
    world = analyze(
        "And so the little girl grew up; her skin was as white as snow, and her hair as black as ebony; "
        "and she was called Snowdrop."
    )
    named = [s.subject for s in world.timeline.states if s.predicate == Predicate.NAME and s.value == "Snowdrop"]
    assert named and set(named) <= set(find_entities(world, "Snowdrop"))
    traits = {s.value for cs in state_at(world, 0, "Snowdrop", knowledge=False).characters for s in cs.traits}
    assert {"skin=white", "hair=black"} <= traits


def test_told_names_come_with_the_exact_matches() -> None:
    entity = SimpleNamespace(id="snowdrop", name="Snowdrop", aliases=[])
    other = SimpleNamespace(id="girl", name="the little girl", aliases=[])
    named = StateInterval("girl", Predicate.NAME, "Snowdrop", 3, Span(0, 1))
    scoped = StateInterval("queen", Predicate.NAME, "Snowdrop", 2, Span(0, 1), Modality.WISHED, holder="queen")
    world = SimpleNamespace(state=SimpleNamespace(entities=[entity, other]), timeline=Timeline([scoped, named]))
    assert find_entities(world, "snowdrop") == ["snowdrop", "girl"]  # not the queen's wish


def test_his_wife_in_a_phrase_of_company_is_the_companions() -> None:
    """Coreference takes 'his' for the boy named next; the with-phrase says whose wife and children."""
    world = analyze(
        "Hard by a great forest dwelt a poor wood-cutter with his wife and his two children. "
        "The boy was called Hansel and the girl Gretel. He had little to bite and to break."
    )
    [cutter] = find_entities(world, "wood-cutter")
    relations = {s.value for s in world.timeline.of(cutter, Predicate.RELATION)}
    assert "married_to=wife" in relations
    assert any(v.startswith("parent_of=") for v in relations)
    assert [s.value for s in world.timeline.of(cutter, Predicate.COUNT)] == ["child=2"]


def test_a_count_goes_with_the_subject_of_a_verb_of_motion() -> None:
    world = analyze(
        "Soon a coach drove up, with eight white horses. The king came to the castle with his three daughters."
    )
    counts = {(s.subject, s.value) for s in world.timeline.states if s.predicate == Predicate.COUNT}
    assert ("coach", "horse=8") in counts
    assert any(value == "daughter=3" and "king" in subject for subject, value in counts)


def test_a_gapped_second_naming_is_no_part_of_the_name() -> None:
    world = analyze("The boy was called Hansel and the girl Gretel. The king had a daughter called Rose and a son.")
    names = {p.value for p in world.state.propositions if p.predicate == "name"}
    assert "Hansel" in names and "Rose" in names
    assert not any(" and " in n for n in names)


def test_a_habit_told_in_the_present_is_no_place_of_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(self_report, "sure_speaker", lambda speech: True)
    world = analyze(HIDING.format(words="I always sit in the clock-case."))
    assert world.state.speeches[0].speaker == "boy"
    places = _places(world, "boy")
    assert places and all(not p.modality.factual for p in places)
