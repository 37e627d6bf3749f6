"""The choice heads: Story Cloze (English), LOT ClozeT and LOT SenPos (Chinese).

Each head is a function of an analysed story (:class:`~worldstate.analysis.World`) and its task inputs,
themselves analysed with ``analyze(..., layers="parse")`` (endings, candidate plots, the sentence to place):

- :func:`choose_ending` scores the endings with the model ``bench tune story-cloze`` fitted
  (:class:`~worldstate.detect.cloze.model.ClozeModel`), reading the story's sentences as the context;
- :func:`choose_plot` and :func:`choose_position` have no training data offline, so they use an untrained
  coherence score (:mod:`worldstate.detect.cloze.chinese`: jieba tokens + sentence embeddings of the
  sentences around each slot).

With the LLM adjudicator on, an uncertain offline choice is sent to it (:func:`with_llm`).
"""

from __future__ import annotations

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.detect.answers import ChoiceAnswer
from worldstate.detect.cloze.chinese import MASK_PLOT, MASK_SLOT, plot_scores, slot_scores
from worldstate.detect.cloze.features import ClozeItem
from worldstate.detect.cloze.model import ClozeModel, choice_answer
from worldstate.detect.evidence import ask_choice
from worldstate.errors import InputError
from worldstate.resources.models import get_embedder

ENDING_QUESTION = "Which ending continues the story most coherently?"
LOT_SHARPNESS = 10.0  # the untrained coherence scores are small: sharpen them before the softmax


def choose_ending(world: World, endings: list[World], *, model: ClozeModel) -> ChoiceAnswer:
    """Story Cloze: which of the (analysed) ``endings`` continues the story; the story's sentences are the context."""
    item = ClozeItem(list(world.sentences), [ending.text for ending in endings])
    answer = model.choose(item)
    return with_llm(answer, world.text, item.endings, ENDING_QUESTION, world.settings)


def choose_plot(world: World, candidates: list[World]) -> ChoiceAnswer:
    """LOT ClozeT: which candidate plot fills the story's ``<mask>`` (0-based index)."""
    story = world.text
    if MASK_PLOT not in story:
        raise InputError("<ClozeT item>", f"story has no {MASK_PLOT} marker")
    options = [c.text for c in candidates]
    if len(options) < 2 or any(not c.strip() for c in options):
        raise InputError("<ClozeT item>", "need at least two non-empty candidates")
    scores = plot_scores(story, options, get_embedder(world.settings))
    answer = choice_answer(scores, LOT_SHARPNESS)
    return with_llm(answer, story, options, "Which candidate plot best fills <mask>?", world.settings)


def choose_position(world: World, sentence: World) -> ChoiceAnswer:
    """LOT SenPos: at which ``[MASK]`` slot of the story the (analysed) ``sentence`` belongs (0-based slot index)."""
    story, text = world.text, sentence.text
    if story.count(MASK_SLOT) < 1:
        raise InputError("<SenPos item>", f"story has no {MASK_SLOT} slot")
    answer = choice_answer(slot_scores(story, text, get_embedder(world.settings)), LOT_SHARPNESS)
    slots = [f"slot {i + 1}" for i in range(story.count(MASK_SLOT))]
    question = f"At which [MASK] slot (numbered from the start) does this sentence belong: {text}"
    return with_llm(answer, story, slots, question, world.settings)


def with_llm(answer: ChoiceAnswer, story: str, options: list[str], question: str, settings: Settings) -> ChoiceAnswer:
    """Ask the LLM adjudicator (task "cloze") when the offline choice is uncertain; else keep it."""
    notes = f"offline scores per option: {[round(s, 3) for s in answer.scores]}"
    missing = "LLM answer had no option index"
    found = ask_choice(settings, answer, "cloze", story, question, options, engine_notes=notes, missing_note=missing)
    if found is None:
        return answer
    verdict, choice, confidence = found
    note = f"LLM adjudicated (offline choice {answer.choice})"
    return ChoiceAnswer(
        confidence=confidence,
        findings=[],
        notes=[*answer.notes, *verdict.notes, note],
        choice=choice,
        scores=answer.scores,
    )
