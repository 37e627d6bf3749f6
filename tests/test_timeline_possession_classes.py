"""Possession by WordNet verb classes on small hand-written texts: eating or destroying ends a holding
(``consume``), trading a thing for another swaps them (``exchange``), a thing sent to someone is theirs
(``give``: WordNet's send.v.02), a thing taken in a passive with no taker named is its holder's no more
(``taken_away.py``), and the one a passive gives to holds
the thing ("he was given a ring by the queen")."""

from __future__ import annotations

from analysed import holders

from worldstate.analysis import World
from worldstate.extract.timeline.verbs import verb_classes

TEXTS = {
    "traded": "The maid had a bucket. She traded it for a hen.",
    "exchanged": "The maid had a bucket. She exchanged the bucket for a hen.",
    "gave_for": "The boy had a goose. He gave the goose for a grindstone.",
    "gave_to": "The boy had a goose. He gave the goose to the miller.",
    "stolen": "The tailor had a purse. The purse was stolen.",
    "taken_from": "The merchant had a purse. The purse was taken from him.",
    "taken": "The merchant had a purse. The purse was taken.",
    "held_high": "The merchant had a lamp. The lamp was held high.",
}  # analysed once each: the ``worlds`` fixture (conftest.py)


def test_wordnet_classes_of_consuming_and_trading() -> None:
    verbs = verb_classes().verbs
    assert {verbs.get(v) for v in ("eat", "gobble", "swallow", "burn", "wreck")} == {"consume"}
    assert {verbs.get(v) for v in ("trade", "barter", "exchange")} == {"exchange"}
    assert verbs.get("use") != "consume"  # "used the key": only a verb whose first sense consumes
    assert "smoke" in verb_classes().excluded  # "smoked his pipe" keeps the pipe


def test_a_thing_traded_for_another_is_gone_and_the_other_is_held(worlds: dict[str, World]) -> None:
    for name in ("traded", "exchanged"):
        assert holders(worlds[name], "bucket", 1) == []
        assert holders(worlds[name], "hen", 1) == ["maid"]
    assert holders(worlds["gave_for"], "goose", 1) == []
    assert holders(worlds["gave_for"], "grindstone", 1) == ["boy"]
    assert holders(worlds["gave_to"], "goose", 1) == ["miller"]


def test_a_thing_taken_from_its_holder_by_no_one_named_is_held_by_nobody(worlds: dict[str, World]) -> None:
    assert verb_classes().verbs.get("steal") == "acquire" and verb_classes().verbs.get("hold") == "retain"
    assert holders(worlds["stolen"], "purse", 1) == []
    assert holders(worlds["taken_from"], "purse", 1) == []
    assert holders(worlds["taken"], "purse", 1) == ["merchant"]  # "take" is no WordNet acquiring by itself
    assert holders(worlds["held_high"], "lamp", 1) == ["merchant"]  # holding takes nothing away
