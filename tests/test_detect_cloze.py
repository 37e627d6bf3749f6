"""Cloze heads: Story Cloze model (fit/predict/save/load, CV), LOT ClozeT and SenPos."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from written import rejects_bad_and_missing

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.detect.answers import ChoiceAnswer
from worldstate.detect.cloze import (
    ClozeModel,
    choose_ending,
    choose_plot,
    choose_position,
    cross_validate,
    default_model_path,
    load_story_cloze_csv,
    with_llm,
)
from worldstate.detect.cloze.chinese import MASK_SLOT
from worldstate.detect.cloze.features import ClozeItem, new_names, pronoun_mismatch
from worldstate.detect.llm import Verdict
from worldstate.detect.words import has_negation
from worldstate.errors import ConfigError, InputError
from worldstate.state.text import split_text

SETTINGS = Settings()
ZH_STORY = (
    "小明是一个喜欢画画的男孩。他每天放学后都去公园画画。有一天，他在公园里遇到了一只受伤的小鸟。"
    "小明把小鸟带回家，细心地照顾它。几天以后，小鸟的伤好了。小明在公园里把小鸟放飞了。"
)


@pytest.fixture(scope="module")
def cloze_items(shared_data: Path) -> list[ClozeItem]:
    return load_story_cloze_csv(shared_data / "story_cloze" / "cloze_test_val_spring2016.csv")


def test_feature_helpers() -> None:
    assert has_negation("He didn't go to the party.") == 1.0
    assert has_negation("He went to the party.") == 0.0
    assert new_names("Tom went home.", "Then Mary called Tom.") == 1.0
    assert pronoun_mismatch("Tom went home. He slept.", "She was happy.") == 1.0
    assert pronoun_mismatch("Tom went home. He slept.", "He was happy.") == 0.0


def test_loader_reads_official_csv(cloze_items: list[ClozeItem]) -> None:
    assert len(cloze_items) == 1871
    assert all(len(it.context) == 4 and len(it.endings) == 2 and it.answer in (0, 1) for it in cloze_items)


def test_loader_rejects_bad_file(tmp_path: Path) -> None:
    rejects_bad_and_missing(load_story_cloze_csv, InputError, tmp_path / "bad.csv", "a,b\n1,2\n", "missing columns")


def test_fit_predict_save_load(cloze_items: list[ClozeItem], tmp_path: Path) -> None:
    train, test = cloze_items[:240], cloze_items[240:300]
    model = ClozeModel(settings=SETTINGS, cross_epochs=0).fit(train)
    accuracy = sum(p == it.answer for p, it in zip(model.predict_many(test), test, strict=True)) / len(test)
    assert accuracy >= 0.6  # well above chance even from 240 training items
    path = model.save(tmp_path / "m" / "cloze.npz")
    loaded = ClozeModel.load(path, SETTINGS)
    answer = loaded.choose(test[0])
    assert answer.choice in (0, 1) and len(answer.scores) == 2 and 0.5 <= answer.confidence <= 1.0
    assert answer.choice == model.choose(test[0]).choice


def test_cross_validate_reports_folds(cloze_items: list[ClozeItem]) -> None:
    result = cross_validate(cloze_items[:180], k=3, seed=0, settings=SETTINGS, cross_epochs=0)
    assert result["k"] == 3 and len(result["folds"]) == 3
    assert 0.5 < float(result["accuracy"]) <= 1.0


def _toy_cloze_items() -> list[ClozeItem]:
    """Small hand-written items (no benchmark data needed): the right ending follows the context."""
    stories = [
        (["Ann baked bread.", "She let it cool."], ["She ate a slice.", "She sold her car."]),
        (["Tom lost his keys.", "He searched the house."], ["He found them in his coat.", "He learned to fly."]),
        (["It rained all day.", "The river rose."], ["The road flooded.", "The desert stayed dry."]),
        (["Mia studied hard.", "The exam was on Monday."], ["She passed the exam.", "She adopted a whale."]),
        (["The dog was hungry.", "Its bowl was empty."], ["Ben filled the bowl.", "The moon sang loudly."]),
        (["Sam planted seeds.", "He watered them daily."], ["Flowers grew in spring.", "He forgot his name."]),
    ]
    items = []
    for n, (context, (right, wrong)) in enumerate(stories):
        items.append(ClozeItem(context, [right, wrong] if n % 2 == 0 else [wrong, right], 0 if n % 2 == 0 else 1))
    return items


def test_cross_encoder_trains_saves_and_loads(tmp_path: Path) -> None:
    items = _toy_cloze_items()
    first = ClozeModel(settings=SETTINGS, cross_epochs=1).fit(items)
    again = ClozeModel(settings=SETTINGS, cross_epochs=1).fit(items)
    assert first.cross is not None
    diffs = first.cross.score_differences(items)
    assert diffs.shape == (len(items),) and np.isfinite(diffs).all()
    assert np.array_equal(diffs, again.cross.score_differences(items))  # seeded: the same model twice
    loaded = ClozeModel.load(first.save(tmp_path / "cloze.npz"), SETTINGS)
    assert loaded.cross is not None
    np.testing.assert_allclose(loaded.ending_scores(items), first.ending_scores(items), rtol=1e-5, atol=1e-5)
    without = ClozeModel(settings=SETTINGS, cross_epochs=0).fit(items)
    assert without.cross is None and ClozeModel.load(without.save(tmp_path / "plain.npz"), SETTINGS).cross is None


def test_missing_model_and_bad_input(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"bench tune story-cloze"):
        ClozeModel.load(tmp_path / "none.npz")
    with pytest.raises(ConfigError, match="not trained"):
        ClozeModel().choose(ClozeItem(["A sentence."], ["One.", "Two."]))
    with pytest.raises(InputError, match="two non-empty endings"):
        ClozeModel().fit([ClozeItem(["A."], ["only one"], 0)])
    assert default_model_path(Settings(cache_dir=str(tmp_path))) == tmp_path / "tuned" / "story-cloze" / "model.npz"


def test_choose_position_and_plot_answer_shapes() -> None:
    sents = split_text(ZH_STORY)
    assert len(sents) == 6
    story = sents[0] + sents[1] + MASK_SLOT + sents[2] + MASK_SLOT + sents[4] + MASK_SLOT + sents[5]
    answer = choose_position(_parsed(story), _parsed(sents[3]))
    assert len(answer.scores) == 3 and answer.choice in range(3)
    masked = "".join(sents[:4]) + "<mask>" + sents[5]
    plot = choose_plot(_parsed(masked), [_parsed(sents[4]), _parsed("月亮上住着一位老奶奶。")])
    assert plot.choice == 0 and len(plot.scores) == 2
    with pytest.raises(InputError):
        choose_position(_parsed("没有空位的故事。"), _parsed("句子。"))
    with pytest.raises(InputError):
        choose_plot(_parsed(ZH_STORY), [_parsed("甲。"), _parsed("乙。")])


def _parsed(text: str):
    """A task input analysed as the heads receive it (parse layer only)."""
    return analyze(text, SETTINGS, layers="parse")


def test_choose_ending_reads_the_analysed_story(tmp_path: Path) -> None:
    """The Story Cloze head takes the story and endings as Worlds: the context is the World's sentence split."""
    model = ClozeModel(settings=SETTINGS, cross_epochs=0).fit(_toy_cloze_items())
    world = _parsed("Tom lost his keys.\n\nHe searched the house.")
    answer = choose_ending(world, [_parsed("He learned to fly."), _parsed("He found them in his coat.")], model=model)
    direct = model.choose(
        ClozeItem(
            ["Tom lost his keys.", "He searched the house."], ["He learned to fly.", "He found them in his coat."]
        )
    )
    assert world.sentences == ["Tom lost his keys.", "He searched the house."]
    assert answer.choice == direct.choice == 1 and answer.scores == direct.scores


class _FakeAdjudicator:
    def __init__(self, data: dict | None) -> None:
        self.data = data

    def should_ask(self, confidence: float) -> bool:
        return confidence < 0.9

    def ask(self, task: str, story: str, **variables: object) -> Verdict | None:
        assert task == "cloze" and variables["options"]
        return None if self.data is None else Verdict(task, self.data)

    def degraded_note(self) -> str:
        return "LLM gave no answer"


def test_llm_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    import worldstate.detect.llm as llm

    offline = ChoiceAnswer(confidence=0.6, choice=0, scores=[0.2, 0.1])
    on = Settings(llm_mode="uncertain")
    monkeypatch.setattr(llm, "get_adjudicator", lambda settings: _FakeAdjudicator({"answer_index": 1}))
    assert with_llm(offline, "story", ["a", "b"], "q", on).choice == 1
    assert with_llm(offline, "story", ["a", "b"], "q", SETTINGS).choice == 0  # llm off
    monkeypatch.setattr(llm, "get_adjudicator", lambda settings: _FakeAdjudicator(None))
    kept = with_llm(offline, "story", ["a", "b"], "q", on)
    assert kept.choice == 0 and "LLM gave no answer" in kept.notes
