"""The reasoner on small hand-written stories: exact conflicts, cores and spans; consistent stories stay clean."""

from __future__ import annotations

import pytest

from worldstate.reason import check, check_epistemic
from worldstate.reason.builder import WorldBuilder
from worldstate.state import Source


def _text(ws, span) -> str:
    return ws.story.span_text(span)


def cast(text: str, characters: dict[str, str], things: dict[str, str] | None = None) -> WorldBuilder:
    """A builder over ``text`` with these characters, then these things (id → the name the text uses)."""
    b = WorldBuilder(text)
    for entity_id, name in characters.items():
        b.character(entity_id, name)
    for entity_id, name in (things or {}).items():
        b.thing(entity_id, name)
    return b


def only(result):
    assert len(result.conflicts) == 1, [c.explanation for c in result.conflicts]
    return result.conflicts[0]


# -- hot tea / cold tea ---------------------------------------------------------------------
TEA = "Anna poured a cup of hot tea. She sat by the window with it. She sipped the cold tea."


def tea_world(text: str = TEA) -> WorldBuilder:
    return cast(text, {"anna": "Anna"}, {"tea": "tea"})


def test_hot_tea_cold_tea_conflict():
    b = tea_world()
    hot = b.prop("tea", "is", "hot", "hot tea")
    cold = b.prop("tea", "is", "cold", "cold tea")
    c = only(check(b.ws))
    assert c.rule == "exclusive.antonyms"
    assert c.category == "continuity"
    assert c.facts == (hot.id, cold.id)
    assert c.error_sentences == (2,) and c.contradicted_sentences == (0,)
    assert [_text(b.ws, s) for s in c.error] == ["cold tea"]
    assert [_text(b.ws, s) for s in c.contradicted] == ["hot tea"]
    assert "tea is cold in sentence 3" in c.explanation and "temperature" in c.explanation


def test_tea_that_cooled_is_consistent():
    b = tea_world("Anna poured a cup of hot tea. She forgot it, and the tea cooled. She sipped the cold tea.")
    b.prop("tea", "is", "hot", "hot tea")
    b.event("cool", "cooled", agent="tea")
    b.prop("tea", "is", "cold", "cold tea")
    result = check(b.ws)
    assert result.conflicts == [] and result.timeouts == []


def test_negation_conflict_uses_polarity_rule():
    b = tea_world("Anna poured a cup of hot tea. The tea was not hot.")
    first = b.prop("tea", "is", "hot", "hot tea")
    second = b.prop("tea", "is", "hot", "not hot", polarity=False)
    c = only(check(b.ws))
    assert c.rule == "consistency.polarity"
    assert c.facts == (first.id, second.id)


# -- the dead king speaks -------------------------------------------------------------------
KING = "The old king died in the winter. In spring the king said, 'Bring me my horse.'"


def test_dead_king_speaks():
    b = cast(KING, {"king": "king"})
    death = b.event("die", "died", agent="king")
    dead = b.prop("king", "alive", "false", "The old king died", event=death.id)
    speech = b.speech("king", "Bring me my horse.")
    c = only(check(b.ws))
    assert c.rule == "life.death-is-final"
    assert c.facts == (dead.id, f"derived:life.acting-implies-alive:{speech.id}")
    assert c.error == (speech.span,) and _text(b.ws, c.error[0]) == "'Bring me my horse.'"
    assert c.contradicted == (dead.span,)
    assert c.error_sentences == (1,) and c.contradicted_sentences == (0,)
    assert c.explanation.startswith("king is dead from sentence 1, but alive in sentence 2")
    finding = check(b.ws).to_findings(b.ws)[0]
    assert finding.rule == "life.death-is-final" and finding.category == "continuity"
    assert [(e.role, e.text) for e in finding.evidence] == [
        ("error", "'Bring me my horse.'"),
        ("contradicted", "The old king died"),
    ]


def test_king_speaks_before_dying_is_consistent():
    b = cast("In spring the king said, 'Bring me my horse.' The old king died in the winter.", {"king": "king"})
    b.speech("king", "Bring me my horse.")
    death = b.event("die", "died", agent="king")
    b.prop("king", "alive", "false", "The old king died", event=death.id)
    assert check(b.ws).conflicts == []


