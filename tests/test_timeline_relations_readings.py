"""Relation readings a reader makes beyond a relation noun and its owner: kin called out in a quote
(``extract/timeline/dialogue_kin.py``), a speaker's description of themselves, a role turned round
(``role_change.py``), and kinship closed over (``kin_closure.py``), on short stories written for them."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.kin_closure import KIN_CLOSURE
from worldstate.query import find_entities
from worldstate.state.timeline import Predicate, StateInterval


@cache
def world(text: str) -> World:
    return analyze(text)


def states(w: World, name: str, at: int | None = None) -> dict[tuple[str, str], StateInterval]:
    """(relation kind, the other party's name) → the factual relation state of ``name`` (at sentence ``at``)."""
    ids = find_entities(w, name)
    out = {}
    for s in w.timeline.states:
        told = s.subject in ids and s.predicate == Predicate.RELATION and s.modality.factual
        if told and (at is None or s.holds_at(at)):
            kind, other = s.value.split("=", 1)
            out[(kind, w.state.display_name(other))] = s
    return out


def test_a_kin_noun_called_out_tells_the_speaker_and_the_one_called() -> None:
    text = "'Father,' said the girl, 'may I go to the fair?' The old man nodded."
    w = world(text)
    rel = states(w, "the girl")
    child = next(s for (k, _), s in rel.items() if k == "child_of")
    assert text[child.evidence.start : child.evidence.end] == "Father", "the called-out noun is the evidence"
    assert not child.inferred


def test_a_parent_called_out_at_the_head_of_a_question() -> None:
    w = world("The woman stood at the door. 'Mother, may I go out?' asked Tom. The woman nodded.")
    assert any(k == "child_of" for k, _ in states(w, "Tom"))


def test_a_spouse_called_out_and_the_speakers_own_lord() -> None:
    w = world("The man sat by the fire. 'No, wife,' said the man. The woman wept.")
    assert any(k == "married_to" for k, _ in states(w, "the man"))
    w = world("'Yes, my lord,' said the servant to the king. The king smiled.")
    assert ("servant_of", "the king") in states(w, "the servant"), "the one addressed is the speaker's lord"


def test_a_courtesy_call_to_a_stranger_is_no_kinship() -> None:
    w = world("The youth met an old woman. 'Good mother, where is the town?' asked the youth. She pointed.")
    assert not any(k == "child_of" for k, _ in states(w, "the youth"))


def test_a_speakers_present_tense_self_description_is_a_fact() -> None:
    w = world("The old man looked at the boy. 'I am your father,' said the old man to the boy. The boy wept.")
    assert ("child_of", "the old man") in states(w, "the boy"), "the speaker's now is no general truth"


def test_an_ownerless_role_turns_round_the_relation_held_before() -> None:
    text = (
        "The old man lived with his dwarf. The dwarf was his servant. Years passed. The dwarf grew rich. "
        "The dwarf became the master. The old man wept."
    )
    w = world(text)
    assert ("servant_of", "the old man") in states(w, "the dwarf", at=2)
    now = states(w, "the dwarf", at=5)
    assert ("master_of", "the old man") in now and ("servant_of", "the old man") not in now, "the new role ends the old"


def test_the_childrens_father_and_mother_are_married_as_a_derived_state() -> None:
    text = "The children were hungry. Their father was a poor woodcutter. Their mother was kind."
    w = world(text)
    married = [s for (k, _), s in states(w, "the father").items() if k == "married_to"]
    assert len(married) == 1 and married[0].inferred == KIN_CLOSURE
    spans = {text[e.start : e.end] for e in married[0].support}
    assert any("father" in t.lower() for t in spans) and any("mother" in t.lower() for t in spans)
    assert married[0].value_text == "", "a derived marriage is no marriage told by a verb (one-spouse check)"


def test_no_derived_marriage_for_a_parent_told_married_to_another() -> None:
    w = world(
        "The children lived with their father and their stepmother. The father had married the stepmother "
        "after their mother died. Their mother had been a kind woman."
    )
    assert any(k == "child_of" and o.split()[-1] == "mother" for k, o in states(w, "the children"))
    rel = states(w, "the father")
    assert not any(k == "married_to" and s.inferred for (k, _), s in rel.items())


def test_siblings_share_a_parent() -> None:
    w = world("Tom lived with his sister Anna. Tom's father was a miller. The miller was poor.")
    parent = next(s for (k, _), s in states(w, "Anna").items() if k == "child_of")
    assert parent.inferred == KIN_CLOSURE and len(parent.support) == 2


def test_a_role_without_a_name_gets_no_shared_parent() -> None:
    w = world("Tom lived with his little sister. Tom's father was a miller. The miller was poor.")
    sister = states(w, "the little sister")
    assert any(k == "sibling_of" for k, _ in sister)
    assert not any(s.inferred for s in sister.values()), "a role is where coreference errs"
