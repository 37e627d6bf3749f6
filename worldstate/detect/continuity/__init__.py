"""Continuity errors (FlawedFictions): a later sentence contradicts a fact the story established.

``head`` is the task head; ``death``, ``traits``, ``age`` and ``outlier`` are the text checks;
``reasoner`` scores the Z3 reasoner's proofs; ``lexicon`` holds their shared data and Finding builder.
"""

from worldstate.detect.continuity.head import detect_continuity, find_conflicts, world_conflicts

__all__ = ["detect_continuity", "find_conflicts", "world_conflicts"]
