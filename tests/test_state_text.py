from worldstate.state import Span, Story
from worldstate.state.text import normalise_text


def test_sentences_have_stable_offsets():
    raw = 'Once there was a king. He had three sons!\n\n"Who is there?" asked the queen. Nobody answered.'
    story = Story.from_text(raw)
    texts = [story.sentence_text(i) for i in range(len(story.sentences))]
    assert texts == [
        "Once there was a king.",
        "He had three sons!",
        '"Who is there?" asked the queen.',
        "Nobody answered.",
    ]
    assert [s.paragraph for s in story.sentences] == [0, 0, 1, 1]
    for s in story.sentences:
        assert story.text[s.span.start : s.span.end] == story.sentence_text(s.index)


def test_html_is_turned_into_text_with_source_offsets():
    raw = "<p>The tea was hot.</p><p>Tom &amp; Ann drank it.<br>It was cold.</p>"
    story = Story.from_text(raw)
    assert "<" not in story.text
    assert "Tom & Ann drank it." in story.text
    span = story.find("It was cold.")
    assert span is not None
    raw_start = story.source_offset(span.start)
    assert raw[raw_start : raw_start + len("It was cold.")] == "It was cold."
    assert story.sentence_text(0) == "The tea was hot."


def test_plain_text_is_unchanged_and_crlf_keeps_length():
    text, mapping = normalise_text("A b.\r\nC d.")
    assert mapping == []
    assert len(text) == len("A b.\r\nC d.")


def test_long_unpunctuated_text_is_cut_into_bounded_sentences():
    story = Story.from_text("word " * 5000)
    assert len(story.sentences) > 1
    assert all(len(s.span) <= 2000 for s in story.sentences)


def test_chinese_is_detected_and_split():
    story = Story.from_text("小胖熊是学生。他喜欢唱歌！他走到哪儿就唱到哪儿。")
    assert story.language == "zh"
    assert len(story.sentences) == 3


def test_span_validation():
    assert len(Span(2, 5)) == 3
    assert Span(0, 3).overlaps(Span(2, 4))
    try:
        Span(3, 1)
    except ValueError:
        pass
    else:
        raise AssertionError("a reversed span must be rejected")


WRAPPED = (
    "Elizabeth had been obliged to stand up for two dances, and during part\n"
    "of that time Mr. Darcy had been standing near enough for her to hear a\n"
    "conversation between him and Mr. Bingley, who came from the dance for a\n"
    "few minutes to press his friend to join it; and soon after she heard it\n"
    "said by Mr.\n"
    "Darcy that he would ride on the morrow to\n"
    "London. His sister went with him.\n"
    "and the house was quiet.\n"
    "\n"
    "Next morning the rain began."
)


def test_a_wrapping_line_break_is_a_space_and_keeps_offsets():
    from worldstate.state.text import unwrap_lines

    flat = unwrap_lines(WRAPPED)
    assert len(flat) == len(WRAPPED)
    assert "during part of that time Mr. Darcy" in flat and "said by Mr. Darcy" in flat
    assert "morrow to London." in flat
    assert "London. His sister went with him.\nand the house" in flat  # a line that ends a sentence stays
    assert "quiet.\n\nNext" in flat  # a blank line stays
    assert unwrap_lines("one\n\ntwo") == "one\n\ntwo"


def test_hard_wrapped_lines_starting_with_a_capital_do_not_end_a_sentence():
    story = Story.from_text(WRAPPED)
    sentences = [story.sentence_text(i) for i in range(len(story.sentences))]
    assert [s.split()[0] for s in sentences] == ["Elizabeth", "His", "and", "Next"]
    assert sentences[0].endswith("morrow to\nLondon.")
    assert "Mr. Darcy" in Story.from_text("He saw Mr. Darcy and Dr. Jones. They left.").sentence_text(0)
