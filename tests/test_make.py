"""FlawedFictionsMaker: corpus readers, act split, facts, typed edits, patching, filters, output, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worldstate.cli.main import cli
from worldstate.config import Settings
from worldstate.detect.answers import ContinuityAnswer
from worldstate.errors import InputError
from worldstate.make.acts import split_acts
from worldstate.make.corpus import read_corpus, split_gutenberg, unwrap
from worldstate.make.edits import plan_edits
from worldstate.make.facts import mine_facts
from worldstate.make.judge import decide, layouts, lines_match
from worldstate.make.lexicon import load_lexicon
from worldstate.make.maker import MakeOptions, make_flawed
from worldstate.make.patch import apply_edits
from worldstate.resources.models import load_spacy
from worldstate.state import Story

STORY = """There was once a poor miller who had three sons. His wife died when the boys were small,
and Hans, the youngest son, missed her every day.

The miller lived in a little house by the river. One morning Hans said to his father, "Let me go
out into the world."

The poor miller gave him a crust of bread. Hans walked for many days until he came to a great
forest. There he met an old woman who asked him for bread, and Hans shared his crust with her.

"You have a kind heart," said the old woman. "Take this ring." Hans put the ring on his finger and
walked on.

The three sons of the poor miller had always been close. At home, the king said that he missed
Hans. The brothers waited for news.

At last Hans came to a castle where a princess lived. He showed her the ring, and she smiled. Hans
married the princess, and he sent for the poor miller and his brothers.

The three sons lived happily ever after, and the poor miller never went hungry again.
"""

GUTENBERG = """The Project Gutenberg EBook of Tales

*** START OF THIS PROJECT GUTENBERG EBOOK TALES ***


CONTENTS

     THE FIRST TALE
     THE SECOND TALE



THE FIRST TALE

Once upon a time there was a king
who had a daughter.

She was very fair.



THE SECOND TALE

A fox met a cat in the wood.



