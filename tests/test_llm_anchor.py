"""Re-anchoring quotes to spans: exact, normalised, fuzzy, elided; short or absent quotes refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldstate.detect.llm import anchor_quote

STORY = (
    "Anna opened the \u201cred\u201d door.  She saw the  Wolf sleeping by the fire \u2014 quietly.\n"
    "Then she ran home to her mother, who was baking bread in the old stone oven."
)


def text_of(quote: str) -> str | None:
    span = anchor_quote(STORY, quote)
    return None if span is None else STORY[span.start : span.end]


def test_exact_match() -> None:
    assert text_of("She saw the  Wolf sleeping") == "She saw the  Wolf sleeping"


def test_normalised_case_space_and_quote_marks() -> None:
    assert text_of('"anna opened the "red" door."') == "Anna opened the \u201cred\u201d door."
    assert text_of("she saw the wolf sleeping by the fire - quietly") == (
        "She saw the  Wolf sleeping by the fire \u2014 quietly"
    )


def test_fuzzy_match_of_a_lightly_edited_sentence() -> None:
    got = text_of("Then she ran home to her mother, who was baking bread in the old oven.")
    assert got == "Then she ran home to her mother, who was baking bread in the old stone oven."


def test_elided_quote_spans_both_pieces() -> None:
    got = text_of("Then she ran home ... baking bread in the old stone oven")
    assert got == "Then she ran home to her mother, who was baking bread in the old stone oven"


@pytest.mark.parametrize(
    "quote",
    ["the", "Wolf", "", "   ", "The dragon flew over the mountains at dawn.", "Anna closed the blue window."],
)
def test_short_or_absent_quotes_are_refused(quote: str) -> None:
    assert anchor_quote(STORY, quote) is None


def test_fuzzy_can_be_disabled() -> None:
    edited = "Then she ran home to her mother, who was baking bread in the old oven."
    assert anchor_quote(STORY, edited, threshold=1.0) is None


def test_constory_judge_quotes_anchor_to_matching_text(shared_data: Path) -> None:
    """Anchor an LLM judge's quotes on real ConStory stories; every span found must match closely."""
    pd = pytest.importorskip("pandas")
    from difflib import SequenceMatcher

    frame = pd.read_csv(shared_data / "constory" / "judge_gpt-4o-mini-stories_by_gpt-4o-mini.csv")
    columns = [c for c in frame.columns if c.startswith(("characterization_", "factual_detail_", "timeline_plot_"))]
    total = exact = anchored = 0
    for _, row in frame.head(12).iterrows():
        story = str(row["generated_story"])
        for column in columns:
            try:
                errors = json.loads(row[column]) if isinstance(row[column], str) else []
            except json.JSONDecodeError:
                continue
            for error in errors:
                quote = str(error.get("exact_quote") or "").strip()
                if len(quote) < 20:
                    continue
                total += 1
                exact += quote in story
                span = anchor_quote(story, quote)
                if span is None:
                    continue
                anchored += 1
                found = story[span.start : span.end].lower()
                assert SequenceMatcher(None, found, quote.lower()).ratio() >= 0.8, (quote, found)
    assert total > 10
    assert anchored >= exact  # never worse than exact matching, and every hit is close text


def test_fuzzy_fragment_inside_a_long_sentence() -> None:
    story = (
        "Long ago, when the river still ran backwards through the valley and the millers of three villages "
        "quarrelled every spring over the water, the old woman kept a silver key hidden in the hollow oak tree "
        "beside the crossroads, and she told nobody where it was."
    )
    span = anchor_quote(story, "the old woman kept a silver key hidden in the hollow oak beside the crossroads")
    assert span is not None
    assert story[span.start : span.end] == (
        "the old woman kept a silver key hidden in the hollow oak tree beside the crossroads"
    )
