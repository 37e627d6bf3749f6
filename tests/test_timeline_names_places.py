"""Name and place rules: a character called once by another name, a place called once by another word —
proved with both sentences; a told renaming, a told journey and a dream raise nothing."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.reason.timeline import check_timeline
from worldstate.reason.timeline.names import _clipped_title, _introduced_or_listed
from worldstate.state import Finding, Span

RENAMED = (
    "There was once a cook named Gretel, who wore shoes with red heels. "  # 1
    "Gretel worked for a rich master in the town. "  # 2
    "One day the master said to Gretel that a guest would come to dinner. "  # 3
    "Gretel roasted two fowls and put them on the spit. "  # 4
    "'Yes, sir, I will soon serve up,' answered Greta. "  # 5: the rename
    "The guest did not come, and Gretel ate one of the fowls herself. "  # 6
    "Gretel laughed and drank some wine."  # 7
)


def _rule(text: str, rule: str) -> list:
    return [f for f in check_timeline(analyze(text), all_rules=True) if f.rule == rule]


def _proved(text: str, rule: str) -> tuple[Finding, list[tuple[str, int, str]]]:
    """The one finding of ``rule`` on ``text``, and its evidence as sorted (role, sentence, text)."""
    found = _rule(text, rule)
    assert len(found) == 1, found
    return found[0], sorted((e.role, e.sentence, e.text) for e in found[0].evidence)


def test_a_name_used_once_in_an_established_characters_place_is_proved_with_both_sentences() -> None:
    found = _rule(RENAMED, "timeline.name-stable")
    assert len(found) == 1
    finding = found[0]
    assert [(e.role, e.sentence, e.text) for e in finding.evidence] == [
        ("error", 4, "Greta"),
        ("contradicted", 0, "Gretel"),
    ]
    assert "Greta" in finding.explanation and "Gretel" in finding.explanation


@pytest.mark.parametrize(
    "change",
    [
        # a told renaming: the new name is introduced ("was called")
        ("'Yes, sir, I will soon serve up,' answered Greta.", "From that day on she was called Greta."),
        # a dream: the new name is introduced ("named")
        ("'Yes, sir, I will soon serve up,' answered Greta.", "She dreamt of a girl named Greta."),
        # a list of names in passing
        ("'Yes, sir, I will soon serve up,' answered Greta.", "She thought of Greta, Marlene and Hilde."),
        # the established name itself
        ("answered Greta", "answered Gretel"),
        # a clipped title before a name, in dialect ("Mis' Innes" is Miss Innes)
        # an adverb opening an inverted sentence is capitalised, not a name
        ("'Yes, sir, I will soon serve up,' answered Greta.", "Scarce had she served up when the bell rang."),
        # a pet name of the established name
        ("answered Greta", "answered Gretelchen"),
        # an adverb or a called-out verb capitalised by opening the sentence or the quote
        ("'Yes, sir, I will soon serve up,' answered Greta.", "Forthwith, then, the master went out."),
        ("'Yes, sir, I will soon serve up,' answered Greta.", "Then the master called out: 'Arise!'"),
        # a name someone would call another, or a thing called by a name
        ("'Yes, sir, I will soon serve up,' answered Greta.", "She muttered the names she would call Greta."),
        ("'Yes, sir, I will soon serve up,' answered Greta.", "He wore a coat called a 'Chesterfield'."),
        # a name called to in a quote names the one spoken to, not the character around it
        ("'Yes, sir, I will soon serve up,' answered Greta.", "'Hilde!' she called from the stairs."),
        ("'Yes, sir, I will soon serve up,' answered Greta.", "'What does he say, Hilde?' she asked."),
        # an apposition introduces the bearer, also in tokenised text with a space before the comma
        ("answered Greta.", "talked to old Taylor , the gardener."),
    ],
)
def test_introduced_or_listed_names_raise_nothing(change: tuple[str, str]) -> None:
    assert _rule(RENAMED.replace(*change), "timeline.name-stable") == []


@pytest.mark.parametrize(
    ("sentence", "introduced"),
    [
        ("She touched pretty little Mopsey too, the Princess's little spaniel.", True),  # Sleeping Beauty
        ("She touched old Taylor , the gardener.", True),
        ("She touched Mopsey too, and went away.", False),
    ],
)
def test_an_apposition_after_an_adverb_introduces_the_name(sentence: str, introduced: bool) -> None:
    start = sentence.index("Mopsey") if "Mopsey" in sentence else sentence.index("Taylor")
    word = sentence[start:].split()[0]
    assert _introduced_or_listed(sentence, 0, Span(start, start + len(word)), {"gretel"}) is introduced


MOVED = (
    "Once upon a time a girl awoke in a beautiful meadow full of flowers. "  # 1
    "She walked across the meadow until she came to an oven full of bread. "  # 2
    "Then she served the old woman for a long time and was given gold. "  # 3
    "Her lazy sister wanted the same luck. "  # 4
    "She jumped into the well as well, and she awoke in the beautiful forest. "  # 5: the moved place
    "She went over the forest to the oven and did not take out the bread."  # 6
)


def test_a_place_called_by_another_word_in_the_same_frame_is_proved_with_both_sentences() -> None:
    finding, evidence = _proved(MOVED, "timeline.place-stable")
    assert evidence == [("contradicted", 0, "meadow"), ("error", 4, "forest")]
    assert "meadow" in finding.explanation and "forest" in finding.explanation


@pytest.mark.parametrize(
    "change",
    [
        # a told journey: the forest is a second place the story introduces
        ("she awoke in the beautiful forest", "she walked on and awoke in a beautiful forest"),
        # the first word comes back: two places
        ("did not take out the bread.", "did not take out the bread. She went back to the meadow."),
        # no shared frame: the story just moves on
        ("she awoke in the beautiful forest", "she ran to the forest"),
    ],
)
def test_told_journeys_and_places_of_their_own_raise_nothing(change: tuple[str, str]) -> None:
    assert _rule(MOVED.replace(*change), "timeline.place-stable") == []


def test_a_dream_place_introduced_as_such_raises_nothing() -> None:
    dream = MOVED.replace("she awoke in the beautiful forest", "she dreamt of a beautiful forest")
    assert _rule(dream, "timeline.place-stable") == []


SWITCHED = (
    "In the evening the girl came to a cottage among the hills and went in to rest. "  # 1
    "Everything was neat in the cottage, and there were seven little beds. "  # 2
    "She lay down on one of the beds and fell asleep. "  # 3
    "By and by in came the masters of the castle. "  # 4: the cottage called a castle
    "They were seven dwarfs who lived in the castle and dug for gold in the hills."  # 5
)


def test_a_building_taken_over_by_another_word_is_proved_with_both_sentences() -> None:
    _, evidence = _proved(SWITCHED, "timeline.place-switch")
    assert evidence == [("contradicted", 1, "cottage"), ("error", 3, "castle")]


def test_a_told_journey_to_a_new_building_raises_no_switch() -> None:
    told = SWITCHED.replace("By and by in came the masters of the castle.", "Next day she walked to a castle.")
    assert _rule(told, "timeline.place-switch") == []


@pytest.mark.parametrize(
    ("said", "clipped"),
    [
        ("'I ain't sayin' nothin', Mis' Innes,' he said.", True),  # a clipped title in dialect: Miss Innes
        ("' I ai n't sayin ' nothin ' , Mis ' Innes , ' he said .", True),  # the same, tokenised
        ("'Come here, Mis, and sit down,' he said.", False),
        ("'Come here, Mis' he said.", False),
    ],
)
def test_a_clipped_title_before_a_name_is_no_name(said: str, clipped: bool) -> None:
    start = said.index("Mis")
    assert _clipped_title(said, Span(start, start + 3)) is clipped


@pytest.mark.parametrize(
    "said",
    ["\"I ain't sayin' nothin', Mis' Innes,\" he said.", "\" I ai n't sayin ' nothin ' , Mis ' Innes , \" he said ."],
)
def test_a_clipped_title_raises_no_renaming(said: str) -> None:
    text = (
        "I engaged Thomas on the spot, at outrageous wages. Thomas came to the house at eight o'clock. "
        f"Thomas stood by the door with his hat in his hand. {said} Thomas looked at the floor. "
        "Then Thomas went out to the lodge."
    )
    assert _rule(text, "timeline.name-stable") == []  # before: "Thomas … calls them Mis"
