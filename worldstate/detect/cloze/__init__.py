"""Choice tasks: Story Cloze (English) and LOT ClozeT / SenPos (Chinese).

- ``head``: the heads, ``(World, analysed options) -> ChoiceAnswer``;
- ``model``: the Story Cloze model ``bench tune story-cloze`` fits (features + ending style + cross-encoder);
- ``features``, ``cross``: its ending features and MiniLM cross-encoder;
- ``chinese``: the untrained coherence scores for LOT (derived SenPos/PlotCom items: ``worldstate.bench.derive``).
"""

from worldstate.detect.cloze.head import choose_ending, choose_plot, choose_position, with_llm
from worldstate.detect.cloze.model import ClozeModel, cross_validate, default_model_path, load_story_cloze_csv

__all__ = [
    "ClozeModel",
    "choose_ending",
    "choose_plot",
    "choose_position",
    "cross_validate",
    "default_model_path",
    "load_story_cloze_csv",
    "with_llm",
]
