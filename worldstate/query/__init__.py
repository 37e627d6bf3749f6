"""The read side of a World: questions asked of an analysed story, one small module each.

- :mod:`.entities`: which entities a name means (``find_entities``, ``entity_names``, ``find_character``);
  :mod:`.who` behind it ("the narrator", "X's Y"), then :mod:`.lookup` (a name phrase read by :mod:`.names`
  into head, modifiers and possessor; the entities sharing the head ranked); :mod:`.bearers`: every name of one;
- :mod:`.state`: what holds at a sentence (``state_at``, ``states_of``; ``StateReport``, ``CharacterState``);
- :mod:`.knows`: what a character knows by a sentence and how (``knows``; ``KnownFact``);
- :mod:`.access`: whether a character could know what a sentence says (``accessible``, ``accessibility``);
- :mod:`.ages`: ages on the story clock (``age_at``, ``age_conflicts``);
- :mod:`.report`: a state report as JSON (``report_dict``).

The layers these read are built in :mod:`worldstate.extract` (and declared in :mod:`worldstate.layers`);
the heads (:mod:`worldstate.detect`), the reasoner (:mod:`worldstate.reason`), the CLI, the benchmarks and the
viewer import their queries from here.
"""

from worldstate.query.access import accessibility, accessible
from worldstate.query.ages import age_at, age_conflicts
from worldstate.query.entities import entity_names, find_character, find_entities
from worldstate.query.knows import KnownFact, knows
from worldstate.query.report import report_dict
from worldstate.query.state import CharacterState, StateReport, state_at, states_of

__all__ = [
    "CharacterState",
    "KnownFact",
    "StateReport",
    "accessibility",
    "accessible",
    "age_at",
    "age_conflicts",
    "entity_names",
    "find_character",
    "find_entities",
    "knows",
    "report_dict",
    "state_at",
    "states_of",
]
