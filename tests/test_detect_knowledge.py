"""Knowledge heads: next-action choice (KNP) and implausible-knowledge detection (IKD)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from analysed import check_evidence
from analysed import world as analysed

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.detect.knowledge.access import sentence_access
from worldstate.detect.knowledge.implausible import detect_implausible_knowledge
from worldstate.detect.knowledge.next_action import choose_next_action, config, option_features
from worldstate.detect.knowledge.rank import FEATURES, hidden_scores, sentence_features
from worldstate.detect.knowledge.world_access import UNKNOWN, covered_sentences, world_inaccessibility
from worldstate.detect.storyview import StoryView, name_keys
from worldstate.errors import InputError

SETTINGS = Settings()

KNP_STORY = (
    "Lane was exhausted, but she answered her sister Kristina’s call. "
    "Kristina asked Lane to come home for a family dinner that weekend. "
    "Lane promised she’d try. "
    "That same afternoon, Robert secretly called their parents and asked to attend the dinner to apologize; "
    "they agreed to keep it a surprise. "
    "On Saturday morning, Lane sat with the ticket page open, deciding whether to travel home."
)
KNP_QUESTION = "On Saturday morning, what will Lane decide to do about traveling home for the family dinner?"
KNP_OPTIONS = [
    "Cancel the trip and stay away to avoid seeing Robert at the dinner.",
    "Buy a ticket and travel home to support Kristina at the family dinner.",
]

FUTURE_LEAK = (
    "Tom packed his fishing rod and walked down to the river at dawn. "
    "His neighbour Ruth waved from her garden and wished him luck. "
    "Tom shouted back, “Don’t worry, the old wooden bridge will collapse under the grey mare at noon.” "
    "He fished for hours and caught two small trout. "
    "At noon the old wooden bridge collapsed under the grey mare, and the cart fell into the water. "
    "Tom ran to help the driver out of the river."
)
CLEAN = (
    "Tom packed his fishing rod and walked down to the river at dawn. "
    "His neighbour Ruth waved from her garden and wished him luck. "
    "He fished for hours and caught two small trout. "
    "In the evening he cooked the trout and shared them with Ruth."
)


def test_name_keys_and_access() -> None:
    view = StoryView(analysed(KNP_STORY, SETTINGS))
    assert name_keys("Lane", view) == {"lane"}
    access = sentence_access(view, "Lane")
    hidden = max(access, key=lambda a: a.score)
    assert "Robert secretly called" in view.sentences[hidden.sentence]
    assert access[0].involved and not access[3].involved


def test_world_inaccessibility_reads_the_extractor() -> None:
    view = StoryView(analysed(KNP_STORY, SETTINGS))
    ws = view.world.state
    covered = [covered_sentences(ws, view, i) for i in range(len(view))]
    assert all(c and c == sorted(c) for c in covered)
    world = world_inaccessibility(ws, view, "Lane")
    assert len(world) == len(view) and all(0.0 <= w <= 1.0 for w in world)
    assert world[0] == 0.0  # Lane answers the call: present
    assert world[3] == 1.0  # Robert's secret call to the parents, another scene
    assert world_inaccessibility(ws, view, "Zebulon Quartermaine") == [UNKNOWN] * len(view)


def test_hidden_ranker_and_world_contrast() -> None:
    view = StoryView(analysed(KNP_STORY, SETTINGS))
    ws = view.world.state
    access = sentence_access(view, "Lane")
    world = world_inaccessibility(ws, view, "Lane")
    assert sentence_features(access, world).shape == (len(view), len(FEATURES))
    scores = hidden_scores(access, world, config()["hidden_ranker"])
    assert "Robert secretly called" in view.sentences[int(scores.argmax())]
    feats = option_features(view, access, KNP_QUESTION, KNP_OPTIONS, world)
    assert set(feats[0]) == set(config()["weights"])
    # the option about Robert (the hidden call) is closer to what Lane cannot know
    assert feats[0]["world_contrast"] > feats[1]["world_contrast"]
    unknown = option_features(view, access, KNP_QUESTION, KNP_OPTIONS, None)
    assert unknown[0]["world_contrast"] == 0.0


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_next_action_avoids_hidden_information(order: tuple[int, int]) -> None:
    options = [KNP_OPTIONS[i] for i in order]
    answer = choose_next_action(analysed(KNP_STORY, SETTINGS), KNP_QUESTION, options, character="Lane")
    assert options[answer.choice] == KNP_OPTIONS[1]
    assert len(answer.scores) == 2 and 0.5 <= answer.confidence <= 1.0
    check_evidence(KNP_STORY, answer)


def test_next_action_rejects_bad_input() -> None:
    with pytest.raises(InputError):
        choose_next_action(analysed(KNP_STORY, SETTINGS), KNP_QUESTION, ["only one"])
    with pytest.raises(InputError):
        choose_next_action(analysed("", SETTINGS), KNP_QUESTION, KNP_OPTIONS)


def test_future_knowledge_is_found_and_localised() -> None:
    answer = detect_implausible_knowledge(analysed(FUTURE_LEAK, SETTINGS))
    assert answer.has_error
    assert answer.error_sentence.startswith("Tom shouted back")
    assert answer.error_sentence in FUTURE_LEAK
    check_evidence(FUTURE_LEAK, answer)


ABSENT_ASKER = (
    "Anna lived in a small village with her father, the old miller. One morning the miller went to the market.\n\n"
    "Meanwhile, Anna found a golden key in the garden. She hid it under her bed and told nobody.\n\n"
    'That evening the miller came home. "Where is the golden key you hid under your bed?" he asked Anna.\n'
)


def test_an_absent_speaker_is_blamed_not_the_narration() -> None:
    """The miller was at the market when Anna hid the key: his question is the leak, found through the
    extractor's speaker ("he asked") and scenes, not the earlier narration it echoes."""
    answer = detect_implausible_knowledge(analysed(ABSENT_ASKER, SETTINGS))
    assert answer.has_error
    assert answer.error_sentence.startswith('"Where is the golden key')
    assert "miller" in answer.character or "father" in answer.character
    assert answer.findings[0].subtype == "implausible_knowledge_hidden"
    check_evidence(ABSENT_ASKER, answer)


