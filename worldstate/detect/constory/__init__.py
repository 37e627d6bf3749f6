"""ConStory-Bench's 19 consistency-error subtypes: ``head`` builds the report from the reasoner's proofs
and the ``text_checks`` (perspective and tense shifts)."""

from worldstate.detect.constory.head import constory_report

__all__ = ["constory_report"]
