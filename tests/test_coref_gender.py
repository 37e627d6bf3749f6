"""Gender of names the name list does not know: the suffix model, the surname guard, the story's evidence."""

from __future__ import annotations

import random

import pytest

from worldstate.config import Settings
from worldstate.extract.coref.features import FEATURE_NAMES, title_genders
from worldstate.extract.coref.gender import (
    NameGenders,
    SuffixModel,
    guessed_name_gender,
    list_names,
    name_evidence,
    name_gender,
    suffix_guesses,
    surname_genders,
)

MALE, FEMALE = 1, 2


def _parsed(text: str):
    from worldstate.extract.builder import parse
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))
    return story, doc


def _table(text: str):
    """The mention table of ``text`` after the rule pass."""
    from worldstate.extract.coref.resolver import mention_table, rule_pass

    story, doc = _parsed(text)
    return mention_table(rule_pass(doc, story.text))


def _genders(table, text: str) -> list[int]:
    return [int(g) for info, g in zip(table.infos, table.gender, strict=True) if info.mention.text == text]


def test_the_suffix_model_is_right_on_held_out_names_of_the_list() -> None:
    names = sorted(list_names().items())
    random.Random(0).shuffle(names)
    cut = len(names) // 5
    model = SuffixModel.fit(names[cut:])
    guesses = [(model.guess(name), gender) for name, gender in names[:cut]]
    given = [(guess, gender) for guess, gender in guesses if guess]
    assert len(given) >= 0.5 * len(guesses), "it guesses at least half the unseen names"
    assert sum(guess == gender for guess, gender in given) >= 0.93 * len(given)


def test_names_the_list_lacks_get_a_guess_and_listed_names_keep_the_list() -> None:
    assert name_gender("Marilla") == "" and name_gender("Ichabod") == ""
    assert guessed_name_gender("Marilla") == "female"
    assert guessed_name_gender("Ichabod") == "male"
    assert guessed_name_gender("John") == "male" and guessed_name_gender("Mary") == "female"
    assert guessed_name_gender("O'Hara") == "", "no guess on a word with other characters than letters"


def test_a_word_the_story_uses_as_a_surname_gets_no_suffix_guess() -> None:
    titles = title_genders()
    names = [
        ["Sherlock", "Holmes"],
        ["Holmes"],
        ["Mr", "Syme"],
        ["Syme"],
        ["Count", "Dracula"],
        ["Dracula"],
        ["Marilla"],
    ]
    assert suffix_guesses(names, titles) == {"marilla": "female", "sherlock": "male"}
    assert "jervis" in suffix_guesses([["Jervis"]], titles), "alone, an unknown name is read as a first name"
    assert suffix_guesses([["Papa"], ["Mamma"]], titles) == {"papa": "male", "mamma": "female"}


def test_titles_and_pronouns_in_the_names_clause_give_evidence() -> None:
    _, doc = _parsed(
        "Marilla shook her head. Oak rose and brushed himself down. Miss Tibby came in. "
        "Zorbul looked at his hands. Zorbul smoothed her dress."
    )
    names = {}
    for tok in doc.tokens:
        if tok.text in ("Marilla", "Oak", "Tibby", "Zorbul"):
            names[tok.i] = ["Miss", "Tibby"] if tok.text == "Tibby" else [tok.text]
    evidence = name_evidence(doc, names, title_genders())
    assert evidence.get("marilla") == "female"
    assert evidence.get("oak") == "male"
    assert evidence.get("tibby") == "female"
    assert "zorbul" not in evidence, "evidence of both genders gives none"


def test_a_bare_surname_takes_the_gender_its_full_names_agree_on() -> None:
    titles = title_genders()
    names = [["Gabriel", "Oak"], ["Oak"], ["Matthew", "Cuthbert"], ["Marilla", "Cuthbert"], ["Mrs", "Rachel", "Lynde"]]
    genders = NameGenders(evidence={}, guesses=suffix_guesses(names, titles))
    surnames = surname_genders(names, titles, genders)
    assert surnames == {"oak": "male", "lynde": "female"}, "Cuthbert is both Matthew's and Marilla's"
    assert NameGenders({}, {}, surnames).gender("Oak", person=True) == "male"


