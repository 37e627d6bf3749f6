"""Places and things described again (``extract/coref/repeated_things.py``): "the old house" … "the house"
join one chain; the pass never joins "the red door" and "the blue door"; a person's cluster is never joined."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from worldstate.analysis import analyze
from worldstate.extract.coref.features import KINDS, NOMINAL, PRON3
from worldstate.extract.coref.repeated_things import compatible, join_repeated_things, latest_compatible

PLACE = KINDS.index("place")


def _table(rows: list[tuple[str, int]], kinds: list[int] | None = None, mtypes: list[int] | None = None):  # type: ignore[no-untyped-def]
    """A stand-in mention table: (text, sentence) rows; a description's head is its last word."""
    texts = [t for t, _ in rows]
    heads = [t.split()[-1].lower() for t in texts]
    keys = {h: k for k, h in enumerate(dict.fromkeys(heads))}
    n = len(rows)
    return SimpleNamespace(
        infos=[
            SimpleNamespace(mention=SimpleNamespace(text=t, category=""), lemma=h, person_hint=False)
            for t, h in zip(texts, heads, strict=True)
        ],
        mtype=np.asarray(mtypes or [NOMINAL] * n),
        kind=np.asarray(kinds or [PLACE] * n),
        gender=np.zeros(n, dtype=int),
        head_key=np.asarray([keys[h] for h in heads]),
        plural=np.zeros(n, dtype=bool),
        sentence=np.asarray([s for _, s in rows]),
    )


def test_modifiers_are_compatible_when_one_holds_the_other() -> None:
    assert compatible("the old house", "the house", "house") and compatible("the house", "the old house", "house")
    assert not compatible("the red door", "the blue door", "door")
    assert not compatible("the county of Gloucester", "the county of Somerset", "county")


def test_the_rule_pass_takes_the_latest_compatible_description() -> None:
    earlier = [("the red door", "red-door"), ("the blue door", "blue-door")]
    assert latest_compatible("the red door", "door", earlier) == "red-door"
    assert latest_compatible("the door", "door", earlier) == "blue-door"
    assert latest_compatible("the green door", "door", earlier) is None


def test_repeated_descriptions_of_a_place_join_one_chain() -> None:
    table = _table([("the old house", 0), ("the store", 1), ("the house", 3), ("the store", 4), ("the store", 9)])
    assert join_repeated_things(table, [0, 1, 2, 3, 4]) == [0, 1, 0, 1, 1]  # type: ignore[arg-type]


def test_contrasting_modifiers_stay_apart_and_a_later_one_finds_its_own() -> None:
    table = _table([("the red door", 0), ("the blue door", 1), ("the red door", 2)])
    assert join_repeated_things(table, [0, 1, 2]) == [0, 1, 0]  # type: ignore[arg-type]


def test_indefinite_first_mentions_and_far_ones_are_left_alone() -> None:
    table = _table([("a store", 0), ("the store", 2), ("the store", 500)])
    assert join_repeated_things(table, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]


def test_a_cluster_holding_a_person_is_not_joined() -> None:
    table = _table([("the house", 0), ("he", 0), ("the house", 2)], mtypes=[NOMINAL, PRON3, NOMINAL])
    table.gender[1] = 1
    assert join_repeated_things(table, [0, 0, 2]) == [0, 0, 2]  # type: ignore[arg-type]


def test_a_story_keeps_one_store_and_no_person_in_it() -> None:
    world = analyze(
        "Emil drove into town and stopped at the store. Marie was waiting for him in the store. She had bought "
        "a lamp there. The store was the only one on the street, and the street was empty. Carl came out of "
        "the store with a sack of flour. He said that the store would close early. Emil and Marie left the "
        "store together and drove home across the prairie. It was late when they reached the farm. The farm "
        "lay quiet under the snow. The next morning Emil went back to the store to pay for the lamp."
    )
    mentions = world.state.mentions
    stores = {m.entity for m in mentions if m.text.lower() == "the store"}
    assert len(stores) == 1 and None not in stores
    people = {m.entity for m in mentions if m.text in ("Emil", "Marie", "Carl", "He", "She")}
    assert not stores & people
    assert {m.entity for m in mentions if m.text.lower() == "the farm"}.isdisjoint(stores)
