"""Parsing model text into dicts (JSON first, careful repairs, keyed lines) and schema coercion."""

from __future__ import annotations

import pytest

from worldstate.detect.llm.parsing import first_object, parse_output, repair_json
from worldstate.detect.llm.schema import SchemaError, validate

CONTINUITY = {
    "has_error": {"type": "bool"},
    "error_quotes": {"type": "list[str]", "required": False, "quote": True},
    "confidence": {"type": "float", "required": False, "range": [0, 1]},
}


@pytest.mark.parametrize(
    ("text", "expected", "how"),
    [
        ('{"has_error": true, "error_quotes": ["a"]}', {"has_error": True, "error_quotes": ["a"]}, "json"),
        ('Here you go:\n```json\n{"has_error": false}\n```\nDone.', {"has_error": False}, "json"),
        ('<think>maybe {"has_error": true}</think>{"has_error": false}', {"has_error": False}, "json"),
        (
            '{"has_error": true, "error_quotes": ["a", "b",],}',
            {"has_error": True, "error_quotes": ["a", "b"]},
            "repaired",
        ),
        (
            "{'has_error': True, 'why': 'the wolf's den', 'x': None}",
            {"has_error": True, "why": "the wolf's den", "x": None},
            "repaired",
        ),
        (
            '{"note": "a } brace and a \\" quote", "has_error": true} {"later": 1}',
            {"note": 'a } brace and a " quote', "has_error": True},
            "json",
        ),
        (
            "Reasoning: she was away.\n**Has error**: Yes\nConfidence: 0.7",
            {"has_error": "Yes", "confidence": "0.7"},
            "lines",
        ),
        ("No. The story is consistent.", {"has_error": "no"}, "keyword"),
    ],
)
def test_parse_output(text: str, expected: dict, how: str) -> None:
    data, found_how = parse_output(text, list(CONTINUITY), "has_error")
    assert data == expected and found_how == how


def test_nonsense_parses_to_none() -> None:
    assert parse_output("mill river bread night", list(CONTINUITY), "has_error") == (None, "none")
    assert parse_output("{ unbalanced", list(CONTINUITY)) == (None, "none")


def test_first_object_and_repair_never_execute_code() -> None:
    text = "{'a': __import__('os').system('echo hacked')}"
    obj = first_object(text)
    assert obj == text
    assert parse_output(text, ["a"]) == (None, "none")  # not JSON, not repairable: nothing runs
    assert repair_json("{'a': 'True story', 'b': True}") == '{"a": "True story", "b": true}'


def test_validate_coerces_types() -> None:
    data, notes = validate({"has_error": "Yes.", "error_quotes": "NA", "confidence": "85"}, CONTINUITY)
    assert data == {"has_error": True, "error_quotes": [], "confidence": pytest.approx(0.85)}
    assert notes == []


def test_validate_required_and_optional_failures() -> None:
    with pytest.raises(SchemaError, match="has_error"):
        validate({"confidence": 0.4}, CONTINUITY)
    with pytest.raises(SchemaError, match="yes/no"):
        validate({"has_error": "perhaps"}, CONTINUITY)
    data, notes = validate({"has_error": False, "confidence": "high"}, CONTINUITY)
    assert data["confidence"] is None and "unusable 'confidence'" in notes[0]


def test_letters_numbers_and_enums() -> None:
    schema = {"answer": {"type": "letter"}, "kind": {"type": "enum", "values": ["timeline_plot_causeless_effects"]}}
    for given, index in [("B", 1), ("(a)", 0), ("Option B: she runs", 1), ("2", 1), (1, 0)]:
        data, _ = validate({"answer": given, "kind": "causeless effects"}, schema, n_options=2)
        assert data["answer_index"] == index and data["kind"] == "timeline_plot_causeless_effects"
    with pytest.raises(SchemaError, match="not one of the 2 options"):
        validate({"answer": "C", "kind": "timeline_plot_causeless_effects"}, schema, n_options=2)
    with pytest.raises(SchemaError):
        validate({"answer": "A", "kind": "weather"}, schema, n_options=2)


def test_int_lists_from_text() -> None:
    schema = {"unfaithful_sentences": {"type": "list[int]"}}
    assert validate({"unfaithful_sentences": "2 and 4"}, schema)[0]["unfaithful_sentences"] == [2, 4]
    assert validate({"unfaithful_sentences": ["3", 5]}, schema)[0]["unfaithful_sentences"] == [3, 5]
