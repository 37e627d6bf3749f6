"""The narrator is one character: a first-person narrator who names himself ("Call me Ishmael", "I called
myself Pip", "I, Sallie McBride, …", a letter's signature) is one entity with that name and keeps the id
"narrator"; a narrator who is never named stays "I (narrator)", and a narrator who meets a named
character never takes that character's name."""

from __future__ import annotations

from functools import lru_cache

import pytest

from worldstate.config import Settings
from worldstate.extract.builder import parse
from worldstate.extract.coref.first_person import self_namings
from worldstate.extract.coref.resolver import mention_table, resolve, rule_pass
from worldstate.extract.speech import mark_quoted_tokens
from worldstate.state import Story
from worldstate.state.quotes import find_quotes


@lru_cache(maxsize=8)
def _parsed(text: str) -> tuple[Story, object]:
    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))  # as ``analyze`` does
    return story, doc


def _entities(text: str) -> dict[str, tuple[str, list[str]]]:
    """Entity id → (name, mention texts) of the resolved ``text``."""
    story, doc = _parsed(text)
    coref = resolve(doc, story.text)
    by_id = {m.id: m for m in coref.mentions}
    return {e.id: (e.name, [by_id[m].text for m in e.mentions]) for e in coref.entities if e.mentions}


ISHMAEL = (
    "Call me Ishmael. Some years ago I went to sea. I thought I would sail about a little. Ishmael is a plain name."
)
PIP = (
    "My father's family name being Pirrip, my infant tongue could make of it nothing longer than Pip. "
    "So, I called myself Pip, and came to be called Pip. I lived with my sister. Pip was small, and I was afraid."
)
SALLIE = (
    "Dear Judy,\nI, Sallie McBride, the head of an orphan asylum, write to you. I am tired. I have a hundred "
    "children.\nYours as ever,\nSALLIE McBRIDE."
)


@pytest.mark.parametrize(
    ("text", "name", "words"),
    [(ISHMAEL, "Ishmael", {"me", "Ishmael", "I"}), (PIP, "Pip", {"I", "myself", "Pip", "my"})],
)
def test_a_narrator_who_names_himself_is_one_character_with_that_name(text: str, name: str, words: set[str]) -> None:
    ents = _entities(text)
    assert "narrator" in ents, ents
    got_name, mentions = ents["narrator"]
    assert got_name == name
    assert words <= set(mentions), mentions
    assert not [e for e, (n, _) in ents.items() if n == name and e != "narrator"], ents  # no second one


def test_the_words_that_name_the_narrator_are_kept_as_evidence() -> None:
    story, doc = _parsed(ISHMAEL)
    table = mention_table(rule_pass(doc, story.text))
    found = self_namings(table, story.text)
    assert [(story.text[n.evidence.start : n.evidence.end], n.rule) for n in found] == [
        ("Call me Ishmael", "names himself")
    ]


def test_an_apposed_name_and_a_letters_signature_name_the_narrator() -> None:
    story, doc = _parsed(SALLIE)
    table = mention_table(rule_pass(doc, story.text))
    rules = {story.text[n.evidence.start : n.evidence.end]: n.rule for n in self_namings(table, story.text)}
    assert rules == {"I, Sallie McBride": "I, name,", "Yours as ever,\nSALLIE McBRIDE": "signature"}
    ents = _entities(SALLIE)
    assert ents["narrator"][0] in ("Sallie McBride", "SALLIE McBRIDE")
    assert {"I", "Sallie McBride", "SALLIE McBRIDE"} <= set(ents["narrator"][1])


def test_two_letter_writers_who_sign_differently_name_no_narrator() -> None:
    """Two signatures that disagree: which one is the narrator's cannot be told, so neither joins."""
    text = (
        "I write to you in haste. I am well.\nYours faithfully,\nARTHUR VILLARS.\n"
        "I have your letter. I thank you.\nYours sincerely,\nMARY HOWARD."
    )
    ents = _entities(text)
    assert "narrator" in ents
    assert not {"ARTHUR VILLARS", "MARY HOWARD"} & set(ents["narrator"][1]), ents["narrator"]


