"""Possession readings on small hand-written texts: a double object the parser split (``second_object.py``),
consuming with a particle (``verbs.class_of``), a thing left behind, let fall or put down
(``left_behind.py``) and a thing in someone's hand (``in_hand.py``)."""

from __future__ import annotations

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


def test_a_double_object_split_by_the_parser_is_a_giving(worlds: dict[str, World]) -> None:
    assert holders(worlds["handed"], "cup", 1) == ["soldier"]
    assert holders(worlds["gave_her_mistress"], "key", 1) == ["mistress"]


def test_an_adverbial_noun_of_time_is_no_second_object(worlds: dict[str, World]) -> None:
    assert holders(worlds["next_day"], "knife", 1) == ["boy"]
    assert holders(worlds["next_day"], "day", 1) == []


def test_a_thing_consumed_with_a_particle_is_gone(worlds: dict[str, World]) -> None:
    assert holders(worlds["ate_up"], "goose", 0) == ["fox"]
    assert holders(worlds["ate_up"], "goose", 1) == []
    assert holders(worlds["burnt_up"], "letter", 1) == []


def test_a_thing_left_behind_is_no_longer_held(worlds: dict[str, World]) -> None:
    assert holders(worlds["left_behind"], "sack", 0) == ["miller"]
    assert holders(worlds["left_behind"], "sack", 1) == []
    assert holders(worlds["left_at"], "sack", 1) == []


def test_leaving_a_place_a_bequest_or_a_state_keeps_the_thing(worlds: dict[str, World]) -> None:
    assert holders(worlds["left_place"], "sack", 1) == ["miller"]
    assert holders(worlds["left_to_son"], "sack", 1) == ["son"]
    assert holders(worlds["left_alone"], "sack", 1) == ["miller"]


def test_a_leaving_told_in_a_relative_clause_came_before(worlds: dict[str, World]) -> None:
    assert holders(worlds["left_before"], "sack", 0) == ["miller"]


def test_a_thing_let_fall_is_no_longer_held(worlds: dict[str, World]) -> None:
    assert holders(worlds["let_fall"], "ring", 1) == []
    assert holders(worlds["let_fall_into"], "ring", 1) == []


def test_a_thing_in_a_hand_is_held_by_its_owner(worlds: dict[str, World]) -> None:
    assert holders(worlds["in_his_hand"], "knife", 0) == ["hunter"]
    assert holders(worlds["apposed"], "candle", 0) == ["she-unnamed"]
    assert holders(worlds["man_with"], "stick", 0) == ["old-man"]


def test_one_seen_with_a_thing_in_hand_holds_it_not_the_one_who_sees(worlds: dict[str, World]) -> None:
    assert holders(worlds["seen_with"], "torch", 0) == ["john"]
    assert holders(worlds["seen_with"], "dagger", 0) == ["john"]


def test_only_a_portable_thing_is_held_in_hand(worlds: dict[str, World]) -> None:
    assert holders(worlds["hand_not_thing"], "joy", 0) == []


def test_a_thing_modified_by_what_is_in_hand_is_held(worlds: dict[str, World]) -> None:
    assert holders(worlds["dripping"], "dagger", 0) == ["john"]
    assert holders(worlds["nothing"], "coin", 1) == ["boy"]


def test_a_thing_put_down_with_no_place_is_no_longer_held(worlds: dict[str, World]) -> None:
    assert holders(worlds["set_down"], "basket", 1) == []
    assert holders(worlds["laid_aside"], "sword", 1) == []
    assert holders(worlds["put_aside"], "sack", 1) == []


def test_taking_a_thing_down_keeps_it(worlds: dict[str, World]) -> None:
    assert holders(worlds["took_down"], "sack", 1) == ["miller"]