*** END OF THIS PROJECT GUTENBERG EBOOK TALES ***
"""


@pytest.fixture(scope="module")
def parsed() -> tuple[Story, object, object]:
    story = Story.from_text(unwrap(STORY))
    acts = split_acts(story)
    return story, acts, load_spacy()(story.text)


def facts_by_kind(parsed: tuple) -> dict[str, object]:
    story, acts, doc = parsed
    return {(f.kind, f.value): f for f in mine_facts(doc, story, acts, load_lexicon())}


def test_unwrap_joins_wrapped_lines_and_keeps_paragraphs() -> None:
    assert unwrap("a b\nc d\n\n\ne f\r\ng") == "a b c d\n\ne f g"


def test_gutenberg_collection_is_split_at_contents_titles() -> None:
    tales = split_gutenberg(GUTENBERG, "tales.txt")
    assert [t.title for t in tales] == ["The First Tale", "The Second Tale"]
    assert tales[0].text == "Once upon a time there was a king who had a daughter.\n\nShe was very fair."
    assert "END OF" not in tales[1].text


def test_fairytaleqa_csv_and_folder_reading(tmp_path: Path) -> None:
    (tmp_path / "a-tale-story.csv").write_text('section,text\n1,"One day\na fox came."\n2,"It left."\n', "utf-8")
    (tmp_path / "story_meta.csv").write_text("filename,origin\n", "utf-8")
    (tmp_path / "plain.txt").write_text("A plain story\nwrapped here.", "utf-8")
    stories = read_corpus(tmp_path)
    assert [s.id for s in stories] == ["a-tale", "plain"]
    assert stories[0].text == "One day a fox came.\n\nIt left."
    assert read_corpus(tmp_path, min_words=4)[0].id == "a-tale"


def test_bad_input_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_corpus(tmp_path / "missing")
    with pytest.raises(InputError, match=r"no \.txt"):
        read_corpus(tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("section,words\n1,x\n", "utf-8")
    with pytest.raises(InputError, match="'text' column"):
        read_corpus(bad)


def test_three_acts_are_ordered_and_cover_the_story(parsed: tuple) -> None:
    story, acts, _ = parsed
    assert 0 < acts.act2 < acts.act3 < acts.n_sentences == len(story.sentences)
    assert acts.act_of(0) == 1 and acts.act_of(acts.act2) == 2 and acts.act_of(acts.n_sentences - 1) == 3


def test_act1_facts_of_several_kinds(parsed: tuple) -> None:
    facts = facts_by_kind(parsed)
    assert facts[("attribute", "poor")].subject == "miller"
    assert facts[("attribute", "poor")].counterfactual == "rich"
    assert facts[("count", "three")].counterfactual == "two"
    assert facts[("name", "Hans")].counterfactual not in STORY
    assert facts[("alive", "dead")].subject == "the wife"
    story, acts, _ = parsed
    assert all(f.sentence < acts.act2 for f in facts.values())
    assert all(story.span_text(f.span).lower() in (f.value.lower(), "died") for f in facts.values())


def test_typed_edits_are_fluent_and_only_touch_acts_2_and_3(parsed: tuple) -> None:
    story, acts, doc = parsed
    lex = load_lexicon()
    facts = facts_by_kind(parsed)
    count = apply_edits(story, plan_edits(facts[("count", "three")], doc, story, acts, lex))
    assert count.changed_lines() == [
        "The two sons of the poor miller had always been close.",
        "The two sons lived happily ever after, and the poor miller never went hungry again.",
    ]
    attribute = apply_edits(story, plan_edits(facts[("attribute", "poor")], doc, story, acts, lex))
    assert "The rich miller gave him a crust of bread." in attribute.changed_lines()
    assert attribute.text.startswith("There was once a poor miller")  # Act 1 untouched
    name = facts[("name", "Hans")]
    renamed = apply_edits(story, plan_edits(name, doc, story, acts, lex))
    assert len(renamed.changed) == 1 and name.counterfactual in renamed.changed_lines()[0]
    revived = apply_edits(story, plan_edits(facts[("alive", "dead")], doc, story, acts, lex))
    assert len(revived.changed) == 1 and revived.changed_lines()[0].startswith("The wife ")
    for patched in (count, attribute, renamed, revived):
        for index, span in patched.changed:
            assert index >= acts.act2
            assert patched.text[span.start : span.end] in patched.changed_lines()


def test_lines_match_is_fuzzy_but_not_a_bare_substring() -> None:
    assert lines_match("The two sons lived happily.", "the two sons lived happily")
    assert lines_match(
        "The two sons of the miller had been close", "The two sons of the poor miller had always been close."
    )
    assert not lines_match("sons", "The two sons of the poor miller had always been close.")


def fake_judge(target: str, fail_layouts: int = 0):
    """A judge that flags ``target`` except on the first ``fail_layouts`` calls."""
    calls = {"n": 0}

    def judge(text: str) -> ContinuityAnswer:
        calls["n"] += 1
        found = calls["n"] > fail_layouts and target in text
        return ContinuityAnswer(has_error=found, error_lines=[target] if found else [])

    return judge


def test_filters_in_order() -> None:
    line = "The two sons lived happily ever after."
    text = "A. B. " + line
    assert decide([], text, (2, 4), fake_judge(line)).filter == "no-op"
    assert decide([line] * 6, text, (2, 4), fake_judge(line)).filter == "too-many-changes"
    assert decide([line], text, (2, 4), None).filter == "judge-unavailable"
    kept = decide([line], text, (2, 4), fake_judge(line))
    assert kept.kept and kept.votes == 4 and kept.samples == 4  # stops once 4 votes are in
    dropped = decide([line], text, (2, 4), fake_judge(line, fail_layouts=2))
    assert not dropped.kept and dropped.samples == 2  # 4 of 5 can no longer be reached
    assert len(layouts(STORY, (10, 20), 5)) == 5


def test_maker_writes_upstream_format_and_provenance(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "miller.txt").write_text(STORY, "utf-8")
    sources = read_corpus(tmp_path / "in")

    def judge(text: str) -> ContinuityAnswer:  # flags whatever differs from the original
        original = Story.from_text(sources[0].text)
        lines = [
            s for s in (Story.from_text(text).sentence_text(i) for i in range(len(Story.from_text(text).sentences)))
        ]
        changed = [s for s in lines if s not in original.text]
        return ContinuityAnswer(has_error=bool(changed), error_lines=changed)

    opts = MakeOptions(seed=3, with_negatives=True)
    made = make_flawed(sources, load_spacy(), judge, Settings(), opts)
    paths = made.write(tmp_path / "out")
    rows = [json.loads(line) for line in paths["flawed"].read_text("utf-8").splitlines()]
    assert {r["cont_error"] for r in rows} == {"1.0", "0.0"}
    for row in rows:
        assert set(row) == {
            "story",
            "cont_error",
            "cont_error_expl",
            "cont_error_lines",
            "contradicted_lines",
            "example_id",
        }
        if row["cont_error"] == "1.0":
            for line in row["cont_error_lines"].split("\n"):
                assert line in row["story"]
            assert row["contradicted_lines"] in row["story"]
        else:
            assert row["cont_error_lines"] == "NA" and row["story"] == sources[0].text
    provenance = [json.loads(line) for line in paths["provenance"].read_text("utf-8").splitlines()]
    kept = [p for p in provenance if p["kept"]]
    assert len(kept) == 1 and kept[0]["filter"] == "judge" and kept[0]["votes"] >= 4
    for change in kept[0]["changed"]:
        positive = next(r for r in rows if r["example_id"] == kept[0]["example_id"])
        assert positive["story"][change["span"][0] : change["span"][1]] == change["text"]
    again = make_flawed(sources, load_spacy(), judge, Settings(), opts)
    assert [i.example_id for i in again.filtered] == [i.example_id for i in made.filtered]


def test_cli_make_flawed_without_judge(tmp_path: Path) -> None:
    story = tmp_path / "miller.txt"
    story.write_text(STORY, "utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli, ["make-flawed", str(story), "--out", str(out), "--judge", "none", "--min-words", "10"]
    )
    assert result.exit_code == 0, result.output
    unfiltered = [json.loads(x) for x in (out / "flawed_unfiltered.jsonl").read_text("utf-8").splitlines()]
    assert len(unfiltered) == 1 and unfiltered[0]["cont_error"] == "1.0"
    assert (out / "flawed.jsonl").read_text("utf-8") == ""
    bad = CliRunner().invoke(cli, ["make-flawed", str(tmp_path / "nope"), "--out", str(out)])
    assert bad.exit_code == 2 and "no such file" in bad.output


def test_gutenberg_corpora_split_into_tales(shared_data: Path) -> None:
    grimm = read_corpus(shared_data / "corpora" / "gutenberg" / "2591.txt", min_words=150)
    titles = [t.title for t in grimm]
    assert len(grimm) >= 55 and "The Golden Bird" in titles and "Rapunzel" in titles
    assert all("GUTENBERG" not in t.text for t in grimm[:-1])
    ftqa = read_corpus(shared_data / "corpora" / "fairytaleqa" / "stories")
    assert len(ftqa) == 80


def test_lexicon_curated_pairs_win_and_idioms_are_never_flipped() -> None:
    lex = load_lexicon()
    assert lex.attributes["poor"] == "rich" and lex.attributes["old"] == "young"
    assert "ill" not in lex.attributes and "only" not in lex.attributes
    assert len(lex.attributes) > 100  # the reasoner's WordNet antonyms are merged in when installed
    assert lex.number_word(2) == "two"


def test_hyphenated_place_nouns_are_not_moved() -> None:
    story = Story.from_text(
        "The girl lived in a house by the sea. She swept the house. She was happy there.\n\n"
        "Later she went to the milk-house for milk. Then she came back to the house and slept."
    )
    acts = split_acts(story)
    doc = load_spacy()(story.text)
    lex = load_lexicon()
    house = next(f for f in mine_facts(doc, story, acts, lex) if f.kind == "location" and f.value == "house")
    patched = apply_edits(story, plan_edits(house, doc, story, acts, lex))
    assert "milk-house" in patched.text and "back to the castle" in patched.text


def test_impact_scores_from_the_world_state(parsed: tuple) -> None:
    from worldstate.analysis import analyze
    from worldstate.make.scoring import dependent_sentences, impact_score

    story, acts, doc = parsed
    ws = analyze(story.text).state
    hans = facts_by_kind(parsed)[("name", "Hans")]
    with_ws = dependent_sentences(hans, doc, story, acts, ws)
    assert with_ws and all(i >= acts.act2 for i in with_ws)
    assert (
        impact_score(0, 10) == 1 and impact_score(2, 20) == 2 and impact_score(4, 10) == 3 and impact_score(8, 10) == 4
    )
