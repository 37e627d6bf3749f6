"""The character list a user sees: names as BookNLP shows them (the most frequent proper name, else the
most frequent definite description; never a coordinated phrase or "I (narrator)" for a named
narrator), aliases without pronouns, and the bad-input cases of issue 15 seen from the list (no names,
second person, unnamed narrator, a thousand-name cast in seconds, dialogue without said-verbs).

The coreference side of the bad-input cases (which mentions link) is in ``test_coref_ranker.py``."""

from __future__ import annotations

import time

from worldstate.analysis import World, analyze
from worldstate.config import Settings
from worldstate.extract.coref.characters import (
    NARRATOR_NAME,
    description,
    is_proper,
    narrator_name,
    ordered_aliases,
    pick_name,
)
from worldstate.extract.coref.characters import Character as CharacterRow

PRONOUNS = {"i", "me", "my", "you", "your", "he", "him", "his", "she", "her", "we", "us", "they", "them", "it"}


def _world(text: str) -> World:
    return analyze(text, Settings())


def _by_name(chars: list[CharacterRow]) -> dict[str, CharacterRow]:
    return {c.name: c for c in chars}


# -- naming rules ----------------------------------------------------------------------------------


def test_description_is_cut_to_its_noun_phrase_with_a_lower_case_article() -> None:
    assert description("the wicked witch, who lay in wait for children") == "the wicked witch"
    assert description("the first little child that you may have when you are queen") == "the first little child"
    assert description("The  miller") == "the miller"
    assert description("That dwarf") == "that dwarf"
    assert description("Theodore") == "Theodore"
    assert description("the civil , pretty-spoken girl") == "the civil, pretty-spoken girl", "LitBank's tokens"
    assert description("the tall, dark stranger") == "the tall, dark stranger", "a comma between adjectives stays"
    assert description("the king, the old one") == "the king"
    assert description("the own daughter") == "the daughter"
    assert description("the man who, for his own amusement, never took up any book") == "the man"
    assert description("Nature 's lowly children") == "Nature's lowly children"
    assert (
        pick_name([], [], "the amiable man in this world who receives testimonials") == "the amiable man in this world"
    )


def test_the_most_frequent_description_names_a_character_without_a_name() -> None:
    nominals = [
        "the very beautiful daughter",
        "the daughter",
        "the poor miller's daughter",
        "the miller's daughter",
        "the miller's daughter",
    ]
    assert pick_name([], nominals, "x") == "the miller's daughter"
    assert pick_name([], ["the white duck", "the duck"], "x") == "the white duck", "ties: the first seen"
    assert pick_name([], ["the queen", "the lady"], "x") == "the queen"
    assert pick_name([], ["the lady", "the queen"], "x") == "the lady"


def test_a_form_of_address_is_no_name() -> None:
    """Rumpelstiltskin's little man calls the miller's daughter "Madam": she is still the miller's daughter."""
    nominals = ["the miller's daughter", "the daughter", "the miller's daughter"]
    assert pick_name(["Madam", "Madam", "Madam"], nominals, "x") == "the miller's daughter"
    assert pick_name(["My Lord", "Sir"], ["the king"], "x") == "the king"
    assert pick_name(["Sir"], [], "Sir") == "Sir", "with nothing else, the address is what there is"
    assert pick_name(["Mr. Hall", "Mr. Hall"], ["the landlord"], "x") == "Mr. Hall", "a title with a name is a name"


def test_a_coordinated_phrase_names_a_character_only_when_nothing_else_does() -> None:
    nominals = ["the girl and the white duck and the other"] * 3 + ["the father"]
    assert pick_name([], nominals, "father of the girl") == "the father"
    assert pick_name([], ["the girl and the duck"], "x") == "the girl and the duck"


def test_definite_descriptions_come_before_bare_nouns_and_vocatives() -> None:
    assert pick_name([], ["husband", "husband", "the man"], "x") == "the man"
    assert pick_name([], ["husband", "husband"], "x") == "husband"


def test_a_name_not_written_as_a_proper_name_counts_as_a_description() -> None:
    assert not is_proper("The duck") and not is_proper("Little duck, little duck")
    assert is_proper("Little Red-Cap") and is_proper("Duke of York") and is_proper("Mr RUMPLESTILTSKIN")
    assert pick_name(["The duck", "The duck"], ["the white duck"], "x") == "the duck"
    assert pick_name(["The duck", "Gretel"], ["the girl", "the girl"], "x") == "Gretel"


def test_proper_names_by_count_with_their_title_and_deterministic_ties() -> None:
    assert pick_name(["Mr. Bennet", "Bennet", "Mr. Bennet"], [], "x") == "Mr. Bennet"
    assert pick_name(["Mr Hall", "Hall", "Mr. Hall"], [], "x") == "Mr Hall", "Mr and Mr. are one form"
    assert pick_name(["Hans", "Hans Schmidt"], [], "x") == "Hans Schmidt", "ties: more words"
    assert pick_name(["Hugo Zelfcov", "Jonas Zelfcov"], [], "x") == "Hugo Zelfcov", "then the first seen"
    assert pick_name(["Jonas Zelfcov", "Hugo Zelfcov"], [], "x") == "Jonas Zelfcov"


