"""What a user reads for an entity (issue 15, part 3): pronoun-only clusters named by what they are, groups by
their members, interjections are no characters, short deterministic ids, headings apart from the text."""

from __future__ import annotations

from worldstate.analysis import World, analyze
from worldstate.config import Settings
from worldstate.extract.coref.characters import NARRATOR_NAME, is_pronoun
from worldstate.extract.coref.naming import (
    MAX_ID,
    group_name,
    is_no_name,
    lower_words,
    pronoun_name,
    short_ids,
    slug,
)
from worldstate.state import EntityKind


def _world(text: str) -> World:
    return analyze(text, Settings())


def test_a_pronoun_only_cluster_is_named_by_what_it_is() -> None:
    assert pronoun_name(["I", "me"], quoted=False) == NARRATOR_NAME
    assert pronoun_name(["I", "my"], quoted=True) == "I (a speaker)"
    assert pronoun_name(["we", "us"], quoted=False) == "we (narrator's group)"
    assert pronoun_name(["We"], quoted=True) == "we (a speaker's group)"
    assert pronoun_name(["you"], quoted=True) == "you (the one addressed)"
    assert pronoun_name(["them", "they"], quoted=False) == "they (unnamed group)"
    assert pronoun_name(["she", "her"], quoted=False) == "she (unnamed)"
    for name in ("I (a speaker)", "we (narrator's group)", "they (unnamed group)", "he (unnamed)"):
        assert not is_pronoun(name)


def test_a_group_is_named_by_its_members_readably_and_briefly() -> None:
    assert group_name(["Hansel", "Gretel"]) == "Hansel and Gretel"
    assert group_name(["Hansel", "Gretel", "the father"]) == "Hansel, Gretel and the father"
    assert group_name(["Hansel", "Gretel", "Hansel"]) == "Hansel and Gretel"
    assert group_name(["A", "B", "C", "D", "E"]) == "A, B, C and 2 others"
    long = group_name(["the man who came from the mountains", "the woman who lived by the sea", "the boy"])
    assert len(long) <= 80 and long.endswith("others")


def test_interjections_and_common_words_are_no_names_but_titles_and_names_are() -> None:
    words = lower_words("She spun the straw into gold. The witch sat. Madam, said he.")
    assert is_no_name("Lo", words) and is_no_name("Alas", words)
    assert is_no_name("Straw", words) and is_no_name("Witches", words)
    assert not is_no_name("Gretel", words) and not is_no_name("Madam", words, {"madam"})
    assert not is_no_name("the witch", words), "a description names someone"


def test_ids_are_short_slugs_of_the_name_numbered_in_order() -> None:
    assert slug("the miller's daughter") == "miller-s-daughter"
    assert slug("Mr. Sherlock Holmes") == "mr-sherlock-holmes"
    long = slug("the wicked witch who lay in wait for children in the deep dark forest")
    assert len(long) <= MAX_ID and not long.endswith("-")
    ids = short_ids([("narrator", "Jane Eyre"), ("e1", "the father"), ("e2", "The father"), ("x", "father")])
    assert ids == {"narrator": "narrator", "e1": "father", "e2": "father-2", "x": "father-3"}


def test_a_story_lists_no_interjection_and_names_its_pronoun_groups() -> None:
    text = (
        "Lo! The king rode into the town. Alas! The queen was ill. The king sat by the queen. "
        "They talked all night. We heard them from the stairs, and we were afraid."
    )
    world = _world(text)
    names = [c.name for c in world.characters()]
    assert "Lo" not in names and "Alas" not in names
    assert "the king" in names and "the queen" in names
    for ent in world.state.entities:
        assert not is_pronoun(ent.name), ent
        assert len(ent.id) <= MAX_ID + 3 and " " not in ent.id, ent.id
    assert len({e.id for e in world.state.entities}) == len(world.state.entities)
    mentions = {m.entity for m in world.state.mentions if m.entity}
    assert mentions <= {e.id for e in world.state.entities}, "every mention points at an entity"


def test_a_group_of_two_named_children_reads_as_their_names() -> None:
    text = (
        "Hansel met Gretel in the wood. Gretel smiled at Hansel, and then they walked home together. They were tired."
    )
    groups = [e for e in _world(text).state.entities if e.kind == EntityKind.GROUP and e.mentions]
    assert [(g.id, g.name) for g in groups] == [("hansel-and-gretel", "Hansel and Gretel")]


def test_no_mention_crosses_from_a_heading_into_the_text() -> None:
    text = (
        "CHAPTER I. Down the Rabbit-Hole Alice was beginning to get very tired of sitting by her sister .\n"
        "CHAPTER II DESCRIPTION OF FARMER OAK -- AN INCIDENT When Farmer Oak smiled , his mouth spread .\n"
    )
    world = _world(text)
    story = world.state.story
    heads = [p.span for p in story.paragraphs if story.span_text(p.span).startswith("CHAPTER")]
    assert len(heads) == 2
    for m in world.state.mentions:
        for h in heads:
            assert h.contains(m.span) or not h.overlaps(m.span), (m.text, story.span_text(h))
    texts = {m.text for m in world.state.mentions}
    assert "Alice" in texts and "FARMER OAK" in texts, "names in a heading stay mentions"
    names = {c.name for c in world.characters()}
    assert not any(n.startswith("CHAPTER") for n in names), "a heading label is no character"
    assert "AN INCIDENT" not in names and "Alice" in names, "a name only in a heading is no character"
