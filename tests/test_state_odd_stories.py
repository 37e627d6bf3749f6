"""``state_at`` on stories of unusual shape: second person, all pronouns, no places, spaced tokens, only "I"."""

from __future__ import annotations

from worldstate.analysis import analyze
from worldstate.query import state_at


def _by_name(text: str, at: int) -> dict[str, object]:
    world = analyze(text)
    return {cs.name: cs for cs in state_at(world, at, knowledge=False).characters}


def test_a_story_told_to_you_has_you_as_its_protagonist() -> None:
    text = "You wake up in a dark room. You take the key from the table. You walk into the garden."
    states = _by_name(text, 2)
    you = states["you (protagonist)"]
    assert you.location is not None and you.location.value_text == "the garden"  # type: ignore[attr-defined]
    assert [s.value_text for s in you.holds] == ["the key"]  # type: ignore[attr-defined]


def test_you_in_a_story_told_by_i_is_not_a_protagonist() -> None:
    text = "I met him at the gate. You know how it is, I said to myself. I went home and he went to the inn."
    assert "you (protagonist)" not in _by_name(text, 2)


def test_a_story_of_pronouns_only_answers_without_names() -> None:
    states = _by_name("He went to it. She took it from him. They ran there. It was gone.", 3)
    assert states and all(cs.alive for cs in states.values())  # type: ignore[attr-defined]


def test_a_story_with_no_places_and_no_people_answers_empty() -> None:
    world = analyze("The wind blew. Nothing moved for a long time. It rained and rained.")
    assert state_at(world, 2).characters == []


def test_spaced_tokens_and_a_narrator_who_is_only_i() -> None:
    states = _by_name("I was born in York . I went to Hull in a ship , and my father was angry .", 1)
    narrator = states["I (narrator)"]
    assert narrator.location is not None and narrator.location.value_text == "Hull"  # type: ignore[attr-defined]


def test_a_character_whose_place_is_not_told_is_where_its_company_is() -> None:
    world = analyze("Anna walked into the kitchen. Tom and Anna talked for an hour. Tom laughed at her joke.")
    tom = next(cs for cs in state_at(world, 2, knowledge=False).characters if cs.name == "Tom")
    assert tom.location is not None and tom.location.value_text == "the kitchen"
    assert tom.location_with == "anna"