def test_aliases_are_distinct_forms_by_count_with_one_case_for_the_article() -> None:
    texts = ["The father", "the father", "father", "the man", "the father"]
    assert ordered_aliases(texts, "the man") == ["the father", "father"]
    assert ordered_aliases(texts, "the father") == ["father", "the man"], "ties: the first seen"
    assert ordered_aliases(["yourselves", "the father", "Me"], "x") == ["the father"], "no pronouns"
    assert ordered_aliases(["the civil , pretty-spoken girl"], "the civil, pretty-spoken girl") == []
    assert pick_name([], ["yourselves", "yourselves", "the father"], "x") == "the father"


def test_narrator_name_only_from_the_narrators_own_naming() -> None:
    text = "My name is Jane Eyre. I met Helen."
    assert narrator_name(text, [(11, "Jane Eyre"), (27, "Helen")]) == "Jane Eyre"
    assert narrator_name("I met Helen.", [(6, "Helen")]) is None
    assert narrator_name("Call me Ishmael.", [(8, "Ishmael")]) == "Ishmael"
    assert narrator_name("So, I called myself Pip.", [(20, "Pip")]) == "Pip"
    assert narrator_name("I am Tom's cousin.", [(5, "Tom")]) is None


# -- whole stories ---------------------------------------------------------------------------------


def test_the_child_promised_to_the_little_man_is_not_the_little_man() -> None:
    text = (
        "The miller had a daughter. The little man came in. 'What will you give me?' said the little man, "
        "'the first little child that you may have when you are queen.' The queen wept. At the birth of her "
        "first little child she was glad. But the little man came and said, 'You shall keep your child if you "
        "tell me my name.' The poor child slept."
    )
    ws = _world(text).state
    man = {m.entity for m in ws.mentions if m.text == "the little man"}
    child = {m.entity for m in ws.mentions if "child" in m.text}
    assert man and child and not man & child


def test_a_kinship_description_is_named_by_the_description_not_by_its_owners() -> None:
    text = (
        "Hansel and Gretel lived at the edge of a forest. Hansel and Gretel loved their father. "
        "Their father was a poor woodcutter. The father had nothing to eat."
    )
    names = {c.name for c in _world(text).characters()}
    assert "the father" in names
    assert not any(" of " in n or " and " in n for n in names), names


def test_story_without_names_lists_the_woman_and_the_boy_by_their_descriptions() -> None:
    text = (
        "The woman walked to the market. The boy followed the woman. "
        "The woman bought bread, and the boy carried the basket. The boy was tired. She gave him an apple."
    )
    chars = _by_name(_world(text).characters())
    assert {"the woman", "the boy"} <= set(chars)
    assert chars["the woman"].id != chars["the boy"].id
    for c in chars.values():
        assert not {a.lower() for a in c.aliases} & PRONOUNS, c


def test_second_person_narration_lists_no_pronoun_as_a_character() -> None:
    text = (
        "You wake up in a dark room. You reach for the door. It is locked. You call out, but nobody answers. "
        "A man opens the door. He looks at you."
    )
    chars = _world(text).characters()
    assert "the man" in _by_name(chars)
    for c in chars:
        assert c.name.lower() not in PRONOUNS and not {a.lower() for a in c.aliases} & PRONOUNS, c


def test_unnamed_narrator_is_i_narrator_and_a_named_one_is_called_by_the_name() -> None:
    unnamed = _by_name(
        _world(
            "I was born in a small town by the sea. My father was a fisherman. He went out every morning. "
            "I waited for him on the beach."
        ).characters()
    )
    assert NARRATOR_NAME in unnamed and unnamed[NARRATOR_NAME].mentions >= 3
    named = _world(
        "My name is Jane Eyre. I lived with my aunt, Mrs. Reed, at Gateshead. Mrs. Reed did not love me. "
        "I was often alone."
    ).characters()
    names = {c.name for c in named}
    assert "Jane Eyre" in names and NARRATOR_NAME not in names and "Mrs. Reed" in names


def test_thousand_name_cast_list_gives_a_character_each_in_seconds() -> None:
    firsts = ["Alice", "Bruno", "Clara", "Dmitri", "Elena", "Felix", "Greta", "Hugo", "Ingrid", "Jonas"]
    lasts = [f"Zel{chr(97 + a)}{chr(97 + b)}ov" for a in range(10) for b in range(10)]
    cast = [f"{f} {surname}" for surname in lasts for f in firsts]
    text = "The cast of the play was long. " + " ".join(f"{name} played a part." for name in cast)
    _world("A man came in.")  # models loaded before the clock starts
    started = time.process_time()
    chars = _world(text).characters()
    cpu = time.process_time() - started
    assert cpu < 60, f"{cpu:.1f} s of CPU for a thousand names"
    full_names = {c.name for c in chars} & set(cast)
    assert len(full_names) >= 950, "each cast member is listed under the full name"


def test_dialogue_without_said_verbs_lists_no_speaker_it_cannot_know() -> None:
    text = '"Where are you going?"\n\n"To the mill."\n\n"Take me with you."\n\n"No. I go alone."\n\nThe rain began.'
    world = _world(text)
    for c in world.characters():
        assert c.name.lower() not in PRONOUNS and not {a.lower() for a in c.aliases} & PRONOUNS, c
    assert any("speaker" in note for note in world.state.unresolved), "the unknown speakers are left open"


def test_the_character_list_is_the_same_on_every_run() -> None:
    text = (
        "The miller had a daughter. The miller's daughter was clever. The king came. The king saw the "
        "miller's daughter. She spun gold, and the king married her."
    )
    lists = [[(c.id, c.name, c.aliases, c.mentions) for c in _world(text).characters()] for _ in range(2)]
    assert lists[0] == lists[1]
    assert lists[0][0][1] == "the miller's daughter"
