"""Quotes in every quoting style, paragraphs in every layout, and speakers from the text, on small
hand-written stories."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.state import Story, WorldState
from worldstate.state.quotes import find_quotes


def quoted(text: str) -> list[str]:
    story = Story.from_text(text)
    return [text[q.start : q.end] for q in find_quotes(story)]


def speakers(ws: WorldState) -> list[str | None]:
    names = {e.id: e.name for e in ws.entities}
    return [names.get(sp.speaker or "") for sp in ws.speeches]


# -- quotes --------------------------------------------------------------------------------------------


def test_double_curly_and_straight_quotes():
    assert quoted("“Yes,” said Tom. “I know it’s late.”") == ["“Yes,”", "“I know it’s late.”"]
    assert quoted('"Yes," said Tom. "Go."') == ['"Yes,"', '"Go."']


def test_single_quotes_and_apostrophes_that_are_not_quotes():
    text = "The boys' toys lay at the door at ten o'clock. 'Tis true. 'Come here,' she said, 'and look.'"
    assert quoted(text) == ["'Come here,'", "'and look.'"]
    assert quoted("‘Don’t go,’ said Ann. ‘It’s late.’") == ["‘Don’t go,’", "‘It’s late.’"]


def test_a_plural_possessive_inside_speech_does_not_close_it():
    text = "He said, 'I will give you three days'\ngrace, and you shall keep your\nchild.' Then he went."
    assert quoted(text) == ["'I will give you three days'\ngrace, and you shall keep your\nchild.'"]
    # a short quoted term still closes (and is a label, not speech): no quote runs on to the next one
    assert quoted("He called them 'the bosses' and went away. 'Go,' said Ann.") == ["'Go,'"]


def test_litbank_spaced_single_quotes_with_spaced_contractions():
    text = "‘ Oh dear ! Oh dear ! I shall be late ! ’\nAlice said that I ’ve never seen that ’s all .\n"
    assert quoted(text) == ["‘ Oh dear ! Oh dear ! I shall be late ! ’"]


def test_spaced_straight_quote_continues_over_sentence_lines_and_spaced_possessive_is_no_quote():
    text = "She said ' no wedding-ring , I see .\nAh !\nGood-night ! '\nThe Joneses ' house was old .\n"
    assert quoted(text) == ["' no wedding-ring , I see .\nAh !\nGood-night ! '"]


def test_nested_quote_stays_inside_its_quote():
    text = "“He told me, ‘Run!’ and I ran,” said Tom."
    assert quoted(text) == ["“He told me, ‘Run!’ and I ran,”"]


def test_multi_paragraph_quote_has_one_quote_per_paragraph():
    text = "“I went home.\n\n“Then I slept.”\n\nHe nodded."
    assert quoted(text) == ["“I went home.", "“Then I slept.”"]


def test_dash_dialogue():
    text = (
        "He held the bowl aloft and intoned : — Introibo ad altare Dei .\n"
        "— Come up , Kinch !\nhe said sternly .\n— Back to barracks !\n— Yes , he said .\n"
    )
    assert quoted(text) == [
        "— Introibo ad altare Dei .",
        "— Come up , Kinch !",
        "— Back to barracks !",
        "— Yes ,",  # the attribution closing the sentence is not part of the quote
    ]


def test_dash_speech_going_on_after_its_attribution_line():
    text = (
        "Two strong shrill whistles answered through the calm .\n"
        "— Thanks , old chap , he cried briskly .\nThat will do nicely .\nSwitch off the current , will you ?\n"
        "He skipped off the gunrest and looked gravely at his watcher .\n"
        "— The mockery of it !\nhe said gaily .\nYour absurd name , an ancient Greek !\n"
        "He pointed his finger in friendly jest .\n— Tell me , Mulligan , Stephen said quietly .\n"
    )
    assert quoted(text) == [
        "— Thanks , old chap ,",
        "That will do nicely .\nSwitch off the current , will you ?",  # the speech goes on: one quote
        "— The mockery of it !",
        "Your absurd name , an ancient Greek !",  # after an attribution line of its own
        "— Tell me , Mulligan ,",
    ]


def test_dash_speech_after_a_murmured_line_or_a_told_attribution_goes_on():
    text = (
        "He lathered his cheek .\n— But a lovely mummer !\nhe murmured to himself .\n"
        "Kinch , the loveliest mummer of them all !\nHe shaved evenly and with care .\n"
        "— He can not wear them , Buck Mulligan told his face in the mirror .\nEtiquette is etiquette .\n"
        "He folded his razor neatly .\n— Yes .\n"
    )
    assert quoted(text) == [
        "— But a lovely mummer !",
        "Kinch , the loveliest mummer of them all !",
        "— He can not wear them ,",
        "Etiquette is etiquette .",
        "— Yes .",
    ]


def test_dash_paragraph_attributed_in_the_middle_is_two_quotes():
    text = (
        "He stood up.\n\n— Thanks, old chap, he cried briskly. That will do nicely. Switch it off.\n\n"
        "— Yes.\n\n— No.\n\nHe left."
    )
    assert quoted(text) == ["— Thanks, old chap,", "That will do nicely. Switch it off.", "— Yes.", "— No."]


def test_dashes_in_a_quoted_story_are_not_dialogue():
    text = "“Wait,” he said -- and stopped.\n\n-- A note. “Go,” she said.\n\n-- Another."
    assert quoted(text) == ["“Wait,”", "“Go,”"]


# -- paragraphs ----------------------------------------------------------------------------------------

WRAPPED = (
    "It was a bright cold day in April, and the clocks were striking thirteen. Winston\n"
    "Smith, his chin nuzzled into his breast in an effort to escape the vile wind,\n"
    "slipped quickly through the glass doors of Victory Mansions.\n"
    "    The hallway smelt of boiled cabbage and old rag mats. At one end of it a\n"
    "coloured poster, too large for indoor display, had been tacked to the wall. It\n"
    "depicted simply an enormous face, more than a metre wide: the face of a man of\n"
    "about forty-five, with a heavy black moustache and ruggedly handsome features.\n"
    "    Winston made for the stairs. It was no use trying the lift. Even at the best\n"
    "of times it was seldom working, and at present the electric current was cut off\n"
    "during daylight hours.\n"
)


def test_italic_cry_after_a_verb_of_speaking_is_speech_but_italic_emphasis_is_not():
    text = (
        "One of them cried out in a shrill voice, _Hekinah degul_: the others repeated it. "
        "Then there was a universal shout of _ Hekinah degul _ . She called it _hell_, and I was _safe_."
    )
    assert quoted(text) == ["_Hekinah degul_", "_ Hekinah degul _"]
    assert quoted("He said, “Go _now_, cried I, _at once_.”") == ["“Go _now_, cried I, _at once_.”"]
    long_title = "He said, _The History of the Decline and Fall of the Roman Empire_ ."
    assert quoted(long_title) == []


def test_short_unpunctuated_quote_is_speech_when_a_said_verb_attributes_or_introduces_it():
    assert quoted('" That is a handsome maid " he said to Oak.') == ['" That is a handsome maid "']
    assert quoted('A baronet who said " Exactly " to her remarks.') == ['" Exactly "']
    assert quoted("They called it a “stove-pipe” then. The sign read “ORANGE MARMALADE” there.") == []


def test_blank_lines_make_paragraphs():
    story = Story.from_text("One line\nwrapped here.\n\nSecond paragraph.\n\nThird.")
    assert story.layout == "blank-lines"
    assert [story.span_text(p.span) for p in story.paragraphs] == [
        "One line\nwrapped here.",
        "Second paragraph.",
        "Third.",
    ]


def test_hard_wrapped_text_without_blank_lines_splits_at_indents():
    story = Story.from_text(WRAPPED)
    assert story.layout == "wrapped"
    texts = [story.span_text(p.span) for p in story.paragraphs]
    assert len(texts) == 3
    assert texts[1].startswith("The hallway") and texts[2].startswith("Winston made")


def test_a_line_each_without_blank_lines():
    text = "Tom came in .\nHe sat down by the fire and looked at the long shadows on the wall for a while .\nMary laughed .\n"
    story = Story.from_text(text)
    assert story.layout == "lines"
    assert [story.span_text(p.span) for p in story.paragraphs] == [line for line in text.splitlines()]
    assert {s.paragraph for s in story.sentences} == {0, 1, 2}


# -- speakers ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings()


def test_said_verbs_before_and_after_and_inverted(settings):
    text = (
        "Mr. Darcy and Elizabeth walked in the garden.\n\n"
        "“It is a fine day,” said Mr. Darcy.\n\n"
        "Elizabeth replied, “It is.”\n\n"
        "“Shall we go in?” the old man asked."
    )
    got = speakers(analyze(text, settings).state)
    assert got[0] and "Darcy" in got[0]
    assert got[1] == "Elizabeth"
    assert got[2] is None or "Darcy" not in got[2]


def test_quote_never_takes_the_neighbouring_turns_attribution(settings):
    text = (
        "Holmes and Watson sat by the fire.\n\n"
        "“What do you make of it?” asked Holmes.\n\n"
        "“Very little.”\n\n"
        "“Then look again,” said Holmes."
    )
    got = speakers(analyze(text, settings).state)
    assert got[0] == "Holmes" and got[2] == "Holmes"
    assert got[1] != "Holmes"  # the turn between two of Holmes's turns is not his


def test_turn_taking_in_alternating_dialogue(settings):
    text = (
        "Anna met Peter at the gate.\n\n"
        "“Where were you?” Anna asked.\n\n"
        "“At the mill,” Peter answered.\n\n"
        "“All day?”\n\n"
        "“All day.”"
    )
    got = speakers(analyze(text, settings).state)
    assert got == ["Anna", "Peter", "Anna", "Peter"]


def test_vocative_names_the_next_speaker(settings):
    text = "Jane and Tom stood by the door.\n\n“Good morning, Jane,” said Tom.\n\n“Good morning.”"
    got = speakers(analyze(text, settings).state)
    assert got == ["Tom", "Jane"]


def test_dash_dialogue_speaker_on_the_next_sentence_line(settings):
    text = (
        "Buck Mulligan came from the stairhead .\nHe looked at Stephen .\n— Back to barracks !\n"
        "Mulligan said sternly .\n— Come up , Kinch !\n— Yes , Stephen said .\n"
    )
    ws = analyze(text, settings).state
    got = speakers(ws)
    assert len(got) == 3
    assert got[0] and "Mulligan" in got[0]


def test_dialogue_without_said_verbs_does_not_crash_or_guess_wildly(settings):
    text = "“Hello.”\n\n“Hi.”\n\n“Where to?”\n\n“Home.”"
    ws = analyze(text, settings).state
    assert len(ws.speeches) == 4
    assert all(sp.speaker is None for sp in ws.speeches)


def test_sentence_a_line_bare_quote_after_an_attributed_one_continues_its_speaker(settings):
    text = (
        "Holmes sat by the fire and Watson stood at the window .\n"
        "“ Good ! ” said Holmes .\n“ Excellent ! ”\n"
        "Watson turned round .\n“ I beg your pardon ? ”\n"
    )
    ws = analyze(text, settings).state
    assert ws.story.layout == "lines"
    got = speakers(ws)
    assert got[:2] == ["Holmes", "Holmes"]
    assert got[2] == "Watson"  # the subject of the narration just before it


def test_the_subject_of_the_narration_before_a_quote_speaks_it(settings):
    text = "The doctor looked at Anna for a long time.\n\nThe doctor shook his head. “You must rest now.”"
    got = speakers(analyze(text, settings).state)
    assert got[0] and "doctor" in got[0].lower()