def test_resurrection_licenses_the_dead_speaking():
    text = "The old king died in the winter. A witch brought him back to life. The king said, 'Bring me my horse.'"
    b = cast(text, {"king": "king"})
    b.prop("king", "alive", "false", "The old king died")
    b.speech("king", "Bring me my horse.")
    result = check(b.ws)
    assert result.conflicts == []
    assert len(result.licensed) == 1 and result.licensed[0].licensed_by == "resurrection"
    assert _text(b.ws, result.licensed[0].license_span) == "brought him back to life"
    assert result.to_findings(b.ws) == []
    finding = result.to_findings(b.ws, include_licensed=True)[0]
    assert "resurrection" in finding.explanation and finding.confidence < 0.5


# -- two places at once ---------------------------------------------------------------------
PLACES = "At noon Hans sat in the mill, grinding corn. At that very hour Hans stood in the market square."


def test_two_places_at_once():
    b = cast(PLACES, {"hans": "Hans"})
    mill = b.prop("hans", "location", "mill", "in the mill")
    market = b.prop("hans", "location", "market square", "in the market square")
    c = only(check(b.ws))
    assert c.rule == "place.one-place-at-a-time"
    assert c.facts == (mill.id, market.id)
    assert [_text(b.ws, s) for s in c.error] == ["in the market square"]
    assert [_text(b.ws, s) for s in c.contradicted] == ["in the mill"]


def test_walking_between_places_is_consistent():
    text = "At noon Hans sat in the mill. Then Hans walked to town. Hans stood in the market square."
    b = cast(text, {"hans": "Hans"})
    b.prop("hans", "location", "mill", "in the mill")
    b.event("walk", "walked", agent="hans")
    b.prop("hans", "location", "market square", "in the market square")
    assert check(b.ws).conflicts == []


def test_scene_break_allows_a_new_place():
    b = cast(PLACES, {"hans": "Hans"})
    b.prop("hans", "location", "mill", "in the mill")
    b.prop("hans", "location", "market square", "in the market square")
    b.scenes(0, 1)
    assert check(b.ws).conflicts == []


# -- age arithmetic -------------------------------------------------------------------------
def age_world(later_age: str, text_age: str) -> tuple[WorldBuilder, list]:
    b = cast(f"Anna was ten years old. Two years later, Anna, now {text_age}, left home.", {"anna": "Anna"})
    props = [
        b.prop("anna", "age", "10", "ten years old"),
        b.prop("story", "duration", "730", "Two years later"),
        b.prop("anna", "age", later_age, f"now {text_age}"),
    ]
    return b, props


def test_age_arithmetic_conflict():
    b, (ten, two_years, fifteen) = age_world("15", "fifteen")
    c = only(check(b.ws))
    assert c.rule == "quantity.age-arithmetic"
    assert set(c.facts) == {ten.id, two_years.id, fifteen.id} and c.facts[-1] == fifteen.id
    assert [_text(b.ws, s) for s in c.error] == ["now fifteen"]
    assert sorted(_text(b.ws, s) for s in c.contradicted) == ["Two years later", "ten years old"]
    assert "2 years pass" in c.explanation


def test_age_arithmetic_consistent():
    b, _ = age_world("12", "twelve")
    assert check(b.ws).conflicts == []


def test_age_never_shrinks_without_durations():
    b = cast("Anna was ten years old. Anna, now eight, left home.", {"anna": "Anna"})
    b.prop("anna", "age", "10", "ten years old")
    b.prop("anna", "age", "8", "now eight")
    assert only(check(b.ws)).rule == "quantity.age-arithmetic"


# -- names ----------------------------------------------------------------------------------
def test_one_entity_one_name():
    b = cast(
        "A stranger named Karl came to the inn. Everyone liked him. The stranger said his name was Fritz.",
        {"stranger": "stranger"},
    )
    karl = b.prop("stranger", "name", "Karl", "named Karl")
    fritz = b.prop("stranger", "name", "Fritz", "his name was Fritz")
    c = only(check(b.ws, epistemic=False))
    assert c.rule == "names.one-name" and c.facts == (karl.id, fritz.id)


