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
