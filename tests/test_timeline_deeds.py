"""Deed tallies (``extract/timeline/deeds.py``) and the count questions that ask for them
(``query/deeds.py``): how many things a character has done something to."""

from __future__ import annotations

from analysed import ask_count as ask
from analysed import count_states
from analysed import world_once as world

from worldstate.analysis import World
from worldstate.extract.timeline.deeds import deed_key, deed_verb
from worldstate.query.deeds import asked_deeds

BRANCHES = (
    "The soldier walked into a grove of silver trees. "
    "He broke off a little branch, and there came a loud noise from the tree. "
    "Then he went on into a grove of golden trees. "
    "There the soldier broke another branch, and put it in his pocket."
)
GIANTS = "The knight rode into the forest. He killed two giants and a dragon. Then he went home."


def deeds(w: World, at: int) -> dict[tuple[str, str], str]:
    """(subject, key) → the deed tally by the end of sentence ``at``."""
    return count_states(w, at, lambda s: deed_verb(s.key) is not None)


def test_each_told_deed_adds_to_the_agents_tally() -> None:
    w = world(BRANCHES)
    assert deeds(w, 1) == {("soldier", "branch break by-self"): "1"}
    assert deeds(w, 3)[("soldier", "branch break by-self")] == "2"


def test_a_number_counts_as_many_and_joined_objects_each_their_own() -> None:
    found = deeds(world(GIANTS), 1)
    assert found[("knight", "giant kill by-self")] == "2"
    assert found[("knight", "dragon kill by-self")] == "1"


def test_a_wish_a_definite_object_and_a_bare_plural_add_nothing() -> None:
    text = (
        "The boy wished to pick an apple. He looked at the apple on the tree. "
        "He picked the apple. Then he picked apples all day."
    )
    assert deeds(world(text), 3) == {}


def test_a_count_question_gets_the_tally_of_the_verb_its_words_name() -> None:
    assert ask(BRANCHES, "the soldier", "there came a loud noise", "branch", "branches broken from the trees") == "1"
    assert ask(BRANCHES, "the soldier", "put it in his pocket", "branch", "branches broken off") == "2"


def test_a_deed_the_question_does_not_name_is_no_count_of_it() -> None:
    # "branches given away": he broke two but gave none; no count or holding of branches is told → no answer "2"
    assert ask(BRANCHES, "the soldier", "put it in his pocket", "branch", "branches given away") != "2"


def test_asked_deeds_keeps_other_counts_and_the_named_verbs_deeds() -> None:
    class State:
        def __init__(self, key: str) -> None:
            self.key = key

    states = [State("thief"), State(deed_key("branch", "break")), State(deed_key("branch", "see"))]
    kept = asked_deeds(states, "branches broken", lambda text: {"branch", "break"})  # type: ignore[arg-type]
    assert [s.key for s in kept] == ["thief", "branch break by-self"]
