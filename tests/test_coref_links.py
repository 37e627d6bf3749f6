"""Entity-level links of ``links.py``: one owner's father (mother, husband, wife) is one person."""

from __future__ import annotations

from worldstate.config import Settings
from worldstate.extract.coref.links import merge_owned_kin


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


def _apart(table, keep: set[str]) -> list[int]:  # type: ignore[no-untyped-def]
    """Every mention its own cluster, except the mentions whose text is in ``keep``: one cluster."""
    texts = [info.mention.text for info in table.infos]
    first = next(i for i, t in enumerate(texts) if t in keep)
    return [first if t in keep else i for i, t in enumerate(texts)]


def _kin(table, lemma: str) -> list[int]:  # type: ignore[no-untyped-def]
    return [i for i, info in enumerate(table.infos) if info.lemma.lower() == lemma]


def test_one_owners_father_twice_is_one_person() -> None:
    table = _table("Tom sat by the fire. His father came in. Tom smiled at his mother. Later his father left.")
    cluster_of = _apart(table, {"Tom", "His", "his"})
    fathers = _kin(table, "father")
    assert len(fathers) == 2 and len({cluster_of[i] for i in fathers}) == 2
    out = merge_owned_kin(table, cluster_of)
    assert out[fathers[0]] == out[fathers[1]]
    owner = out[[info.mention.text for info in table.infos].index("Tom")]
    assert owner not in {out[i] for i in fathers}  # the father is not Tom
    assert len({out[i] for i in _kin(table, "mother")} | {out[fathers[0]]}) == 2  # nor his mother


def test_other_owners_and_other_kin_stay_apart() -> None:
    table = _table("Tom met Anna. His father was old. Her father was young.")
    out = merge_owned_kin(table, list(range(len(table.infos))))
    fathers = _kin(table, "father")
    assert len(fathers) == 2 and out[fathers[0]] != out[fathers[1]]  # two owners
    table = _table("Tom sat by the fire. His brother came in. Later his brother left.")
    brothers = _kin(table, "brother")
    out = merge_owned_kin(table, _apart(table, {"Tom", "His", "his"}))
    assert len(brothers) == 2 and out[brothers[0]] != out[brothers[1]]  # a man may have two brothers


def test_a_quoted_my_decides_nothing() -> None:
    table = _table('"My father is ill," said Tom. "My father will live," said Anna.')
    out = merge_owned_kin(table, _apart(table, {"My"}))
    fathers = _kin(table, "father")
    assert len(fathers) == 2 and out[fathers[0]] != out[fathers[1]]


EXCHANGE = (
    'The convict looked at the boy. "Who are you?" said the convict. "Pip, sir," said the boy. '
    '"Where do you live?" asked the convict. "There, sir!" said the boy.'
)


def test_vocatives_are_found_and_subjects_are_not() -> None:
    from worldstate.extract.coref.links import is_vocative

    table = _table(EXCHANGE + ' "The man came," said the boy.')
    called = [table.infos[i].mention.text for i in range(len(table.infos)) if is_vocative(table, table.doc, i)]
    assert called == ["sir", "sir"]


def test_a_vocative_joins_the_one_its_exchange_speaks_to() -> None:
    from worldstate.extract.coref.links import link_vocatives, speech_turns

    table = _table(EXCHANGE)
    texts = [info.mention.text.lower() for info in table.infos]
    speakers = [[texts[i] for i in turn.speakers] for turn in speech_turns(table, table.doc)]
    assert speakers == [["the convict"], ["the boy"], ["the convict"], ["the boy"]]
    # the convict's mentions one cluster, the boy's another, each "sir" its own
    cluster_of = [texts.index(t) if t in ("the convict", "the boy") else i for i, t in enumerate(texts)]
    out = link_vocatives(table, cluster_of)
    convict = out[texts.index("the convict")]
    assert [out[i] for i, t in enumerate(texts) if t == "sir"] == [convict, convict]
    # when the turns around it are said by two other people, the one called is not told: nothing is linked
    later = [c if t != "the convict" or i < 4 else 99 for i, (c, t) in enumerate(zip(cluster_of, texts, strict=True))]
    first_sir = texts.index("sir")
    assert link_vocatives(table, later)[first_sir] == first_sir