@pytest.mark.parametrize(
    ("text", "characters", "things", "facts"),
    [
        pytest.param(
            "A stranger named Karl came to the inn. In the village he was also known as Fritz.",
            {"stranger": "stranger"},
            {},
            [("stranger", "name", "Karl", "named Karl"), ("stranger", "name", "Fritz", "known as Fritz")],
            id="an-alias-keyword-licenses-a-second-name",
        ),
        pytest.param(
            "The master of the male saints met the mistress of the female saints.",
            {},
            {"saints": "saints"},
            [("saints", "is", "male", "male saints"), ("saints", "is", "female", "female saints")],
            id="opposites-in-one-sentence-describe-two-things",
        ),
    ],
)
def test_two_facts_that_do_not_clash(text, characters, things, facts):
    b = cast(text, characters, things)
    for fact in facts:
        b.prop(*fact)
    assert check(b.ws).conflicts == []


# -- the stranger's name (epistemic) ------------------------------------------------------
STRANGER = (
    "A stranger came to the mill. His name, though nobody knew it, was Rumpel. The miller said, 'Welcome, Rumpel.'"
)


def stranger_world(text: str) -> WorldBuilder:
    b = cast(text, {"miller": "miller", "rumpel": "Rumpel"})
    b.ws.entity("rumpel").first_sentence = 0  # introduced as "a stranger" in sentence 0
    return b


def test_stranger_name_known_without_hearing_it():
    b = stranger_world(STRANGER)
    b.speech("miller", "Welcome, Rumpel.")
    conflicts = check_epistemic(b.ws)
    assert len(conflicts) == 1
    c = conflicts[0]
    assert c.rule == "epistemic.stranger-name" and c.category == "knowledge" and c.character == "miller"
    assert [_text(b.ws, s) for s in c.error] == ["Rumpel"] and c.error_sentences == (2,)
    assert [_text(b.ws, s) for s in c.contradicted] == ["Rumpel"] and c.contradicted_sentences == (1,)
    assert check(b.ws).conflicts == conflicts


def test_stranger_who_introduces_himself():
    text = (
        "A stranger came to the mill. 'My name is Rumpel,' said the stranger to the miller. "
        "The miller said, 'Welcome, Rumpel.'"
    )
    b = stranger_world(text)
    b.speech("rumpel", "My name is Rumpel,", addressees=("miller",))
    b.speech("miller", "Welcome, Rumpel.")
    assert check_epistemic(b.ws) == []


# -- the unread letter ------------------------------------------------------------------------
LETTER = (
    "Anna found a letter from her grandfather. The letter said the treasure lay under the old oak. "
    "Anna put the letter away without reading it. "
    "At supper Anna told her brother, 'The treasure lies under the old oak.'"
)


def letter_world(text: str = LETTER) -> WorldBuilder:
    return cast(text, {"anna": "Anna", "brother": "brother"}, {"treasure": "treasure"})


def test_unread_letter():
    b = letter_world()
    told = b.prop("treasure", "location", "old oak", "the treasure lay under the old oak")
    b.speech("anna", "The treasure lies under the old oak.", addressees=("brother",))
    said = b.prop(
        "treasure", "location", "old oak", "The treasure lies under the old oak", source=Source.SPEECH, holder="anna"
    )
    conflicts = check_epistemic(b.ws)
    assert len(conflicts) == 1
    c = conflicts[0]
    assert c.rule == "epistemic.secrets" and c.character == "anna"
    assert c.facts == (told.id, said.id)
    assert c.error == (said.span,) and c.contradicted == (told.span,)
    assert c.error_sentences == (3,) and c.contradicted_sentences == (1,)
    findings = check(b.ws).to_findings(b.ws)
    assert [f.category for f in findings] == ["knowledge"]
    assert [e.role for e in findings[0].evidence] == ["error", "contradicted"]


