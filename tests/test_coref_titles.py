"""A title whose dot the tokenizer split off ("MR. McGREGOR", as a paragraph's capitalised first words are
printed) still belongs to its name: "MR. McGREGOR" and "MRS. McGREGOR" are two people of two genders."""

from __future__ import annotations

from worldstate.config import Settings
from worldstate.extract.coref.resolver import rule_pass
from worldstate.state import MentionKind


def _names(text: str) -> dict[str, str]:
    """Name mention text → the gender of the rule entity it went to."""
    from worldstate.extract.builder import parse
    from worldstate.state import Story

    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    res = rule_pass(doc, story.text)
    return {
        info.mention.text: res.ents[info.mention.entity].entity.gender
        for info in res.infos
        if info.mention.kind == MentionKind.NAME and info.mention.entity
    }


def test_a_split_title_joins_its_name_and_gives_its_gender() -> None:
    names = _names("MR. McGREGOR tied up the sack. Later MRS. McGREGOR untied the sack and looked inside.")
    assert names.get("MR. McGREGOR") == "male"
    assert names.get("MRS. McGREGOR") == "female"
    assert "MR" not in names and "MRS" not in names


def test_a_title_with_its_dot_is_read_as_before() -> None:
    names = _names("Mr. Hall came in. Mrs. Hall was at the door.")
    assert names.get("Mr. Hall") == "male"
    assert names.get("Mrs. Hall") == "female"
