"""A he/she opening its sentence as subject carries on the subject of the sentence before
(``extract/coref/previous_subject.py``): "A huntsman stood beside the path … He had waited …" is the
huntsman, not the last "he" of the miller met before him; the mention ranker keeps to it."""

from __future__ import annotations

import numpy as np
import pytest

from worldstate.config import Settings
from worldstate.extract.coref import ranker
from worldstate.extract.coref.features import FEATURE_NAMES, MentionTable
from worldstate.extract.coref.previous_subject import main_subject, previous_subjects
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions

STORY = (
    "The miller walked to the mill. He carried a sack of corn on his back. "
    "A huntsman stood beside the path and watched the road. He had waited there for three days."
)


def _table(text: str) -> MentionTable:
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.extract.speech import mark_quoted_tokens
    from worldstate.state import Story
    from worldstate.state.quotes import find_quotes

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    mark_quoted_tokens(doc, find_quotes(story))
    return mention_table(rule_pass(doc, story.text))


def _index(table: MentionTable, text: str, nth: int = 0) -> int:
    found = [i for i, info in enumerate(table.infos) if info.mention.text == text]
    return found[nth]


def test_the_main_subject_of_a_sentence_is_found() -> None:
    table = _table(STORY)
    third = [i for i in range(len(table.infos)) if int(table.sentence[i]) == 2]
    assert main_subject(table, third) == _index(table, "A huntsman")


def test_a_sentence_opening_he_carries_on_the_subject_before_it() -> None:
    table = _table(STORY)
    carried = previous_subjects(table)
    assert carried[_index(table, "He", 1)] == _index(table, "A huntsman")
    assert carried[_index(table, "He")] == _index(table, "The miller")


def test_the_ranker_links_it_to_that_subject_and_the_chain_follows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ranker, "PREVIOUS_SUBJECT", True)  # off by default (see its comment); tested switched on
    table = _table(STORY + " His dog lay at his feet.")
    width = len(FEATURE_NAMES)
    pronouns = RankerModel(np.zeros((width, 1)), np.zeros(1), np.zeros(1), -10.0, 0.3, {})  # links nothing itself
    out = cluster_mentions(table, pronouns)
    assert out[_index(table, "He", 1)] == out[_index(table, "A huntsman")]
    assert out[_index(table, "He")] == out[_index(table, "The miller")]
    assert out[_index(table, "He", 1)] != out[_index(table, "The miller")]


def test_other_gender_things_rivals_no_one_and_later_openings_take_nothing() -> None:
    table = _table("The old woman baked bread. He came to the door. The wind blew hard. He shut the door.")
    assert previous_subjects(table) == {}
    table = _table("The king rode out. Then the queen said that he was late.")
    assert previous_subjects(table) == {}  # "the queen" opens the sentence, not "he"
    table = _table("The surgeon put the child in her arms. She smiled at it.")
    assert previous_subjects(table) == {}  # a surgeon of no known gender, and a "her" before: she is that one
    table = _table("The next morning a boy knocked at the door and woke him. He got up slowly.")
    assert previous_subjects(table) == {}  # an object "him" before: he is that one, not the boy
    table = _table("No one came to the door. He waited a long time.")
    assert previous_subjects(table) == {}