def test_a_world_read_back_from_json_gives_the_same_answer() -> None:
    world = World.of_state(analysed(FUTURE_LEAK, SETTINGS).state, SETTINGS)  # as read back from JSON
    answer = detect_implausible_knowledge(world)
    assert answer.has_error and answer.error_sentence.startswith("Tom shouted back")
    check_evidence(world.story.text, answer)
    clean = detect_implausible_knowledge(World.of_state(analysed(CLEAN, SETTINGS).state, SETTINGS))
    assert not clean.has_error


def test_clean_story_has_no_implausible_knowledge() -> None:
    answer = detect_implausible_knowledge(analysed(CLEAN, SETTINGS))
    assert not answer.has_error and answer.error_sentence == "" and answer.findings == []


def test_knp_development_items(shared_data: Path) -> None:
    """The first 16 development items, options shuffled with a fixed seed: well above chance."""
    files = sorted((shared_data / "act_on_known" / "KNP").glob("qa_*.json"))[:16]
    rng = random.Random(7)
    correct = 0
    for path in files:
        item = json.loads(path.read_text(encoding="utf-8"))
        options = [item["answer_with_knowledge"], item["answer_without_knowledge"]]
        rng.shuffle(options)
        story = analysed(item["story"], SETTINGS)
        answer = choose_next_action(story, item["question"], options, character=item["character"])
        correct += options[answer.choice] == item["answer_without_knowledge"]
        check_evidence(item["story"], answer)
    assert correct / len(files) >= 0.6


REPEATED_LINE = (
    "The father looked back at the house. 'I am looking at my little cat,' he said.\n"
    "The wife said: 'Fool, that is not your little cat, that is the morning sun which is shining on the chimneys.'\n"
    "They walked deeper into the forest and made a fire. The next day they went on again.\n"
    "'Fool!' said the woman, 'that is not your little pigeon, that is the morning sun that is shining on the chimney.'\n"
)


def test_a_line_said_twice_is_no_future_leak() -> None:
    from worldstate.detect.knowledge.leak import find_leaks

    view = StoryView(analysed(REPEATED_LINE, SETTINGS))
    pairs = {(leak.sentence, leak.source) for leak in find_leaks(view) if leak.direction == "future"}
    quoted = [i for i, s in enumerate(view.sentences) if "morning sun" in s]
    assert len(quoted) == 2 and (quoted[0], quoted[1]) not in pairs
