"""Relations and deaths read as classes: a bare kin noun in speech, a person given "to wife", kin a possessor
picks ("his queen"), a wedding without its couple, a death by an instrument of execution."""

from __future__ import annotations

from functools import cache

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.possessed_kin import possessed_nouns
from worldstate.state.timeline import Predicate


@cache
def world(text: str) -> World:
    return analyze(text)


def told(w: World, predicate: Predicate) -> set[tuple[int, str, str]]:
    return {(s.start, s.subject, s.value) for s in w.timeline.states if s.predicate == predicate}


def test_bare_kin_noun_in_speech_is_the_speakers_kin() -> None:
    w = world(
        "There was once a forester who lived in a little house in the wood with Lina and an old cook. "
        "One morning the forester went out hunting. Then Lina said to the cook, 'When father comes home "
        "tonight, he will be angry with you.' The cook laughed."
    )
    rel = {(s, v) for _, s, v in told(w, Predicate.RELATION)}
    father = next(v.split("=")[1] for s, v in rel if s == "lina" and v.startswith("child_of="))
    assert father != "lina" and (father, "parent_of=lina") in rel


def test_given_to_wife_marries_the_one_given_to_the_one_it_is_given_to() -> None:
    w = world(
        "There was once a king who had a daughter. A soldier came and saved the kingdom. "
        "The king gave him his kingdom for his own, and his daughter to wife."
    )
    rel = told(w, Predicate.RELATION)
    assert (2, "daughter", "married_to=soldier") in rel and (2, "soldier", "married_to=daughter") in rel
    assert not any(v == "married_to=king" for _, _, v in rel)  # "gave him": not the king himself


def test_promised_to_husband_only_betroths() -> None:
    rel = told(
        world("A shepherd lived in the hills. The miller promised him his daughter to husband."), Predicate.RELATION
    )
    assert (1, "daughter", "betrothed_to=shepherd") in rel
    assert not any(v.startswith("married_to") for _, _, v in rel)


def test_a_possessor_picks_the_kin_sense() -> None:
    assert possessed_nouns()["queen"] == "married_to" and possessed_nouns()["boy"] == "child_of"
    w = world(
        "Heinel was king of the Golden Mountain. As Heinel came near his castle, the people told him that "
        "his queen was about to marry another husband. The queen of the country was sad."
    )
    rel = told(w, Predicate.RELATION)
    assert (1, "queen", "married_to=heinel") in rel
    assert not any(s == "queen" and v != "married_to=heinel" for _, s, v in rel)  # "the queen of": no wife


def test_a_wedding_without_its_couple_marries_the_betrothed_pair_in_focus() -> None:
    w = world(
        "There was once a prince who was betrothed to a princess. A shepherd was betrothed to a goose-girl. "
        "The prince rode away to the war, and the princess waited for him. At last the prince came home and "
        "kissed the princess. Thereupon the wedding was celebrated."
    )
    rel = told(w, Predicate.RELATION)
    assert (4, "prince", "married_to=princess") in rel
    assert not any(v.startswith("married_to") for _, s, v in rel if s == "shepherd")


def test_a_wedding_still_to_be_held_marries_no_one() -> None:
    w = world("A shepherd was betrothed to a goose-girl. The wedding of the shepherd was to be held in spring.")
    assert not any(v.startswith("married_to") for _, _, v in told(w, Predicate.RELATION))


def test_hanging_on_the_gallows_is_dead_a_lamp_hung_kills_no_one() -> None:
    w = world(
        "A baker and a witch lived in the town. The witch was carried before the judge, and soon the witch "
        "was hanging on the gallows. The baker hung a lamp on the wall."
    )
    alive = told(w, Predicate.ALIVE)
    assert (1, "witch", "false") in alive
    assert not any(s == "baker" and v == "false" for _, s, v in alive)
