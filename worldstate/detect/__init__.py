"""Task heads: each is a function of an analysed story (``worldstate.analyze(text) -> World``) and its
task inputs, returning an answer whose findings carry evidence spans into the input.

One subpackage per task family over a small shared core:

| family | head (registered in ``heads.py``) | answer |
|---|---|---|
| ``continuity`` (FlawedFictions) | ``continuity.detect_continuity`` | ``ContinuityAnswer`` |
| ``knowledge`` (Act-on-Known IKD, KNP) | ``knowledge.detect_implausible_knowledge``, ``knowledge.choose_next_action`` | ``KnowledgeAnswer``, ``ChoiceAnswer`` |
| ``faithfulness`` (StorySumm) | ``faithfulness.judge_summary`` | ``SummaryAnswer`` |
| ``constory`` (ConStory-Bench) | ``constory.constory_report`` | ``ConStoryReport`` |
| ``cloze`` (Story Cloze, LOT ClozeT / SenPos) | ``cloze.choose_ending``, ``cloze.choose_plot``, ``cloze.choose_position`` | ``ChoiceAnswer`` |
| ``llm`` | the LLM adjudicator every head may consult | ``Verdict`` |

The core: ``heads`` (the registry of story heads and ``run_head``), ``answers`` (answer types), ``storyview``
(what a head reads of a World), ``evidence`` (verified evidence spans, asking the LLM), ``words`` (shared word
lists and cues), ``tuned`` (where fitted parameters are found). The cloze heads take analysed options besides
the story, so they are named by ``module:function`` in the benchmark registry rather than in ``heads``.
"""
