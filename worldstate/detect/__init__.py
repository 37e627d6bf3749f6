"""Task heads: turn world states, reasoner conflicts and neural scores into answers with evidence.

| task | function | answer |
|---|---|---|
| continuity errors (FlawedFictions) | ``worldstate.detect.continuity.detect_continuity`` | ``ContinuityAnswer`` |
| implausible knowledge (IKD) | ``worldstate.detect.knowledge.detect_implausible_knowledge`` | ``KnowledgeAnswer`` |
| next action (KNP) | ``worldstate.detect.next_action.choose_next_action`` | ``ChoiceAnswer`` |
| summary faithfulness (StorySumm) | ``worldstate.detect.faithfulness.judge_summary`` | ``SummaryAnswer`` |
| ConStory report | ``worldstate.detect.constory.constory_report`` | ``ConStoryReport`` |
| Story Cloze / LOT ClozeT / SenPos | ``worldstate.detect.cloze`` | ``ChoiceAnswer`` |

The LLM adjudicator lives in ``worldstate.detect.llm``.
"""
