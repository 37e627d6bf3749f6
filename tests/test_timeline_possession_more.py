"""Possession readings on small hand-written texts: a double object the parser split (``second_object.py``),
consuming with a particle (``verbs.class_of``), a thing left behind, let fall or put down
(``left_behind.py``) and a thing in someone's hand (``in_hand.py``)."""

from __future__ import annotations

import pytest
from analysed import holders

from worldstate.analysis import World

TEXTS = {
    "handed": "The king had a golden cup. He handed the soldier the cup.",
    "gave_her_mistress": "The maid took the key. She gave her mistress the key.",
    "next_day": "The boy had a knife. The king saw the boy the next day.",
    "ate_up": "The fox caught a goose. He ate it up.",
    "burnt_up": "The old man took the letter. He burnt the letter up.",
    "left_behind": "The miller took the sack. He left the sack behind.",
    "left_at": "The miller took the sack. He left it at the inn.",
    "left_place": "The miller took the sack. He left the mill.",
    "left_to_son": "The miller took the sack. He left the sack to his son.",
    "left_alone": "The miller took the sack. He left the sack alone.",
    "left_before": "The miller picked up the sack which the boy had left behind.",
    "let_fall": "The boy picked up the ring. He let the ring fall.",
    "let_fall_into": "The boy picked up the ring. He let the ring fall into the well.",
    "set_down": "The girl took the basket. She set the basket down.",
    "laid_aside": "The knight drew his sword. He laid aside the sword.",
    "put_aside": "The miller took the sack. He put the sack aside.",
    "took_down": "The miller took the sack. He took the sack down.",
    "in_his_hand": "The hunter stood there with a knife in his hand.",
    "apposed": "She came in, a candle in her hand.",
    "man_with": "Tom met an old man with a stick in his hand.",
    "seen_with": "I saw John with a torch in one hand, and a dagger in the other.",
    "dripping": "I saw John, with a torch in one hand, and a dagger dripping with blood in the other.",
    "nothing": "The boy had a coin. He stood with nothing in his hand.",
    "hand_not_thing": "Tom stood there with his hat in his hand and joy in his heart.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


HOLDERS = [  # (text, thing, sentence, who holds it there)
    pytest.param("handed", "cup", 1, ["soldier"], id="a double object split by the parser is a giving: cup in s1"),
    pytest.param(
        "gave_her_mistress", "key", 1, ["mistress"], id="a double object split by the parser is a giving: key in s1"
    ),
    pytest.param("next_day", "knife", 1, ["boy"], id="an adverbial noun of time is no second object: knife in s1"),
    pytest.param("next_day", "day", 1, [], id="an adverbial noun of time is no second object: day in s1"),
    pytest.param("ate_up", "goose", 0, ["fox"], id="a thing consumed with a particle is gone: goose in s0"),
    pytest.param("ate_up", "goose", 1, [], id="a thing consumed with a particle is gone: goose in s1"),
    pytest.param("burnt_up", "letter", 1, [], id="a thing consumed with a particle is gone: letter in s1"),
    pytest.param("left_behind", "sack", 0, ["miller"], id="a thing left behind is no longer held: sack in s0"),
    pytest.param("left_behind", "sack", 1, [], id="a thing left behind is no longer held: sack in s1"),
    pytest.param("left_at", "sack", 1, [], id="a thing left behind is no longer held: sack in s1"),
    pytest.param(
        "left_place", "sack", 1, ["miller"], id="leaving a place a bequest or a state keeps the thing: sack in s1"
    ),
    pytest.param(
        "left_to_son", "sack", 1, ["son"], id="leaving a place a bequest or a state keeps the thing: sack in s1"
    ),
    pytest.param(
        "left_alone", "sack", 1, ["miller"], id="leaving a place a bequest or a state keeps the thing: sack in s1"
    ),
    pytest.param(
        "left_before", "sack", 0, ["miller"], id="a leaving told in a relative clause came before: sack in s0"
    ),
    pytest.param("let_fall", "ring", 1, [], id="a thing let fall is no longer held: ring in s1"),
    pytest.param("let_fall_into", "ring", 1, [], id="a thing let fall is no longer held: ring in s1"),
    pytest.param("in_his_hand", "knife", 0, ["hunter"], id="a thing in a hand is held by its owner: knife in s0"),
    pytest.param("apposed", "candle", 0, ["she-unnamed"], id="a thing in a hand is held by its owner: candle in s0"),
    pytest.param("man_with", "stick", 0, ["old-man"], id="a thing in a hand is held by its owner: stick in s0"),
    pytest.param(
        "seen_with", "torch", 0, ["john"], id="one seen with a thing in hand holds it not the one who sees: torch in s0"
    ),
    pytest.param(
        "seen_with",
        "dagger",
        0,
        ["john"],
        id="one seen with a thing in hand holds it not the one who sees: dagger in s0",
    ),
    pytest.param("hand_not_thing", "joy", 0, [], id="only a portable thing is held in hand: joy in s0"),
    pytest.param("dripping", "dagger", 0, ["john"], id="a thing modified by what is in hand is held: dagger in s0"),
    pytest.param("nothing", "coin", 1, ["boy"], id="a thing modified by what is in hand is held: coin in s1"),
    pytest.param("set_down", "basket", 1, [], id="a thing put down with no place is no longer held: basket in s1"),
    pytest.param("laid_aside", "sword", 1, [], id="a thing put down with no place is no longer held: sword in s1"),
    pytest.param("put_aside", "sack", 1, [], id="a thing put down with no place is no longer held: sack in s1"),
    pytest.param("took_down", "sack", 1, ["miller"], id="taking a thing down keeps it: sack in s1"),
]


@pytest.mark.parametrize(("key", "thing", "sentence", "expected"), HOLDERS)
def test_who_holds_the_thing(
    worlds: dict[str, World], key: str, thing: str, sentence: int, expected: list[str]
) -> None:
    assert holders(worlds[key], thing, sentence) == expected
