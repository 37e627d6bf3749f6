"""Binding (``extract/coref/binding.py``): an object pronoun never joins its own clause subject's cluster
("the birds had picked them up": them is not the birds), a reflexive may, and the mention ranker keeps
to it whatever its scores."""

from __future__ import annotations

import numpy as np

from worldstate.config import Settings
from worldstate.extract.coref.binding import clause_binders, no_antecedents, quantified, reflexive_binders
from worldstate.extract.coref.features import FEATURE_NAMES, PLURAL, PRON3
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions


def _table(text: str):  # type: ignore[no-untyped-def]
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))
    return mention_table(rule_pass(doc, story.text))


def _binders(text: str, find=clause_binders) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Pronoun text → the texts of the mentions that bind it."""
    table = _table(text)
    pronouns = np.isin(table.mtype, (PRON3, PLURAL))
    binders = find(table.doc, table.infos, pronouns)
    return {table.infos[i].mention.text: [table.infos[j].mention.text for j in b] for i, b in enumerate(binders) if b}


def test_an_object_pronoun_is_bound_by_its_subject() -> None:
    assert _binders("The old woman came out. The witch grabbed her.") == {"her": ["The witch"]}
    assert _binders("The two children were lost. The birds had picked them up.") == {"them": ["The birds"]}


def test_a_relative_clause_and_a_conjoined_verb_pass_the_subject_on() -> None:
    assert _binders("The crumbs lay there. The birds, which had seen them, flew down.") == {"them": ["The birds"]}
    got = _binders("The boy was tired. The woman took him and carried him home.")
    assert got == {"him": ["The woman"]}  # both "him"s, one text


def test_an_amount_subject_binds_the_noun_of_its_of_phrase() -> None:
    got = _binders("The crumbs lay there. Thousands of birds had picked them up.")
    assert "birds" in got["them"]
    got = _binders("The crumbs lay there. A flock of geese ate them.")
    assert got["them"] and all("flock" in t or "geese" in t for t in got["them"])


def test_reflexives_possessives_and_prepositions_are_not_bound() -> None:
    assert _binders("The girl looked at herself.") == {}
    assert _binders("The king loved his daughter.") == {}
    assert _binders("The old woman looked about her.") == {}  # a prepositional object may be the subject's


def test_a_reflexive_refers_to_its_subject_even_through_a_subjectless_verb() -> None:
    got = _binders("The tailor feared that he would strike him and place himself on the throne.", reflexive_binders)
    assert got == {"himself": ["he"]}
    got = _binders("No one could approach them without putting himself in danger.", reflexive_binders)
    assert got == {"himself": ["No one"]}


def test_a_quantified_mention_and_its_reflexive_are_no_antecedents() -> None:
    assert quantified("no one") and quantified("Nobody") and quantified("every man")
    assert not quantified("the old man") and not quantified("someone")
    table = _table("No one could approach them without putting himself in danger. The king sighed.")
    muted = no_antecedents(table.infos, reflexive_binders(table.doc, table.infos, np.isin(table.mtype, (PRON3,))))
    assert {table.infos[i].mention.text for i in np.flatnonzero(muted)} == {"No one", "himself"}


def test_the_ranker_never_links_a_bound_pronoun_to_its_subject() -> None:
    table = _table("The birds had picked them up.")
    birds = next(i for i, info in enumerate(table.infos) if info.mention.text == "The birds")
    them = next(i for i, info in enumerate(table.infos) if info.mention.text == "them")
    width = len(FEATURE_NAMES)
    linking = RankerModel(np.zeros((width, 1)), np.zeros(1), np.zeros(1), 10.0, 0.3, {})  # links any pair
    assert cluster_mentions(table, linking)[them] != cluster_mentions(table, linking)[birds]


def test_a_reflexive_takes_its_antecedent_in_its_own_sentence() -> None:
    table = _table(
        "Gretel sat down and enjoyed herself. Suddenly an old woman, who supported herself on crutches, came out."
    )
    texts = [info.mention.text for info in table.infos]
    gretel, woman = texts.index("Gretel"), texts.index("an old woman")
    second = len(texts) - 1 - texts[::-1].index("herself")
    width = len(FEATURE_NAMES)
    linking = RankerModel(np.zeros((width, 1)), np.zeros(1), np.zeros(1), 10.0, 0.3, {})  # links any pair
    clusters = cluster_mentions(table, linking)
    assert clusters[second] != clusters[gretel]
    assert clusters[second] == clusters[woman]


def test_the_to_object_of_a_verb_with_a_direct_object_is_bound() -> None:
    got = _binders("A suitor came to the mill. The miller betrothed his daughter to him.")
    assert got == {"him": ["The miller"]}
    assert _binders("The boy was cold. The old woman gave a cloak to him.") == {"him": ["The old woman"]}
    assert _binders("The child wept. The mother pressed the child to her.") == {}  # a place: may be hers
    assert _binders("The king came in. The queen went to him.") == {}  # no direct object: a place
