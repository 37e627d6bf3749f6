"""``bench run state-questions``: the state_qa loader, its scoring protocol, --split, and a run end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldstate.bench.items import Item
from worldstate.bench.runner import RunOptions, run_benchmark
from worldstate.bench.state_questions import (
    find_phrase,
    is_right,
    load_state_questions,
    score_state_questions,
)
from worldstate.bench.tasks import get_task
from worldstate.config import Settings
from worldstate.errors import ConfigError, InputError

STORY = (
    "Once upon a time there lived a miller with his daughter Greta. One morning the miller gave Greta a golden "
    "ring. Then Greta went into the forest. In the forest lived an old wolf. The wolf took the ring from her and "
    "ran away. A hunter shot the wolf, and the wolf was dead. The hunter gave the ring to Greta. Greta went home."
)


def question(qid: str, kind: str, entity: str, anchor: str, answer: str, **more: object) -> dict[str, object]:
    return {"qid": qid, "story_id": "T:greta", "split": "tune", "kind": kind, "entity": entity, "anchor": anchor,
            "question": "?", "answer": answer, "accept": more.pop("accept", [answer]), **more}  # fmt: skip


QUESTIONS = [
    question("T-1", "holds", "the golden ring", "gave Greta a golden ring", "Greta", entity_aliases=["the ring"]),
    question("T-2", "location", "Greta", "Then Greta went into the forest", "in the forest"),
    question("T-3", "alive", "the wolf", "the wolf was dead", "no"),
    question("T-4", "alive", "the wolf", "In the forest lived an old wolf", "yes"),
    question("T-5", "relation", "Greta", "gave Greta a golden ring", "daughter", other="the miller"),
    question("T-6", "knows", "Greta", "Greta went home", "yes", fact="The hunter gave the ring to Greta"),
]
COUNT = question(
    "T-8", "relation", "the wolf", "Greta went home", "7", accept=["7", "seven"], other="sheep", count_noun="sheep"
)


def write_set(root: Path, questions: list[dict[str, object]], text: str = STORY) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    story = {"story_id": "T:greta", "source": "test", "text": text, "split": "tune"}
    (root / "stories.jsonl").write_text(json.dumps(story) + "\n", encoding="utf-8")
    (root / "questions.jsonl").write_text("".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8")
    return root


def test_the_loader_hides_the_answers(tmp_path: Path) -> None:
    items = load_state_questions(write_set(tmp_path / "qa", QUESTIONS))
    assert len(items) == 1 and items[0].split == "tune"
    seen = items[0].inputs["questions"]
    assert [q["qid"] for q in seen] == [q["qid"] for q in QUESTIONS]
    assert not any({"answer", "accept", "evidence", "note"} & set(q) for q in seen)
    assert seen[5]["fact"] == "The hunter gave the ring to Greta"  # the fact phrase is part of the question


def test_an_anchor_not_in_the_story_names_the_question(tmp_path: Path) -> None:
    bad = question("T-9", "alive", "the wolf", "the wolf danced a jig", "yes")
    with pytest.raises(InputError, match=r"T-9.*anchor"):
        load_state_questions(write_set(tmp_path / "qa", [*QUESTIONS, bad]))


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "qa").mkdir()
    with pytest.raises(InputError, match=r"stories\.jsonl"):
        load_state_questions(tmp_path / "qa")


def test_phrases_are_found_across_line_breaks_and_curly_quotes() -> None:
    text = "He said \u2018no\u2019 and went\n  home at once."
    assert find_phrase(text, "said 'no' and went home") == (3, 28)
    assert find_phrase(text, "went home twice") is None


@pytest.mark.parametrize(
    ("q", "answer", "right"),
    [
        (QUESTIONS[1], {"answer": "the dark forest"}, True),  # ends in the same head word
        (QUESTIONS[1], {"answer": "the castle"}, False),
        (QUESTIONS[1], {"answer": None}, False),
        (QUESTIONS[0], {"answer": "Greta", "names": ["Greta", "his daughter"]}, True),
        (QUESTIONS[0], {"answer": "the wolf", "names": ["the wolf"]}, False),
        (QUESTIONS[0], {"answer": "nobody"}, False),
        (question("T-7", "holds", "the ring", "Greta went home", "nobody"), {"answer": "nobody"}, True),
        (QUESTIONS[2], {"answer": "no"}, True),
        (QUESTIONS[2], {"answer": "yes"}, False),
        (QUESTIONS[2], {"answer": "no", "not_found": True}, False),  # an entity it cannot find is wrong
        (QUESTIONS[4], {"answer": [{"relation": "child_of", "other_names": ["the miller"]}]}, True),
        (QUESTIONS[4], {"answer": [{"relation": "parent_of", "other_names": ["the miller"]}]}, False),
        (QUESTIONS[4], {"answer": [{"relation": "child_of", "other_names": ["the wolf"]}]}, False),
        (COUNT, {"answer": "7"}, True),
        (QUESTIONS[5], {"answer": "yes"}, True),
        (QUESTIONS[5], {"error": "boom"}, False),
    ],
)
def test_the_protocol(q: dict[str, object], answer: dict[str, object], right: bool) -> None:
    assert is_right(q, answer) is right


def test_scores_by_kind_and_split() -> None:
    gold = {str(q["qid"]): q for q in QUESTIONS}
    items = [Item("a", {}, {"questions": gold}, split="tune"), Item("b", {}, {"questions": gold}, split="check")]
    right = {"answers": [{"qid": "T-3", "answer": "no"}, {"qid": "T-4", "answer": "yes"}]}
    metrics = score_state_questions(items, [right, None])  # a failed story: all its questions wrong
    assert metrics["questions"] == 12 and metrics["accuracy"] == pytest.approx(2 / 12)
    assert metrics["accuracy_alive"] == pytest.approx(0.5) and metrics["accuracy_holds"] == 0
    assert metrics["accuracy_tune"] == pytest.approx(2 / 6) and metrics["accuracy_check"] == 0


def test_a_run_answers_every_question_with_evidence(tmp_path: Path) -> None:
    data = write_set(tmp_path / "qa", QUESTIONS)
    options = RunOptions(progress=False, split="tune")
    doc = run_benchmark(get_task("state-questions"), data, tmp_path / "run", Settings(), options)
    record = json.loads((tmp_path / "run" / "predictions.jsonl").read_text(encoding="utf-8"))
    answers = {a["qid"]: a for a in record["prediction"]["answers"]}
    assert set(answers) == {q["qid"] for q in QUESTIONS}
    for a in answers.values():
        ev = a.get("evidence")
        if ev:  # every evidence span points into the story and quotes it
            start, end = ev["span"]
            assert STORY[start:end] == ev["quote"]
    assert answers["T-1"]["answer"] == "Greta" and answers["T-1"]["evidence"]["quote"]
    assert answers["T-3"]["answer"] == "no" and "wolf" in answers["T-3"]["evidence"]["quote"]
    assert doc["metrics"]["questions"] == 6 and {f"accuracy_{k}" for k in ("holds", "alive")} <= set(doc["metrics"])
    assert doc["metrics"]["accuracy"] >= 0.5
    assert doc["config"]["split"] == "tune"
    assert "always alive, never knows, nobody holds" in doc["baselines"]


def test_a_split_the_data_lacks_is_refused(tmp_path: Path) -> None:
    data = write_set(tmp_path / "qa", QUESTIONS)
    with pytest.raises(ConfigError, match=r"--split check.*tune"):
        run_benchmark(get_task("state-questions"), data, tmp_path / "run", Settings(), RunOptions(split="check"))


def test_the_development_set_loads(shared_data: Path) -> None:
    items = load_state_questions(shared_data / "state_qa")
    assert len(items) == 48 and sum(len(i.inputs["questions"]) for i in items) == 240
    assert {i.split for i in items} == {"tune", "check"}


def test_a_holder_is_found_by_a_kind_of_the_asked_thing_when_no_word_matches() -> None:
    from worldstate.analysis import analyze
    from worldstate.bench.state_questions import answer_question

    world = analyze("The king had a golden goblet. One day the soldier stole the goblet. Then he sat down.")
    cup = question("T-9", "holds", "the cup", "Then he sat down", "the soldier")
    assert answer_question(world, cup)["answer"] == "the soldier"  # a goblet is a kind of cup
    spoon = question("T-10", "holds", "the spoon", "Then he sat down", "nobody")
    assert answer_question(world, spoon)["answer"] == "nobody"
    cup_and_goblet = analyze("The king had a cup. The soldier stole a goblet. Then he sat down.")
    assert answer_question(cup_and_goblet, cup)["answer"] == "the king"  # the asked word first
