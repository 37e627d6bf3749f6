"""Summary faithfulness (StorySumm): ``head`` labels each summary sentence; ``align`` finds its evidence."""

from worldstate.detect.faithfulness.head import judge_summary

__all__ = ["judge_summary"]
