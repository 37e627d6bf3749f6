"""The roles pass (``extract/coref/roles.py``): a later description joins the one cluster the story gave its
role, by a predicate ("she was a wicked witch" … "the witch"), a naming verb or an earlier description."""

from __future__ import annotations

from worldstate.config import Settings
from worldstate.extract.coref.roles import role_links, role_predications


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


def _index(table, text: str, nth: int = 0) -> int:  # type: ignore[no-untyped-def]
    return [i for i, info in enumerate(table.infos) if info.mention.text == text][nth]


def _apart_but(table, groups: list[set[str]]) -> list[int]:  # type: ignore[no-untyped-def]
    """Every mention its own cluster, except the mentions whose text is in one of ``groups``: one cluster each."""
    texts = [info.mention.text for info in table.infos]
    out = list(range(len(texts)))
    for group in groups:
        first = next(i for i, t in enumerate(texts) if t in group)
        out = [first if t in group else c for c, t in zip(out, texts, strict=True)]
    return out


def _roles(text: str) -> set[tuple[str, str]]:
    table = _table(text)
    return {(table.infos[p.subject].mention.text, p.role) for p in role_predications(table)}


def test_predicates_give_roles_and_unreal_ones_do_not() -> None:
    assert ("she", "witch") in _roles("The old woman smiled. In reality she was a wicked witch.")
    assert ("He", "sailor") in _roles("The old man sat down. He had been a sailor in his youth.")
    assert ("she", "queen") in _roles("The miller's daughter spun the gold. At last she became queen.")
    assert ("Bartleby", "scrivener") in _roles("Bartleby, who was a scrivener, came in.")
    assert not _roles("He was not a fool.")
    assert not _roles("If I were a king, I would rest.")
    assert not _roles("He might be a thief.")
    assert not _roles("Any man who lends us money is a friend.")  # no one person


def test_the_witch_joins_the_one_she_was_said_to_be() -> None:
    text = (
        "The old woman smiled at the children. In reality she was a wicked witch. "
        "The children ran away. The witch followed them."
    )
    table = _table(text)
    old_woman, she, witch = _index(table, "The old woman"), _index(table, "she"), _index(table, "The witch")
    cluster_of = _apart_but(table, [{"The old woman", "she"}])
    out, links = role_links(table, cluster_of)
    assert out[witch] == out[old_woman] == out[she]
    assert [(table.infos[link.mention].mention.text, link.role, link.predicated) for link in links] == [
        ("The witch", "witch", True)
    ]
    evidence = " ".join(t.text for t in table.doc.tokens[links[0].evidence[0] : links[0].evidence[1]])
    assert evidence == "was a wicked witch"
    predicate = _index(table, "a wicked witch")
    assert out[predicate] != out[old_woman]  # LitBank does not link the predicate nominal itself


def test_two_carriers_or_another_gender_leave_it_alone() -> None:
    text = "Tom sat down. He was a sailor. Anna came in. She was a sailor too. The sailor laughed."
    table = _table(text)
    out, links = role_links(table, _apart_but(table, [{"Tom", "He"}, {"Anna", "She"}]))
    assert not links and out[_index(table, "The sailor")] == _index(table, "The sailor")
    text = "Tom sat down. He was a sailor. Then the sailor sang. She laughed. She sang. She left."
    table = _table(text)
    cluster_of = _apart_but(table, [{"Tom", "He"}, {"the sailor", "She"}])  # a she-sailor is no he
    out, links = role_links(table, cluster_of)
    assert out[_index(table, "the sailor")] != out[_index(table, "Tom")]


def test_a_named_description_carries_its_role_and_contrast_breaks_it() -> None:
    text = "The boy was called Hansel. Hansel ate bread. Then the boy slept."
    table = _table(text)
    out, _ = role_links(table, list(range(len(table.infos))))
    hansel = out[_index(table, "Hansel")]
    assert out[_index(table, "The boy")] == hansel and out[_index(table, "the boy")] == hansel
    text = "Tom sat down. He was a sailor. Then the other sailor sang."
    table = _table(text)
    out, links = role_links(table, _apart_but(table, [{"Tom", "He"}]))
    assert not links


def test_an_unreal_complement_does_not_make_the_queen_older_than_her_role() -> None:
    text = 'The king said: "Tonight you shall be my wife and my queen." She became queen. The queen wept.'
    table = _table(text)
    queen = _index(table, "The queen")
    cluster_of = _apart_but(table, [{"you", "She"}, {"my queen", "The queen"}])
    out, links = role_links(table, cluster_of)
    assert out[queen] == out[_index(table, "She")]
    assert [(link.role, link.predicated) for link in links] == [("queen", True)]
    evidence = " ".join(t.text for t in table.doc.tokens[links[0].evidence[0] : links[0].evidence[1]])
    assert evidence == "became queen"
