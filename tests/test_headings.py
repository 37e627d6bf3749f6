"""Chapter headings are cut off from the sentence that follows them (issue 15, part 3)."""

from __future__ import annotations

import pytest

from worldstate.state import Story
from worldstate.state.headings import heading_end, is_heading


def _split(line: str) -> tuple[str, str]:
    cut = heading_end(line, 0, len(line))
    return line[:cut].strip(), line[cut:].strip()


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        ("CHAPTER I. Down the Rabbit-Hole Alice was beginning to get very tired", "CHAPTER I. Down the Rabbit-Hole"),
        ("CHAPTER I THERE IS NO ONE LEFT When Mary Lennox was sent", "CHAPTER I THERE IS NO ONE LEFT"),
        ("Chapter 1 Sir Walter Elliot , of Kellynch Hall , was a man", "Chapter 1"),
        (
            "CHAPTER I DESCRIPTION OF FARMER OAK -- AN INCIDENT When Farmer Oak smiled",
            "CHAPTER I DESCRIPTION OF FARMER OAK -- AN INCIDENT",
        ),
        ("CHAPTER I IN WHICH I THROW AMBS-ACE THE work of the day being over", "CHAPTER I IN WHICH I THROW AMBS-ACE"),
        ("CHAPTER I Chiswick Mall While the present century was in its teens", "CHAPTER I Chiswick Mall"),
        ("Chapter I Out to Sea I had this story from one", "Chapter I Out to Sea"),
        ("VOLUME I CHAPTER I Emma Woodhouse , handsome , clever", "VOLUME I CHAPTER I"),
        ("CHAPTER ONE PLAYING PILGRIMS \" Christmas wo n't be Christmas", "CHAPTER ONE PLAYING PILGRIMS"),
        ("I The Old Pyncheon Family HALFWAY down a by-street", "I The Old Pyncheon Family"),
        ("I A STRANGER FROM SOUTH CAROLINA Time touches all things", "I A STRANGER FROM SOUTH CAROLINA"),
    ],
)
def test_a_heading_is_cut_before_the_first_sentence(line: str, heading: str) -> None:
    assert _split(line)[0] == heading


@pytest.mark.parametrize(
    "line",
    [
        "I THINK so , said he .",
        "I had a little nut tree .",
        "Part of the town lay under water .",
        "Chapter and verse were quoted .",
        "CHAPTER I .",  # a heading alone: nothing after it to cut off
    ],
)
def test_text_that_is_no_heading_is_left_whole(line: str) -> None:
    assert heading_end(line, 0, len(line)) == 0


def test_a_heading_is_a_paragraph_and_sentence_of_its_own() -> None:
    text = "CHAPTER I. Down the Rabbit-Hole Alice was beginning to get tired .\nSo she was considering .\n"
    story = Story.from_text(text)
    paragraphs = [story.span_text(p.span) for p in story.paragraphs]
    sentences = [story.span_text(s.span) for s in story.sentences]
    assert paragraphs[:2] == ["CHAPTER I. Down the Rabbit-Hole", "Alice was beginning to get tired ."]
    assert sentences[0] == "CHAPTER I. Down the Rabbit-Hole"
    assert sentences[1].startswith("Alice")


def test_a_title_after_a_label_line_is_cut_too() -> None:
    text = (
        "CHAPTER I .\nTHE TWO POETS OF SAFFRON PARK THE suburb of Saffron Park lay on the sunset side .\nIt was red .\n"
    )
    story = Story.from_text(text)
    paragraphs = [story.span_text(p.span) for p in story.paragraphs]
    assert paragraphs[:3] == [
        "CHAPTER I .",
        "THE TWO POETS OF SAFFRON PARK",
        "THE suburb of Saffron Park lay on the sunset side .",
    ]
    assert is_heading("CHAPTER I .") and not is_heading("CHAPTER I. Down the Rabbit-Hole Alice was")


def test_wrapped_heading_lines_are_their_own_paragraphs() -> None:
    text = "CHAPTER I.\nDown the Rabbit-Hole\nAlice was beginning to get very tired of sitting by her sister.\n"
    cut = heading_end(text, 0, len(text))
    assert text[cut:].startswith("Alice")
