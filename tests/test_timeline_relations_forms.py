"""Relation forms read from the parse (``extract/timeline/relations.py``, ``born.py``): a birth, owners
conjoined ("the king and queen had a daughter"), relation nouns conjoined ("the son and daughter of the
king"), a "whose" owner, and a relation noun in an "as"/"for" phrase said of the verb's object or subject,
on short texts written for them; "in the service of X" (``in_service.py``)."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.query import find_entities
from worldstate.state.timeline import Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def relations(text: str, name: str) -> set[tuple[str, str]]:
    """(relation kind, the other party's name) of every factual relation of ``name``."""
    w = world(text)
    ids = find_entities(w, name)
    out = set()
    for s in w.timeline.states:
        if s.subject in ids and s.predicate == Predicate.RELATION and s.modality.factual:
            kind, other = s.value.split("=", 1)
            out.add((kind, w.state.display_name(other)))
    return out


def test_gave_birth_to_makes_parent_and_child() -> None:
    text = "The queen gave birth to a little daughter."
    assert ("child_of", "the queen") in relations(text, "the little daughter")
    assert ("parent_of", "the little daughter") in relations(text, "the queen")


def test_born_to_two_parents() -> None:
    text = "A son was born to the old king and queen."
    assert {("child_of", "the old king"), ("child_of", "queen")} <= relations(text, "the son")


def test_bore_needs_a_child_for_object() -> None:
    assert not relations("She bore the pain bravely.", "she")


def test_conjoined_owners_of_have_are_both_parents() -> None:
    text = "The king and queen had a beautiful daughter."
    assert {("child_of", "the king"), ("child_of", "queen")} <= relations(text, "the beautiful daughter")


def test_whose_names_the_relative_clause_antecedent() -> None:
    text = "There was once a girl whose father was a poor miller."
    assert ("child_of", "the poor miller") in relations(text, "the girl")


def test_a_bare_conjoined_relation_noun_shares_the_owner() -> None:
    of_text = "The son and daughter of the king went into the garden."
    assert ("child_of", "the king") in relations(of_text, "the daughter")
    poss_text = "The king's son and daughter went into the garden."
    assert ("child_of", "the king") in relations(poss_text, "daughter")


def test_as_phrase_is_said_of_the_object_or_the_subject() -> None:
    text = "The king took the shepherdess as his wife."
    assert ("married_to", "the king") in relations(text, "the shepherdess")
    text = "The young shepherd served as the king's gardener."
    assert ("servant_of", "the king") in relations(text, "the young shepherd")
    text = "The huntsman chose the girl for his bride."
    assert ("betrothed_to", "the huntsman") in relations(text, "the girl")


def test_a_likeness_is_no_relation() -> None:
    text = "The old woman loved the girl as her own daughter."
    assert ("child_of", "the old woman") not in relations(text, "the girl")


def test_conjoined_subjects_of_a_plural_relation_noun() -> None:
    text = "Hansel and Gretel were the children of a poor woodcutter."
    assert ("child_of", "the poor woodcutter") in relations(text, "Gretel")


def test_a_member_picked_out_of_an_owned_group_has_its_kin() -> None:
    text = "The king had three sons. The youngest son was called Simpleton."
    assert ("child_of", "the king") in relations(text, "Simpleton")


def test_members_of_an_unowned_group_of_brothers_are_brothers() -> None:
    text = (
        "There were once two brothers, one rich and the other poor. The rich brother was a goldsmith. "
        "The poor brother made brooms."
    )
    assert ("sibling_of", "the rich brother") in relations(text, "the poor brother")


def test_a_member_needs_a_modifier_that_picks_it() -> None:
    text = "The king had three sons. The son of the miller came to the castle."
    assert ("child_of", "the king") not in relations(text, "the son")


def test_own_binds_the_owner_to_the_clause_subject() -> None:
    text = "The maid saw the queen in the hall. The queen kissed her own child."
    assert ("child_of", "the queen") in relations(text, "her own child")
    assert ("child_of", "the maid") not in relations(text, "her own child")


def test_in_the_service_of_makes_a_servant() -> None:
    assert ("servant_of", "the king") in relations("John was in the service of the king.", "John")
    text = "A young man in the king's service rode to the village."
    assert ("servant_of", "the king") in relations(text, "the young man")
    assert not relations("The soldier was in the service for ten years.", "the soldier")
