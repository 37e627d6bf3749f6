"""The English lexicon: every list is read as the kind ``lexicon.yaml`` declares for it."""

from __future__ import annotations

import re

import pytest

from worldstate.data import load_yaml
from worldstate.resources.lexicon import KIND_TYPES, lexicon, read_lexicon


def test_every_declared_list_has_its_kinds_type() -> None:
    lex = lexicon()
    assert isinstance(lex.speech_verbs, frozenset) and "say" in lex.speech_verbs
    assert lex.person_nouns["king"] == "male"
    assert lex.number_words["two"] == 2.0 and isinstance(lex.number_words["two"], float)
    assert all(isinstance(p, re.Pattern) and p.flags & re.I for p in lex.scene_shift)
    assert all(isinstance(v, tuple) and len(v) == 2 for v in lex.adjective_states.values())
    assert isinstance(lex.animate_prototypes, tuple) and "a person" in lex.animate_prototypes
    assert lex.third_person == lex.male | lex.female | lex.plural and "she" in lex.third_person
    declared = load_yaml("resources", "data/lexicon.yaml")["kinds"]
    assert set(declared) <= set(KIND_TYPES)
    assert lex.names() == sorted(name for names in declared.values() for name in names)


def test_the_lexicon_is_read_only_and_names_unknown_lists() -> None:
    lex = lexicon()
    with pytest.raises(AttributeError, match="no list 'colours'"):
        _ = lex.colours
    with pytest.raises(AttributeError, match="read-only"):
        lex.male = frozenset()


def test_an_undeclared_kind_or_a_missing_list_is_an_error() -> None:
    raw = load_yaml("resources", "data/lexicon.yaml")
    raw["kinds"]["colours"] = ["red"]
    with pytest.raises(ValueError, match="unknown kind 'colours'"):
        read_lexicon(raw)
    raw = load_yaml("resources", "data/lexicon.yaml")
    raw["kinds"]["words"].append("colour_words")
    with pytest.raises(ValueError, match="'colour_words' is declared but missing"):
        read_lexicon(raw)