def test_the_list_decides_before_the_evidence_and_a_guess_needs_a_person() -> None:
    genders = NameGenders(evidence={"john": "female", "oak": "male"}, guesses={"marilla": "female"})
    assert genders.gender("John", person=True) == "male"
    assert genders.gender("Oak", person=False) == "male"
    assert genders.gender("Marilla", person=True) == "female"
    assert genders.gender("Marilla", person=False) == ""


def test_the_mention_table_gives_unknown_names_their_gender() -> None:
    table = _table(
        "Marilla shook her head at the window. Matthew went out to the barn. "
        "Marilla sighed. Mr. Holmes smiled. Holmes looked at the fire."
    )
    assert set(_genders(table, "Marilla")) == {FEMALE}
    assert set(_genders(table, "Holmes")) == {MALE}, "the title elsewhere in the story gives the bare surname"
    assert "gender_clash" in FEATURE_NAMES


@pytest.mark.parametrize("text", ["", "the woman came. the boy went.", "Zorbul."])
def test_stories_without_usable_names_build_a_table(text: str) -> None:
    table = _table(text)
    assert len(table.gender) == len(table.infos)


def test_he_does_not_join_a_woman_whose_name_the_list_does_not_know() -> None:
    from worldstate.analysis import analyze

    text = (
        "Matthew Cuthbert went out to the barn. Marilla sat by the window for a long time and looked at "
        "the road. Marilla was thinking about the orphan. He came back at noon and he sat down."
    )
    ws = analyze(text, Settings()).state
    entity = {m.text: m.entity for m in ws.mentions}
    assert entity["He"] != entity["Marilla"]
    assert entity["He"] == entity["Matthew Cuthbert"]


def test_no_suffix_guess_for_short_words_or_nouns_of_things() -> None:
    """ "God" is too short for its ending to say anything; "Turkey" and "Snake" are nouns of animals."""
    from worldstate.extract.coref.gender import guessed_name_gender

    assert guessed_name_gender("God") == ""
    assert guessed_name_gender("Turkey") == ""
    assert guessed_name_gender("Snake") == ""
    assert guessed_name_gender("Marilla") == "female"


@pytest.mark.parametrize(
    "text",
    [
        "Now the princess's horse was the fairy's gift, and it was called Falada, and could speak.",
        "The horse Falada ran away.",
        "Falada, the old horse, ran away.",
        "She had a horse called Falada.",
        "Falada was a horse.",
    ],
)
def test_a_name_the_story_gives_an_animal_gets_no_guessed_gender(text: str) -> None:
    """The suffix model takes "Falada" for a woman's name; the story says it is a horse's."""
    from worldstate.extract.coref.gender import guessed_name_gender, thing_names

    assert guessed_name_gender("Falada") == "female"
    _, doc = _parsed(text)
    names = {t.i: [t.text] for t in doc.tokens if t.text == "Falada"}
    titles = title_genders()
    assert thing_names(doc, names, titles) == {"falada"}
    assert NameGenders.of_document(doc, names, titles).gender("Falada", person=True) == ""


@pytest.mark.parametrize("text", ["Falada ran away.", "Her sister Falada ran away.", "The queen Falada ran away."])
def test_a_name_put_with_a_person_keeps_its_guess(text: str) -> None:
    _, doc = _parsed(text)
    names = {t.i: [t.text] for t in doc.tokens if t.text == "Falada"}
    assert NameGenders.of_document(doc, names, title_genders()).gender("Falada", person=True) == "female"


def test_an_animals_name_keeps_the_list_and_the_storys_evidence() -> None:
    genders = NameGenders({"falada": "male"}, {"falada": "female", "tom": "male"}, things=frozenset({"falada", "tom"}))
    assert genders.gender("Falada", person=True) == "male", "the story's 'his' still decides"
    assert genders.gender("Tom", person=True) == "male", "a listed name keeps the list's gender"
    assert NameGenders({}, {"falada": "female"}, things=frozenset({"falada"})).gender("Falada", person=True) == ""
