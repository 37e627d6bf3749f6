"""Relations by construction (``extract/timeline/relations.py``), the WordNet relation nouns, and finding
the entity a name means by relation (``worldstate/query/who.py`` behind ``find_entities``)."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.query import find_entities
from worldstate.resources.words import words
from worldstate.state.timeline import Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def relations(w: World, name: str, at: int | None = None) -> set[tuple[str, str]]:
    """(relation kind, the other party's name) of the entity named ``name``, factual (at sentence ``at``)."""
    ids = find_entities(w, name)
    out = set()
    for s in w.timeline.states:
        told = s.subject in ids and s.predicate == Predicate.RELATION and s.modality.factual
        if told and (at is None or s.holds_at(at)):
            kind, other = s.value.split("=", 1)
            out.add((kind, w.state.display_name(other)))
    return out


def kinds(w: World, name: str, at: int | None = None) -> set[str]:
    return {k for k, _ in relations(w, name, at)}


def test_wordnet_relation_nouns_with_the_hand_seeds_on_top() -> None:
    nouns = words().relation_nouns
    assert nouns["cousin"] == "cousin_of" and nouns["grandson"] == "grandchild_of"
    assert nouns["footman"] == "servant_of" and nouns["clerk"] == "servant_of", "an employee serves the employer"
    assert "gardener" not in nouns, "a gardener's first sense is one who tends a garden, not an employee"
    assert nouns["brother-in-law"] == "sibling_in_law_of"
    assert nouns["bride"] == "betrothed_to", "the hand seed overrides WordNet's 'newly married'"
    assert "man" not in nouns and "boy" not in nouns, "a noun counts by its first sense only"


def test_y_of_x_as_a_predicate_with_a_coordinated_second_relation() -> None:
    w = world(
        "Margaret lived in a castle. She was the daughter of Count Rutger, and the wife of Colonel Barnekow. "
        "She rode out every day."
    )
    rel = relations(w, "Margaret")
    assert ("child_of", "Count Rutger") in rel
    assert any(k == "married_to" and "Barnekow" in o for k, o in rel)


def test_apposition_with_a_kin_noun() -> None:
    w = world("I refused my hand to my cousin, John Herncastle. Herncastle laughed at me.")
    assert ("cousin_of", "I (narrator)") in relations(w, "John Herncastle")


def test_married_x_to_y_marries_the_object_not_the_subject() -> None:
    w = world("The old miller had a daughter named Anna. The miller married Anna to the young hunter. They were happy.")
    assert "married_to" in kinds(w, "Anna")
    assert "married_to" not in kinds(w, "the old miller")


def test_be_married_to_said_plainly_in_a_quote_is_a_fact() -> None:
    w = world('The old man had a daughter. "She is married to the river-god," said the old man. He wept.')
    assert any(k == "married_to" and "god" in o.lower() for k, o in relations(w, "daughter"))


def test_took_her_into_service() -> None:
    w = world("Karen went to the parsonage. The clergyman's wife took Karen into service. Karen was glad.")
    assert any(k == "servant_of" and "wife" in o for k, o in relations(w, "Karen"))


def test_a_kin_word_held_before_the_sentence_that_tells_it() -> None:
    w = world("Tom met Anna at the well. They talked for a long time. Anna was Tom's sister.")
    assert "sibling_of" in kinds(w, "Anna", at=0), "kinship stands from where both are first mentioned"


def test_a_quoted_term_of_address_is_no_kinship() -> None:
    w = world('Philip ran to the old lady. "My poor child," said the old lady. She hugged him.')
    assert "parent_of" not in kinds(w, "the old lady")


def test_the_narrator_and_the_narrators_father() -> None:
    w = world("I was born in York. My father was a merchant. My father told me to stay at home. I went to sea.")
    assert find_entities(w, "the narrator") == ["narrator"]
    father = find_entities(w, "the narrator's father")
    names = {w.state.display_name(i).lower() for i in father}
    assert any("father" in n for n in names) and names <= {"the father", "my father", "the merchant", "a merchant"}, (
        "the father, and the merchant he is said to be (which coreference keeps apart)"
    )
    assert find_entities(w, "my father") == father


def test_a_wedding_ends_the_betrothal() -> None:
    w = world("Hans was betrothed to Grete. They waited a year. Then Hans married Grete. They lived happily.")
    assert ("betrothed_to", "Grete") in relations(w, "Hans", at=1)
    assert ("betrothed_to", "Grete") not in relations(w, "Hans", at=3)
    assert ("married_to", "Grete") in relations(w, "Hans", at=3)
