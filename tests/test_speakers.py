"""The learned speaker ranker (worldstate/extract/speakers.py) and its tune module."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from worldstate.bench.tune.quotes import DocData, Example, fit, ranking_errors
from worldstate.extract.speakers import SpeakerModel, load_model, shipped_path


def _doc(examples: list[Example]) -> DocData:
    return DocData("d", None, None, None, None, [], examples, Counter())


def test_shipped_model_loads_with_provenance() -> None:
    model = load_model()
    assert model is not None and "rule_choice" in model.weights
    assert model.weights["rule_choice"] > 0  # the rules' choice is the strongest single hint
    import json

    prov = json.loads(shipped_path().read_text("utf-8"))["provenance"]
    assert prov["task"] == "litbank-quotes" and 0 < prov["score"]["cv"]["speaker_accuracy"] < 1


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    model = SpeakerModel({"a": 1.5, "b": -0.25}, 0.5)
    back = SpeakerModel.load(model.save(tmp_path / "m.json", {"note": "x"}))
    assert back.weights == {"a": 1.5, "b": -0.25} and back.bias == 0.5
    assert back.score(["a", "b", "unknown"]) == 1.75


def test_fit_ranks_the_candidate_with_the_telling_feature_first() -> None:
    examples = [
        Example("X", ["e1", "e2"], [["near", "noise1"], ["far", "noise2"]], [True, False], [True, False], 0),
        Example("Y", ["e3", "e4"], [["far", "noise1"], ["near", "noise2"]], [False, True], [False, True], 1),
    ] * 10
    model = fit([_doc(examples)], c=1.0)
    assert model.score(["near"]) > model.score(["far"])


def test_ranking_errors_split_right_ranking_and_coreference() -> None:
    examples = [
        Example("X", ["e1", "e2"], [[], []], [True, False], [True, False], 0),  # right
        Example("X", ["e1", "e2"], [[], []], [True, False], [False, True], 1),  # e2 holds X's mention: coref
        Example("X", ["e1", "e2"], [[], []], [True, False], [False, False], 2),  # e1 was there: ranking
    ]
    pred = {"speakers": ["e1", "e2", "e2"]}
    assert ranking_errors([_doc(examples)], [pred]) == Counter(right=1, coreference=1, ranking=1)