def test_a_quoted_we_of_one_known_speaker_is_named_after_the_speaker() -> None:
    from worldstate.analysis import analyze

    text = (
        '"We shall go to the fair tomorrow," said Meg. "We must take our baskets."\nJo laughed at her.\n'
        '"Shall we take the dog?" asked Meg.'
    )
    ws = analyze(text, Settings()).state
    by_id = {m.id: m for m in ws.mentions}
    we = [e for e in ws.entities if {by_id[m].text.lower() for m in e.mentions} >= {"we", "our"}]
    assert [e.name for e in we] == ["we (Meg's group)"]


def test_speaker_group_names() -> None:
    from worldstate.extract.coref.characters import NARRATOR_NAME
    from worldstate.extract.coref.naming import speaker_group_name

    assert speaker_group_name("Meg") == "we (Meg's group)"
    assert speaker_group_name("Mr. Bennet") == "we (Mr. Bennet's group)"
    assert speaker_group_name("Holmes") == "we (Holmes' group)"
    assert speaker_group_name(NARRATOR_NAME) == "we (narrator's group)"


HOLMES = (
    "Holmes was sitting with his back to me. I had given him no sign of my occupation.\n"
    '"Well, Watson, what do you make of it?" said Holmes.\n'
    '"I think the stick belongs to a doctor," I said. I looked at the stick again. I was pleased with myself.\n'
    '"Really, Watson, you excel yourself," said Holmes.\n'
    "I laughed. I was tired, and I sat down by the fire. I said nothing more for a while, and I waited."
)


def test_the_name_others_call_the_narrator_by_names_the_narrator() -> None:
    """ "Watson" is called out twice in Holmes's quotes and never written in the narration: the narrator."""
    ents = _entities(HOLMES)
    assert ents["narrator"][0] == "Watson"
    assert {"I", "me", "Watson"} <= set(ents["narrator"][1])
    assert "Holmes" not in ents["narrator"][1]


@pytest.mark.parametrize(
    ("text", "not_said"),
    [
        pytest.param(
            "I met Tom at the gate. Tom was tired, and he sat down. I am his friend. I gave him water.",
            ["Tom"],
            id="a-narrator-who-meets-a-named-character",
        ),
        pytest.param(
            "I am Tom's cousin. I came to the farm in May. Tom was out in the fields.",
            [],
            id="a-name-after-i-am-that-owns-something",
        ),
        # Holmes is called out twice too, but the narration writes "Holmes": he is someone else
        pytest.param(HOLMES.replace("Watson", "Holmes"), [], id="a-name-the-narration-also-writes"),
    ],
)
def test_the_narrator_stays_unnamed(text: str, not_said: list[str]) -> None:
    """A name the narrator is not called by: the narrator stays "I (narrator)", without that name's mentions."""
    name, mentions = _entities(text)["narrator"]
    assert name == "I (narrator)"
    assert not set(not_said) & set(mentions), mentions


def test_a_narrator_who_says_his_name_in_a_quote_is_named() -> None:
    text = (
        'I came to the inn at dusk. When I came close the woman bowed and said, "The Englishman?"\n'
        '"Yes," I said, "Jonathan Harker."\nI was tired, and I went up to my room.'
    )
    story, doc = _parsed(text)
    table = mention_table(rule_pass(doc, story.text))
    found = [(story.text[n.evidence.start : n.evidence.end], n.rule) for n in self_namings(table, story.text)]
    assert found == [('I said, "Jonathan Harker', "says his name")]
    assert _entities(text)["narrator"][0] == "Jonathan Harker"


def test_a_quoted_you_in_its_speakers_own_entity_can_be_left_unresolved(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``YOU_APART`` (off by default: LitBank counts each one as one more cluster), "you" in a quote of
    the old man, addressed to no one the text names, is taken out of the old man's entity and noted."""
    from worldstate.analysis import analyze
    from worldstate.extract.coref import quoted

    text = '"Go away!" said the old man. "I know you and your tricks." The boy ran off.'
    monkeypatch.setattr(quoted, "YOU_APART", True)
    ws = analyze(text, Settings()).state
    by_id = {m.id: m for m in ws.mentions}
    man = next(e for e in ws.entities if e.name == "the old man")
    assert {by_id[m].text for m in man.mentions} == {"the old man", "I"}
    assert any("'you' in the quote" in note for note in ws.unresolved), ws.unresolved
