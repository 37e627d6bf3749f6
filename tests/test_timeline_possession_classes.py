"""The WordNet verb classes of possession: eating or destroying ends a holding (``consume``), trading swaps
two things (``exchange``), stealing acquires and holding retains; what each does to a holding on small texts is
in ``tests/data/cases/holders.yaml``."""

from __future__ import annotations

from worldstate.extract.timeline.verbs import verb_classes


def test_wordnet_classes_of_consuming_and_trading() -> None:
    verbs = verb_classes().verbs
    assert {verbs.get(v) for v in ("eat", "gobble", "swallow", "burn", "wreck")} == {"consume"}
    assert {verbs.get(v) for v in ("trade", "barter", "exchange")} == {"exchange"}
    assert verbs.get("use") != "consume"  # "used the key": only a verb whose first sense consumes
    assert "smoke" in verb_classes().excluded  # "smoked his pipe" keeps the pipe


def test_stealing_acquires_and_holding_retains() -> None:
    assert verb_classes().verbs.get("steal") == "acquire" and verb_classes().verbs.get("hold") == "retain"
