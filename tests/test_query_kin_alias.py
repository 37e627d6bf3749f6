"""A relation question's pronoun kin alias ("his daughter") names the other party's relative, found through
the timeline's relations (``query/kin_alias.py``) when coreference kept the two names apart."""

from __future__ import annotations

from functools import cache
from typing import Any

from worldstate.analysis import World, analyze
from worldstate.bench.state_questions import answer_question
from worldstate.query.kin_alias import kin_alias_entities

SHOP = (
    "After a time Mr. John Dormouse and his daughter began to sell candles. The candles were poor. "
    "Miss Dormouse refused to take back the ends."
)
SUITOR = (
    "The miller had a daughter. One day a suitor came, and the miller betrothed his daughter to him. "
    "The bridegroom sat at the feast."
)


@cache
def world(text: str) -> World:
    return analyze(text)


def ask(text: str, entity: str, aliases: list[str], other: str, anchor: str) -> dict[str, Any]:
    q = {"qid": "q", "kind": "relation", "entity": entity, "entity_aliases": aliases, "anchor": anchor, "other": other}
    return answer_question(world(text), q)


def relations(answer: dict[str, Any]) -> set[tuple[str, str]]:
    return {(r["relation"], r["other"]) for r in answer["answer"]}


def test_his_daughter_is_the_other_partys_daughter() -> None:
    got = ask(SHOP, "Miss Dormouse", ["his daughter"], "Mr. John Dormouse", "refused to take back")
    assert got["kin_alias"] == ["daughter"]
    assert ("child_of", "mr-john-dormouse") in relations(got)


def test_her_betrothed_is_the_one_betrothed_to_the_other_party() -> None:
    got = ask(SUITOR, "the bridegroom", ["her betrothed"], "the miller's daughter (the bride)", "sat at the feast")
    assert got["kin_alias"] == ["suitor"]
    assert ("betrothed_to", "daughter") in relations(got)


def test_without_a_kin_alias_nothing_is_added() -> None:
    got = ask(SHOP, "Miss Dormouse", ["the shopkeeper's girl"], "Mr. John Dormouse", "refused to take back")
    assert "kin_alias" not in got
    assert relations(got) == set()


def test_an_alias_of_a_relation_the_timeline_does_not_tell_names_nobody() -> None:
    assert kin_alias_entities(world(SHOP), ["his wife", "her sister"], "Mr. John Dormouse") == []
    assert kin_alias_entities(world(SHOP), ["his daughter"], "") == []


def test_an_entity_already_related_to_the_other_party_is_answered_alone() -> None:
    got = ask(SUITOR, "the suitor", ["her betrothed"], "the miller's daughter", "sat at the feast")
    assert "kin_alias" not in got
    assert ("betrothed_to", "daughter") in relations(got)
