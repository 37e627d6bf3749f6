"""What characters can know (Act-on-Known): implausible knowledge (IKD) and the next action (KNP).

``implausible`` and ``next_action`` are the task heads; ``access`` (cues in the text), ``world_access``
(the extractor's scenes and speech), ``leak`` and ``rank`` are what they read.
"""

from worldstate.detect.knowledge.implausible import detect_implausible_knowledge
from worldstate.detect.knowledge.next_action import choose_next_action

__all__ = ["choose_next_action", "detect_implausible_knowledge"]