def test_read_letter_gives_a_channel():
    text = (
        "Anna found a letter from her grandfather. Anna read in the letter that the treasure lay under the old oak. "
        "At supper Anna told her brother, 'The treasure lies under the old oak.'"
    )
    b = letter_world(text)
    b.event("read", "read", agent="anna")
    b.prop("treasure", "location", "old oak", "the treasure lay under the old oak")
    b.prop(
        "treasure", "location", "old oak", "The treasure lies under the old oak", source=Source.SPEECH, holder="anna"
    )
    assert check_epistemic(b.ws) == []


def test_told_secret_is_known_to_the_hearer():
    text = (
        "Grandfather whispered a secret to Anna: the treasure lay under the old oak. "
        "Later Anna told her brother, 'The treasure lies under the old oak.'"
    )
    b = letter_world(text)
    b.character("grandfather", "Grandfather")
    b.speech("grandfather", "the treasure lay under the old oak", addressees=("anna",))
    b.prop(
        "treasure",
        "location",
        "old oak",
        "the treasure lay under the old oak",
        source=Source.SPEECH,
        holder="grandfather",
    )
    b.prop(
        "treasure", "location", "old oak", "The treasure lies under the old oak", source=Source.SPEECH, holder="anna"
    )
    assert check_epistemic(b.ws) == []


def test_thoughts_are_private():
    text = "Tom looked at the ring and thought it was fake. He said nothing. Anna said, 'That ring is fake.'"
    b = cast(text, {"tom": "Tom", "anna": "Anna"}, {"ring": "ring"})
    b.prop("ring", "is", "fake", "it was fake", source=Source.THOUGHT, holder="tom")
    b.prop("ring", "is", "fake", "That ring is fake", source=Source.SPEECH, holder="anna")
    (c,) = check_epistemic(b.ws)
    assert c.rule == "epistemic.thoughts-private" and c.character == "anna"
    assert "Tom's unspoken thought" in c.explanation


def test_acting_on_a_hidden_place():
    text = "In the cellar, Max hid the gold under the barrel. Lena was at the market all day. That night Lena dug under the barrel."
    b = cast(text, {"max": "Max", "lena": "Lena"}, {"gold": "gold"})
    b.event("hide", "hid", agent="max", patient="gold", location="barrel")
    hidden = b.prop("gold", "location", "barrel", "the gold under the barrel")
    dig = b.event("dig", "dug under the barrel", agent="lena", patient="gold", location="barrel")
    (c,) = check_epistemic(b.ws)
    assert c.character == "lena" and c.error == (dig.span,) and c.contradicted == (hidden.span,)
    assert c.rule == "epistemic.secrets"


# -- consistent stories ----------------------------------------------------------------------
def test_consistent_story_has_no_conflicts():
    text = (
        "Once there was a miller who had three sons. The eldest son was tall and strong. "
        "One day the miller, who was old and poor, called his sons to him. "
        "'I have nothing left but the mill,' said the miller to his sons. "
        "The miller died that winter, and the three sons buried him."
    )
    b = cast(text, {"miller": "miller", "son": "eldest son"})
    b.prop("miller", "count:son", "3", "had three sons")
    b.prop("son", "is", "tall", "tall")
    b.prop("son", "is", "strong", "strong")
    b.prop("miller", "is", "old", "old")
    b.prop("miller", "is", "poor", "poor")
    b.event("call", "called", agent="miller")
    b.speech("miller", "I have nothing left but the mill,", addressees=("son",))
    b.prop("miller", "count:son", "3", "the three sons")
    death = b.event("die", "died", agent="miller")
    b.prop("miller", "alive", "false", "The miller died", event=death.id)
    result = check(b.ws)
    assert result.conflicts == [] and result.licensed == [] and result.timeouts == []
    assert result.stats["facts"] >= 7


def test_results_are_deterministic_and_spans_valid():
    b = tea_world()
    b.prop("tea", "is", "hot", "hot tea")
    b.prop("tea", "is", "cold", "cold tea")
    first, second = check(b.ws), check(b.ws)
    assert first.conflicts == second.conflicts
    for finding in first.to_findings(b.ws):
        for ev in finding.evidence:
            assert b.ws.story.text[ev.span.start : ev.span.end] == ev.text


