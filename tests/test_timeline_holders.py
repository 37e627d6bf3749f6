"""Who holds a thing at a sentence, for the possession readings of ``extract/timeline`` (double objects,
consuming, leaving, letting fall, putting down, in hand, handling, contents, person with, pieces, WordNet verb
classes), on the small hand-written texts of ``tests/data/cases/holders.yaml``."""

from __future__ import annotations

import cases
from analysed import holders, world_once


@cases.parametrize_named("holders", "cases")
def test_who_holds_the_thing(text: str, holds: list[list]) -> None:
    world = world_once(text)
    found = [[thing, sentence, holders(world, thing, sentence)] for thing, sentence, _ in holds]
    assert found == holds
