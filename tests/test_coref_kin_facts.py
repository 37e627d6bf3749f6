"""Kin facts (``extract/coref/kin_facts.py``): a spouse told once ("a miller with his wife") and kin nouns called
out in a quote ("'No, wife,' said the man") make one husband and one wife of one couple; other owners, other
relatives and set-apart kin ("his second wife") stay apart."""

from __future__ import annotations

from worldstate.config import Settings
from worldstate.extract.coref.kin_facts import SPOUSE, is_called_out, kin_facts, merge_kin_facts

COUPLE = (
    "A miller lived by the river with his wife. One night he said to his wife: 'We have no bread.' "
    "'I will tell you what, husband,' answered the woman, 'we shall sell the cow.' "
    "'No, wife,' said the man, 'I will not.'"
)


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


def _texts(table) -> list[str]:  # type: ignore[no-untyped-def]
    return [info.mention.text.lower() for info in table.infos]


def _clusters(table, groups: list[set[str]]) -> list[int]:  # type: ignore[no-untyped-def]
    """Every mention its own cluster, except that the mentions whose text is in one of ``groups`` share one."""
    texts = _texts(table)
    out = list(range(len(texts)))
    for group in groups:
        members = [i for i, t in enumerate(texts) if t in group]
        for i in members:
            out[i] = members[0]
    return out


def test_called_out_kin_nouns_are_found_by_their_place() -> None:
    table = _table(COUPLE + " The man sold his house, wife and cow.")
    called = [t for i, t in enumerate(_texts(table)) if is_called_out(table.doc, table.infos[i].head)]
    assert [t.split()[-1] for t in called] == ["husband", "wife"]  # not "his wife", nor "wife" in a list


def test_a_spouse_told_once_and_called_out_makes_one_couple() -> None:
    table = _table(COUPLE)
    texts = _texts(table)
    # the ranker's clusters as they came in Hansel and Gretel: the miller's he/his with the called "husband",
    # "his wife" with the called "wife"; "the woman" and "the man" each on their own
    miller = {"a miller", "his", "he", "husband", "what, husband"}
    cluster_of = _clusters(table, [miller, {"his wife", "wife"}])
    facts = {(texts[f.owner], texts[f.kin], f.relation, f.called) for f in kin_facts(table, cluster_of)}
    assert ("the woman", next(t for t in texts if t.endswith("husband")), SPOUSE, True) in facts
    assert ("the man", "wife", SPOUSE, True) in facts
    out = merge_kin_facts(table, cluster_of)
    wife, woman = out[texts.index("his wife")], out[texts.index("the woman")]
    assert wife == woman  # the woman who calls him husband is his wife
    assert out[texts.index("the man")] == out[texts.index("he")]  # the man she calls husband is the miller
    assert wife != out[texts.index("he")]


def test_other_owners_and_set_apart_kin_stay_apart() -> None:
    table = _table("Tom came with his wife. Bob came with his wife. Tom sat down.")
    texts = _texts(table)
    out = merge_kin_facts(table, _clusters(table, [{"tom"}]))
    wives = [i for i, t in enumerate(texts) if t == "his wife"]
    assert len(wives) == 2 and out[wives[0]] != out[wives[1]]  # two husbands, two wives
    table = _table("Tom lived with his wife. Later he married his second wife, and his wife was glad.")
    texts = _texts(table)
    out = merge_kin_facts(table, _clusters(table, [{"tom", "his", "he"}]))
    assert out[texts.index("his second wife")] != out[texts.index("his wife")]  # "second": another wife
