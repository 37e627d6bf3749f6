"""Life and death in the timeline (``extract/timeline/life.py``): WordNet's verb classes read with the
syntax, deaths told by a description, the constructions of death and return to life, and the
modality that keeps fear, verdicts, plans and beliefs apart from what happened."""

from __future__ import annotations

import cases
import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.life import life_words
from worldstate.state.timeline import Modality, Predicate, StateInterval


def _alive(world: World) -> list[StateInterval]:
    return [s for s in world.timeline.states if s.predicate == Predicate.ALIVE]


def _facts(world: World) -> dict[str, str]:
    """Subject → its last factual alive value ('true' / 'false')."""
    out: dict[str, str] = {}
    for s in _alive(world):
        if s.modality.factual:
            out[s.subject] = s.value
    return out


def _quote(world: World, s: StateInterval) -> str:
    return world.text[s.evidence.start : s.evidence.end]


def test_the_classes_come_from_wordnet_with_the_seeds_on_top() -> None:
    lw = life_words()
    assert {"die", "kill"} <= lw.verbs["suffocate"]  # both senses: the syntax decides
    assert "kill" in lw.verbs["murder"] and "kill" in lw.verbs["behead"] and "kill" in lw.verbs["slay"]
    assert "die" in lw.verbs["perish"] and "die" in lw.verbs["starve"]  # starve: a seed of patterns.yaml
    assert "revive" in lw.verbs["resurrect"]
    for noisy in ("fall", "hit", "croak", "quarter", "pass", "go"):  # a death sense that is not the first
        assert noisy not in lw.verbs, noisy
    assert {"corpse", "ghost", "phantom", "specter"} <= lw.dead_nouns and "spirit" not in lw.dead_nouns
    assert {"dead", "deceased", "murdered", "slain"} <= lw.dead_adjectives
    assert "sentence" in lw.verdict_verbs and "frighten" in lw.feeling_verbs


@cases.parametrize("timeline", "deaths_by_verb")
def test_a_death_told_by_a_verb_of_the_classes(text: str, who: str, quote: str) -> None:
    world = analyze(text)
    deaths = [s for s in _alive(world) if s.value == "false" and s.modality.factual]
    assert [s.subject for s in deaths] == [who]
    assert quote in _quote(world, deaths[0])


@cases.parametrize("timeline", "deaths_by_description")
def test_a_death_told_by_a_description(text: str, who: str) -> None:
    world = analyze(text)
    assert _facts(world).get(who) == "false", [(s.subject, s.value, _quote(world, s)) for s in _alive(world)]


@pytest.mark.parametrize(
    "text",
    [
        "The king said that they must die of hunger.",  # obligation, and someone's words
        "The child stood still for fear of killing the dwarf.",  # fear
        "The court sentenced the tailor to death.",  # a verdict: a death to come
        "The tailor was frightened to death.",  # a figure of speech
        "The man had made up his mind not to kill the child.",  # a plan
        "The people were dying like flies.",  # dying is no death yet
        "The girl lay like a dead woman on the bed.",  # a likeness
        "The queen thought that Snowdrop was dead.",  # a belief
        "The girl seemed quite dead.",  # a look
        "The old soldier was late for dinner.",  # late: dead only before a person noun
        "The king spared his life.",  # a life spared
    ],
)
def test_what_is_no_fact_makes_nobody_dead(text: str) -> None:
    world = analyze(text)
    assert "false" not in _facts(world).values(), [(s.subject, s.modality, _quote(world, s)) for s in _alive(world)]


def test_a_belief_keeps_its_holder() -> None:
    world = analyze("Snowdrop lived with the dwarfs. She was a little girl. The queen thought that Snowdrop was dead.")
    [belief] = [s for s in _alive(world) if s.subject == "snowdrop"]
    assert (belief.value, belief.modality, belief.holder) == ("false", Modality.BELIEF, "queen")


@pytest.mark.parametrize(
    "second",
    [
        "But the old miller was not dead after all.",
        "Then the old miller came to life again.",
        "Then the fairy brought the old miller back to life.",
        "Then the old miller revived.",
        "Then the old miller came out alive.",
    ],
)
def test_a_reversal_makes_the_dead_alive_again(second: str) -> None:
    world = analyze(f"The old miller fell dead upon the ground. {second}")
    states = [s for s in _alive(world) if s.subject == "old-miller" and s.modality.factual]
    assert [s.value for s in states] == ["false", "true"], [(s.value, _quote(world, s)) for s in states]
    assert states[0].end == states[1].start == 1


def test_a_death_goes_to_the_one_the_story_calls_so() -> None:
    """'the woman' that coreference put on Gretel is the woman the story has called so all along."""
    world = analyze(
        "A wood-cutter lived with his wife and his two children, Hansel and Gretel. The woman hated the children. "
        "The woman took the children into the forest. Gretel pushed the witch into the oven. "
        "Gretel and Hansel went home. The father was glad; the woman, however, was dead."
    )
    facts = _facts(world)
    assert facts.get("gretel", "true") == "true" and facts.get("hansel", "true") == "true"
