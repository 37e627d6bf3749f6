"""WordNet's person senses (``extract/coref/person_senses.py``) and the split of merged clusters whose descriptions clash
(``extract/coref/person_apart.py``): "the monarch" may be "the king"; "the girl" is not "the woman", "the king"
not "the queen", "the sister" not "the mother"."""

from __future__ import annotations

from tests.test_coref_binding import _table
from worldstate.extract.coref.person_apart import keep_persons_apart
from worldstate.extract.coref.person_senses import (
    age_clash,
    compatible,
    kin_clash,
    person_sense,
    sex_clash,
)


def _sense(word: str):  # type: ignore[no-untyped-def]
    sense = person_sense(word)
    assert sense is not None, word
    return sense


def test_a_hypernym_or_synonym_is_compatible() -> None:
    assert compatible(_sense("king"), _sense("monarch")) and compatible(_sense("monarch"), _sense("king"))
    assert compatible(_sense("wife"), _sense("woman"))
    assert not compatible(_sense("witch"), _sense("woman"))
    assert person_sense("table") is None and person_sense("forest") is None


def test_sex_age_and_kin_roles_clash() -> None:
    assert sex_clash(_sense("king"), _sense("queen"))  # the lexicon's sexes
    assert _sense("hag").sex == "female" and _sense("lass").sex == "female"  # WordNet's, beyond the lexicon
    assert age_clash(_sense("girl"), _sense("woman")) and age_clash(_sense("boy"), _sense("man"))
    assert age_clash(_sense("child"), _sense("mother"))
    assert not age_clash(_sense("maiden"), _sense("girl")) and not age_clash(_sense("woman"), _sense("hag"))
    assert kin_clash(_sense("sister"), _sense("mother")) and not kin_clash(_sense("mother"), _sense("mother"))
    assert not kin_clash(_sense("king"), _sense("woman"))


def test_merged_pieces_of_another_age_or_sex_are_split_unless_a_name_ties_them() -> None:
    table = _table("The boy went out. He met the man. The man greeted him.")
    texts = [info.mention.text for info in table.infos]
    boy, he, man = texts.index("The boy"), texts.index("He"), texts.index("The man")
    before = list(range(len(texts)))
    before[he] = boy  # the ranker's pieces: he with the boy, the man alone
    out = keep_persons_apart(table, before, [0] * len(texts))  # a later pass made one cluster of all
    assert out[boy] == out[he] and out[man] != out[boy]
    named = _table("The girl was called Gretel. The woman was called Gretel too.")
    assert [info.mention.text for info in named.infos] == ["The girl", "Gretel", "The woman", "Gretel"]
    assert keep_persons_apart(named, [0, 0, 2, 2], [0] * 4) == [0] * 4  # the name ties them
    same = _table("The maiden sat down. The girl wept.")
    assert keep_persons_apart(same, [0, 1], [0, 0]) == [0, 0]  # both young women