def test_perception_needs_presence():
    b = cast(
        "Greta stayed home all day. From the hill, Greta watched the soldiers march through the valley.",
        {"greta": "Greta"},
    )
    home = b.prop("greta", "location", "home", "stayed home")
    march = b.event("march", "march through the valley", location="valley")
    b.perception("greta", march)
    c = only(check(b.ws))
    assert c.rule == "place.perception-needs-presence"
    assert c.facts == (home.id, f"derived:place.perception-needs-presence:greta:{march.id}")
    assert [_text(b.ws, s) for s in c.error] == ["march through the valley"]
    assert [_text(b.ws, s) for s in c.contradicted] == ["stayed home"]


def test_partition_timeout_is_reported_not_raised(monkeypatch):
    from worldstate.reason import reasoner
    from worldstate.reason.solve import PartitionTimeout

    def timeout(*_args, **_kwargs):
        raise PartitionTimeout("timeout")

    monkeypatch.setattr(reasoner, "solve", timeout)
    b = tea_world()
    b.prop("tea", "is", "hot", "hot tea")
    b.prop("tea", "is", "cold", "cold tea")
    result = reasoner.check(b.ws)
    assert result.conflicts == [] and len(result.timeouts) == 1 and "tea" in result.timeouts[0]
    assert result.stats["timeouts"] == 1


def test_real_solver_timeout_setting_still_answers():
    b = tea_world()
    b.prop("tea", "is", "hot", "hot tea")
    b.prop("tea", "is", "cold", "cold tea")
    result = check(b.ws, timeout_ms=50)
    assert len(result.conflicts) + len(result.timeouts) == 1


def test_one_title_until_crowned():
    text = "The prince rode out at dawn. At noon the king rode home. The old king died, and the prince was crowned. The king rode out."
    b = cast(text, {"p": "prince"})
    first = b.prop("p", "title", "prince", "The prince")
    second = b.prop("p", "title", "king", "the king")
    b.event("crown", "crowned", patient="p")
    b.prop("p", "title", "king", "The king rode out")
    (c,) = check(b.ws).conflicts
    assert c.rule == "names.one-title" and c.facts == (first.id, second.id) and c.error_sentences == (1,)


def test_moving_within_one_sentence_is_not_a_conflict():
    text = "Hans came to the castle and went into a small room. Hans stood in the market square."
    b = cast(text, {"hans": "Hans"})
    castle = b.prop("hans", "location", "castle", "came to the castle")
    room = b.prop("hans", "location", "room", "went into a small room")
    market = b.prop("hans", "location", "market square", "stood in the market square")
    (c,) = check(b.ws).conflicts  # castle and room in one sentence: a move, not a clash
    assert c.rule == "place.one-place-at-a-time" and c.error_sentences == (1,)
    assert c.facts[-1] == market.id and c.facts[0] in (castle.id, room.id)


def test_empty_and_odd_world_states_do_not_crash():
    from worldstate.state import Story, WorldState

    empty = check(WorldState(story=Story.from_text("")))
    assert empty.conflicts == [] and empty.timeouts == [] and empty.stats["facts"] == 0
    b = cast("Anna was ten years old. Anna was old.", {"anna": "Anna"})
    b.prop("anna", "age", "ten", "ten years old")  # not digits: ignored by the arithmetic
    b.prop("anna", "age", "12", "Anna was old")
    b.prop("ghost-id", "is", "hot", "Anna was old")  # a subject that is no entity
    result = check(b.ws)
    assert result.timeouts == []
    assert all(c.rule != "quantity.age-arithmetic" for c in result.conflicts)


def test_a_death_contradicted_twice_is_reported_once():
    b = cast("The old king died in the winter. In spring the king laughed. Then the king sang.", {"king": "king"})
    b.prop("king", "alive", "false", "The old king died")
    laughed = b.event("laugh", "laughed", agent="king")
    b.event("sing", "sang", agent="king")
    (c,) = check(b.ws).conflicts
    assert c.rule == "life.death-is-final" and c.error == (laughed.span,)
