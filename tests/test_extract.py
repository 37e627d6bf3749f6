"""worldstate.extract on small hand-written stories: entities, coreference, events, propositions,
speech, scenes and knowledge, bad input and Chinese."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.query import accessible, find_character
from worldstate.state import Channel, EntityKind, MentionKind, Source, WorldState

KING_STORY = """Once there was an old king who had three sons. His name was Hans. The king drank the hot tea in the kitchen.

One day the old king moved to the castle. Anna, his daughter, stayed in the village. She was twelve years old.

"Where is my father?" Anna asked the miller.

"He left for the castle," the miller replied. "He will not come back."

That same night, the king died. Nobody saw it. Anna thought that her father was rich.

The next morning, Anna went to the castle with the miller. She saw that the tea was cold.
"""

HOUSE_STORY = """Tom and Mary lived in a small house near the forest.

One morning Tom went to the market to sell eggs.

Meanwhile, Mary found a golden key in the garden. She hid the key under her bed.

That evening Tom came home. "The old bridge is broken," Tom told Mary. Mary thought that the key was magic.
"""


@pytest.fixture(scope="module")
def king() -> WorldState:
    return analyze(KING_STORY, Settings()).state


@pytest.fixture(scope="module")
def house() -> WorldState:
    return analyze(HOUSE_STORY, Settings()).state


def _sentence_of(ws: WorldState, fragment: str) -> int:
    span = ws.story.find(fragment)
    assert span is not None, fragment
    return ws.story.sentence_at(span.start)


def _props(ws: WorldState, predicate: str) -> list:
    return [p for p in ws.propositions if p.predicate == predicate]


def test_every_span_matches_the_text(king: WorldState) -> None:
    text = king.story.text
    for m in king.mentions:
        assert text[m.span.start : m.span.end] == m.text
    for item in [*king.events, *king.propositions, *king.speeches]:
        assert 0 <= item.span.start < item.span.end <= len(text)
    for sp in king.speeches:
        assert sp.span.contains(sp.content_span)
        assert text[sp.span.start] in "\"“'‘"
    assert king.metadata["backend"] == "spacy" and king.metadata["parser"]


def test_entities_aliases_and_pronouns(king: WorldState) -> None:
    the_king = king.entity_by_name("the old king")
    assert the_king is not None and the_king.kind == EntityKind.CHARACTER
    assert the_king.name == "Hans"  # "His name was Hans"
    anna = king.entity_by_name("Anna")
    assert anna is not None and anna.gender == "female"
    by_id = {m.id: m for m in king.mentions}
    texts = {by_id[m].text for m in anna.mentions}
    assert {"his daughter", "She"} <= texts
    his = [m for m in king.mentions if m.text == "His" and m.kind == MentionKind.PRONOUN]
    assert his and his[0].entity == the_king.id
    castle = king.entity_by_name("the castle")
    assert castle is not None and castle.kind == EntityKind.PLACE


def test_events_roles_and_order(king: WorldState) -> None:
    drink = next(ev for ev in king.events if ev.predicate == "drink")
    the_king = king.entity_by_name("the king")
    assert drink.agent == the_king.id
    assert king.display_name(drink.patient) == "the hot tea"
    assert king.display_name(drink.arguments["location"]) == "the kitchen"
    come = next(ev for ev in king.events if ev.predicate == "come")
    assert come.negated
    times = [ev.time for ev in king.events]
    assert times == sorted(times)


def test_propositions(king: WorldState) -> None:
    the_king = king.entity_by_name("the king").id
    anna = king.entity_by_name("Anna").id
    assert any(p.subject == the_king and p.value == "false" for p in _props(king, "alive"))
    assert any(p.value == "hot" and "tea" in king.story.span_text(p.span) for p in _props(king, "is"))
    assert any(p.subject == the_king and p.value == "Hans" for p in _props(king, "name"))
    assert any(p.subject == the_king and p.value == "3" for p in _props(king, "count:son"))
    assert any(p.subject == the_king and king.display_name(p.value) == "the castle" for p in _props(king, "location"))
    assert any(p.subject == anna and p.value == "12" for p in _props(king, "age"))
    assert any(p.subject == the_king and p.value == anna for p in _props(king, "parent_of"))
    rich = next(p for p in _props(king, "is") if p.value == "rich")
    assert rich.source == Source.THOUGHT and rich.holder == anna


def test_speech_speakers_and_addressees(king: WorldState) -> None:
    anna, miller = king.entity_by_name("Anna").id, king.entity_by_name("the miller").id
    first, second = king.speeches[0], king.speeches[1]
    assert (first.speaker, first.addressees) == (anna, [miller])
    assert (second.speaker, second.addressees) == (miller, [anna])
    he = next(m for m in king.mentions if m.text == "He" and second.span.contains(m.span))
    assert he.entity not in (anna, miller)  # "He left" is the father, not a speaker


def test_scenes_and_presence(king: WorldState) -> None:
    death = _sentence_of(king, "the king died")
    assert any(first == death for first, _ in king.scenes)  # "That same night" opens a scene
    anna = king.entity_by_name("Anna").id
    assert not accessible(king, anna, death)
    assert accessible(king, anna, _sentence_of(king, "went to the castle"))
    dies = next(ev for ev in king.events if ev.predicate == "die")
    assert anna not in dies.present


def test_knowledge_channels(house: WorldState) -> None:
    tom, mary = house.entity_by_name("Tom").id, house.entity_by_name("Mary").id
    found = _sentence_of(house, "Mary found a golden key")
    assert not accessible(house, tom, found)  # Tom was at the market
    assert accessible(house, mary, found)
    broken = next(p for p in house.propositions if p.value == "broken")
    assert broken.source == Source.SPEECH and broken.holder == tom
    told = [k for k in house.knowledge if k.proposition == broken.id and k.character == mary]
    assert told and told[0].channel == Channel.TOLD and told[0].source_character == tom
    magic = next(p for p in house.propositions if p.value == "magic")
    holders = {k.character: k.channel for k in house.knowledge if k.proposition == magic.id}
    assert holders == {mary: Channel.THOUGHT}  # private to Mary
    golden = next(p for p in house.propositions if p.value == "golden")
    assert {k.character for k in house.knowledge if k.proposition == golden.id} == {mary}


def test_accessible_rejects_bad_index(house: WorldState) -> None:
    with pytest.raises(IndexError):
        accessible(house, "tom", 10_000)


@pytest.mark.parametrize(
    "text",
    [
        " ".join(["the man walked to the old mill and"] * 700) + " stopped.",  # one ~5,000-word sentence
        "he went home she stayed there they talked all night nobody came " * 30,  # no punctuation
        "THE KING WAS DEAD. THE QUEEN SAID NOTHING. SHE WEPT FOR HIM.",
        '"Where are you going?"\n\n"Home."\n\n"Why?"\n\n"Because it is late."',  # dialogue only
        "Anna went to Paris. 她很高兴。Elle a dit bonjour. Then she slept.",  # mixed languages
    ],
)
def test_bad_input_does_not_crash(text: str) -> None:
    ws = analyze(text, Settings()).state
    assert ws.story.sentences
    for m in ws.mentions:
        assert ws.story.text[m.span.start : m.span.end] == m.text
    if text.startswith('"Where'):
        assert len(ws.speeches) == 4
        assert any("speaker" in u for u in ws.unresolved)
    if text.startswith("he went"):
        assert ws.unresolved  # says what it could not resolve


def test_long_sentence_is_reported() -> None:
    ws = analyze(" ".join(["the man walked to the old mill and"] * 700) + " stopped.", Settings()).state
    assert any("2,000 characters" in u for u in ws.unresolved)


def test_chinese_story() -> None:
    text = "张三走进了村子。李四说：“你好！”张三很高兴。\n\n第二天，李四死了。"
    ws = analyze(text, Settings(language="zh")).state
    assert ws.story.language == "zh"
    assert [ws.story.sentence_text(i) for i in range(2)] == ["张三走进了村子。", "李四说：“你好！”"]
    names = {e.name for e in ws.characters()}
    assert {"张三", "李四"} <= names
    assert ws.speeches and ws.display_name(ws.speeches[0].speaker) == "李四"
    assert any(p.predicate == "alive" and p.value == "false" for p in ws.propositions)
    assert len(ws.scenes) == 2


def test_find_character(house: WorldState, king: WorldState) -> None:
    assert find_character(house, "Tom") == house.entity_by_name("Tom").id
    assert find_character(house, "Mary and Tom") == house.entity_by_name("Mary").id
    assert find_character(king, "The old king (Anna's father)") == king.entity_by_name("the king").id
    assert find_character(house, "Nobody Here") is None


def test_cli_analyze_and_graph(tmp_path) -> None:
    import json

    from click.testing import CliRunner

    from worldstate.cli.main import cli

    story = tmp_path / "story.txt"
    story.write_text(HOUSE_STORY, encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["analyze", str(story), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {e["name"] for e in data["entities"]} >= {"Tom", "Mary"}
    result = runner.invoke(cli, ["analyze", str(story)])
    assert result.exit_code == 0 and "Mary" in result.output
    out = tmp_path / "k.graphml"
    result = runner.invoke(cli, ["graph", str(story), "--view", "knowledge", "--format", "graphml", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "<graphml" in out.read_text(encoding="utf-8")


def test_interjections_are_not_characters() -> None:
    ws = analyze("Lo, the old king came home. Alas! He was tired. Hans watched him.", Settings()).state
    names = {e.name.lower() for e in ws.entities}
    assert "lo" not in names and "alas" not in names
    assert "hans" in names


def test_the_extract_functions_are_analyze() -> None:
    """``extract.extract``, ``extract_world_state`` and ``parse`` are thin wrappers over ``analyze``."""
    from worldstate import extract
    from worldstate.state import Story

    text = "Anna found a golden key in the garden. She gave it to her brother Tom."
    world = analyze(text, Settings())
    state, parsed = extract.extract(Story.from_text(text), Settings())
    assert parsed is not None and world.parsed is not None
    assert [t.text for t in parsed.tokens] == [t.text for t in world.parsed.tokens]
    assert [(e.id, len(e.mentions)) for e in state.entities] == [(e.id, len(e.mentions)) for e in world.state.entities]
    assert [ev.id for ev in state.events] == [ev.id for ev in world.state.events]
    again = extract.extract_world_state(Story.from_text(text), Settings())
    assert [e.id for e in again.entities] == [e.id for e in state.entities]
    alone = extract.parse(Story.from_text(text), Settings())
    assert alone is not None and [t.text for t in alone.tokens] == [t.text for t in parsed.tokens]
    assert extract.parse(Story.from_text("小明是一个男孩。他喜欢画画。"), Settings(language="zh")) is None
