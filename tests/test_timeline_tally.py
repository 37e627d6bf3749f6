"""Event arithmetic (``extract/timeline/tally.py``), number phrases (``numbers.py``), WordNet kinds
(``kinds.py``) and the count questions of the state-questions bench that read them."""

from __future__ import annotations

import pytest
from analysed import ask_count as ask
from analysed import count_states
from analysed import world_once as world

from worldstate.analysis import World
from worldstate.extract.timeline.kinds import is_kind_of
from worldstate.extract.timeline.numbers import number_value


def counts(w: World, at: int) -> dict[tuple[str, str], str]:
    """(subject, key) → the count told by the end of sentence ``at``."""
    return count_states(w, at, lambda s: s.modality.factual)


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("forty", 40),
        ("40", 40),
        ("a hundred", 100),
        ("thirty - seven", 37),
        ("thirty-seven", 37),
        ("seven thousand two hundred", 7200),
        ("seven million , two hundred thousand", 7_200_000),
        ("two hundred and five", 205),
        ("7,200,000", 7_200_000),
        ("a dozen", 12),
    ],
)
def test_number_phrases(words: str, value: int) -> None:
    assert number_value(words.split()) == value


@pytest.mark.parametrize("words", ["a", "second", "the", "seventh"])
def test_an_article_or_an_ordinal_is_no_count(words: str) -> None:
    assert number_value(words.split()) is None


@pytest.mark.parametrize(
    ("text", "noun", "told"),
    [
        pytest.param(
            "A band of twelve robbers lived in the hills. "
            "The first robber was killed by the miller. "
            "The first robber was killed by the miller. "
            "Later the captain slew the youngest robber. "
            "Then one of the robbers ran away.",
            "robber",
            {0: "12", 2: "11", 3: "10", 4: "9"},  # the same member told dead twice counts once
            id="a-numbered-band-loses-the-members-killed-once-each",
        ),
        pytest.param(
            "One evening a little frog sat by the pond. "
            "Then another little one came. "
            "The next evening they came with three other little frogs. "
            "Later two more frogs came.",
            "frog",
            {1: "2", 2: "5", 3: "7"},
            id="newcomers-join-the-count",
        ),
        pytest.param(
            "Six geese lived on the farm. The plan was for the other geese to come back at night.",
            "goose",
            {1: "6"},
            id="the-other-ones-of-a-plan-are-no-newcomers",
        ),
    ],
)
def test_the_storys_count_by_each_sentence(text: str, noun: str, told: dict[int, str]) -> None:
    w = world(text)
    for sentence, count in told.items():
        assert counts(w, sentence)[("story", noun)] == count, sentence


def test_gifts_between_two_parties_are_tallied_by_thing_and_by_class() -> None:
    text = (
        "Mary gave Tom a needle. "
        "The next day Mary gave Tom a knife. "
        "On Sunday Mary gave Tom a young goat. "
        "Tom went home."
    )
    w = world(text)
    got = counts(w, 3)
    gifts = {key: n for (subject, key), n in got.items() if key.startswith("gift given by")}
    assert list(gifts.values()) == ["3"]
    assert ask(text, "Tom", "Tom went home", "gift", "gifts from Mary") == "3"
    assert ask(text, "Tom", "gave Tom a knife", "gift", "gifts from Mary") == "2"
    assert ask(text, "Tom", "Tom went home", "implement", "") == "2"  # WordNet: a needle and a knife


@pytest.mark.parametrize(
    ("text", "entity", "anchor", "noun", "other", "answer"),
    [
        pytest.param(
            "Ten hunters lived in the wood. The oldest hunter was killed by a bear. The youngest hunter wept.",
            "the youngest hunter",
            "The youngest hunter wept",
            "hunter",
            "",
            "8",
            id="a-member-asked-about-the-others-leaves-himself-out",
        ),
        pytest.param(
            "The king sent another messenger to the castle. The messenger rode fast.",
            "the king",
            "rode fast",
            "messenger",
            "messengers sent",
            "2",
            id="another-counts-the-one-before",
        ),
        pytest.param(
            "The weavers said that they must give her a coat for her trouble. "
            "They would gladly give her another coat if she would come back.",
            "the weavers",
            "gladly give her another coat",
            "coat",
            "coats promised",
            "2",
            id="an-offer-counts-as-promised",
        ),
        pytest.param(
            "The old man hired a boy. In the end he owed the boy seven thousand two hundred pieces of silver.",
            "the old man",
            "owed the boy",
            "piece",
            "pieces owed",
            "7200",
            id="a-stated-debt",
        ),
    ],
)
def test_a_count_question_is_answered(text: str, entity: str, anchor: str, noun: str, other: str, answer: str) -> None:
    assert ask(text, entity, anchor, noun, other) == answer


def test_holdings_are_counted_when_no_count_is_told() -> None:
    text = (
        "The farmer had a lamp. "
        "He sold the lamp to a pedlar. "
        "His dog brought the lamp back to the farmer. "
        "The farmer was glad."
    )
    assert ask(text, "the farmer", "was glad", "lamp") == "1"
    assert ask(text, "the farmer", "sold the lamp", "lamp") is None


def test_wordnet_kinds() -> None:
    assert is_kind_of("goat", "animal")
    assert is_kind_of("goats", "animals")
    assert is_kind_of("dress", "clothing")
    assert not is_kind_of("needle", "animal")
