"""Task heads: each is a function of an analysed story (``worldstate.analyze(text) -> World``) and its
task inputs, returning an answer whose findings carry evidence spans into the input.

One subpackage per task family over a small shared core:

| family | head (registered in ``heads.py``) | answer |
|---|---|---|
| ``continuity`` (FlawedFictions) | ``continuity.detect_continuity`` | ``ContinuityAnswer`` |
| ``knowledge`` (Act-on-Known IKD, KNP) | ``knowledge.detect_implausible_knowledge``, ``knowledge.choose_next_action`` | ``KnowledgeAnswer``, ``ChoiceAnswer`` |
| ``faithfulness`` (StorySumm) | ``faithfulness.judge_summary`` | ``SummaryAnswer`` |
| ``constory`` (ConStory-Bench) | ``constory.constory_report`` | ``ConStoryReport`` |
| ``cloze`` (Story Cloze, LOT ClozeT / SenPos) | ``cloze`` | ``ChoiceAnswer`` |
| ``llm`` | the LLM adjudicator every head may consult | ``Verdict`` |

The core: ``heads`` (the registry and ``run_head``), ``answers`` (answer types), ``storyview`` (what a
head reads of a World), ``evidence`` (verified evidence spans).
"""
