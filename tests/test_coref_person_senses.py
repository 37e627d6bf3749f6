"""WordNet's person senses (``extract/coref/person_senses.py``), the ranker's description-against-cluster
columns (``extract/coref/cluster_nouns.py``) and the split of merged clusters whose descriptions clash
(``extract/coref/person_apart.py``): "the monarch" may be "the king"; "the girl" is not "the woman", "the king"
not "the queen", "the sister" not "the mother"."""

from __future__ import annotations

import numpy as np

from tests.test_coref_binding import _table
from worldstate.extract.coref.cluster_nouns import ClusterNouns
from worldstate.extract.coref.features import NOUN_FEATURES
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


def _columns(text: str, clusters: dict[str, str], mention: str) -> dict[str, dict[str, float]]:
    """The noun columns of ``mention`` against every earlier mention, the clusters given by the text of a
    mention and the text of the first mention of its cluster (``clusters``; the others alone)."""
    table = _table(text)
    texts = [info.mention.text for info in table.infos]
    nouns = ClusterNouns(table)
    i = texts.index(mention)
    for k in range(i):
        nouns.add(k, texts.index(clusters.get(texts[k], texts[k])))
    cands = np.arange(i)
    rows = nouns.columns(i, cands)
    return {texts[j]: dict(zip(NOUN_FEATURES, rows[r], strict=True)) for r, j in enumerate(cands)}


def test_a_description_against_the_cluster_of_a_pronoun() -> None:
    text = "The girl was called Gretel. She ran into the forest. There the woman waited for her."
    cols = _columns(text, {"Gretel": "The girl", "She": "The girl"}, "the woman")
    assert cols["She"]["noun_cluster_age_clash"] == 1.0  # her cluster holds "the girl"
    assert cols["She"]["noun_cluster_compatible"] == 0.0
    assert cols["the forest"] == dict.fromkeys(NOUN_FEATURES, 0.0)  # a cluster without a person noun


def test_a_compatible_noun_and_the_clusters_gender() -> None:
    text = "The king sat on his throne. He was old. The monarch spoke."
    cols = _columns(text, {"He": "The king", "his": "The king"}, "The monarch")
    assert cols["He"]["noun_cluster_compatible"] == 1.0 and cols["He"]["noun_cluster_other"] == 0.0
    text = "Gretel wept. She was afraid. Then the man came."
    cols = _columns(text, {"She": "Gretel"}, "the man")
    assert cols["She"]["noun_cluster_gender_clash"] == 1.0  # a man against a cluster of she's
    assert cols["She"]["noun_cluster_sex_clash"] == 0.0  # no noun of the other sex there


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
