"""The timeline rules for planted errors of roles, places and lost parts: each proves its clash with both
sentences on a short story, and stays quiet on the same story told without the slip."""

from __future__ import annotations

import pytest

from worldstate.analysis import analyze
from worldstate.reason.timeline import check_timeline


def _found(text: str, rule: str) -> list[tuple[tuple[str, int], ...]]:
    return [
        tuple((e.role, e.sentence) for e in f.evidence)
        for f in check_timeline(analyze(text), all_rules=True)
        if f.rule == rule
    ]


SHOEMAKER = (
    "There was once a shoemaker, who worked very hard. "  # 0
    "He had a good wife. "  # 1
    "One night the poor shoemaker went to bed early. "  # 2
    "In the morning the shoemaker found the shoes ready on his bench. "  # 3
    "The shoemaker sold them for a good price. "  # 4
    "The thought pleased the good {trade} very much. "  # 5
    "He bought more leather and worked on."  # 6
)


def test_role_stable_finds_a_second_trade_for_one_character() -> None:
    assert _found(SHOEMAKER.format(trade="tailor"), "timeline.role-stable") == [(("error", 5), ("contradicted", 0))]
    finding = next(
        f for f in check_timeline(analyze(SHOEMAKER.format(trade="tailor"))) if f.rule.endswith("role-stable")
    )
    assert "shoemaker" in finding.explanation and "tailor" in finding.explanation


@pytest.mark.parametrize(
    "text",
    [
        SHOEMAKER.format(trade="shoemaker"),  # the same trade
        SHOEMAKER.format(trade="cobbler"),  # another name of the same trade
        SHOEMAKER.replace("the good {trade}", "the landlord"),  # a bare "the landlord": someone met in passing
        SHOEMAKER.replace("The thought pleased the good {trade} very much. ", "He went to the tailor's. "),
        SHOEMAKER.replace("The thought pleased the good {trade} very much. ", "A tailor came by. The tailor laughed. "),
    ],
)
def test_role_stable_leaves_shops_and_introduced_people_alone(text: str) -> None:
    assert _found(text, "timeline.role-stable") == []


COLLAR = (
    "The collar lay in the washing-tub all night. "  # 0
    "In the morning it was taken out of the washing-tub. "  # 1
    "It was starched and dried in the sun. "  # 2
    "Then the iron came and pressed it. "  # 3
    "The collar, which still lay soaking in the washing-tub, was a little jagged at the edge."  # 4
)


def test_still_there_finds_a_thing_still_where_it_was_taken_from() -> None:
    assert _found(COLLAR, "timeline.still-there") == [(("error", 4), ("contradicted", 1))]


def test_still_there_needs_no_going_back_and_a_taking_out() -> None:
    back = COLLAR.replace("Then the iron came and pressed it.", "Then the maid put it into the washing-tub again.")
    assert _found(back, "timeline.still-there") == []
    never_out = COLLAR.replace("it was taken out of the washing-tub", "the maid looked at it")
    assert _found(never_out, "timeline.still-there") == []


SULTAN = (
    "Old Sultan was a faithful dog. "  # 0
    "Sultan had lost all his teeth. "  # 1
    "The wolf came to the wood. "  # 2
    "Sultan showed the wolf his strong white teeth."  # 3
)


def test_lost_part_used_finds_a_lost_part_in_use() -> None:
    assert _found(SULTAN, "timeline.lost-part-used") == [(("error", 3), ("contradicted", 1))]


def test_lost_part_used_allows_a_part_given_back_and_another_owner() -> None:
    stretched = SULTAN.replace("had lost all his teeth", "put out his hand").replace("teeth.", "hand.")
    assert _found(stretched, "timeline.lost-part-used") == []  # "put out his hand" stretches it
    back = SULTAN.replace("The wolf came to the wood.", "The fairy gave Sultan his teeth back.")
    assert _found(back, "timeline.lost-part-used") == []
    kept = SULTAN.replace("had lost all his teeth", "had kept all his teeth")
    assert _found(kept, "timeline.lost-part-used") == []
    other = SULTAN.replace(
        "Sultan showed the wolf his strong white teeth.", "Sultan saw the wolf's strong white teeth."
    )
    assert _found(other, "timeline.lost-part-used") == []


SWINEHERD = (
    "The prince came to the palace dressed as a swineherd. "  # 0
    "No one knew that he was other than a poor swineherd. "  # 1
    "He worked every day. "  # 2
    "The princess kissed the swineherd for a rattle. "  # 3
    "The emperor was angry, for he had known {when} that his swineherd was the prince."  # 4
)


def test_known_all_along_contradicts_a_told_ignorance() -> None:
    found = _found(SWINEHERD.format(when="from the first"), "timeline.known-all-along")
    assert found == [(("error", 4), ("contradicted", 1))]


def test_known_all_along_needs_the_start_and_a_shared_thing() -> None:
    assert _found(SWINEHERD.format(when="by then"), "timeline.known-all-along") == []  # learnt on the way
    other = SWINEHERD.format(when="from the first").replace("that his swineherd was the prince", "that it would rain")
    assert _found(other, "timeline.known-all-along") == []


MATCH_GIRL = (
    "It was bitterly cold, and evening, the last evening of the year. "  # 0
    "A poor little girl walked along the street. "  # 1
    "She carried matches in an old apron. "  # 2
    "The candles were gleaming in the windows, for it was {day}."  # 3
)


def test_day_stable_finds_one_evening_named_two_days() -> None:
    found = _found(MATCH_GIRL.format(day="Christmas Eve"), "timeline.day-stable")
    assert found == [(("error", 3), ("contradicted", 0))]


def test_day_stable_allows_the_same_day_a_day_passing_and_speech() -> None:
    assert _found(MATCH_GIRL.format(day="New Year's Eve"), "timeline.day-stable") == []
    passed = MATCH_GIRL.format(day="Christmas Eve").replace("She carried", "A week later she carried")
    assert _found(passed, "timeline.day-stable") == []
    spoken = MATCH_GIRL.format(day="Christmas Eve").replace(
        "for it was Christmas Eve.", 'and she said, "Last Christmas Eve I had a goose."'
    )
    assert _found(spoken, "timeline.day-stable") == []
