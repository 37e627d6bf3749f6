"""Deaths a reader infers without a die or kill verb (``extract/timeline/life_implied.py``): event nouns of
dying with their owner, burials and graves, widows and orphans, the afterlife, "was no more"; and the
fears, plans, hypotheses and hearsay that tell no death."""

from __future__ import annotations

import cases
import pytest

from worldstate.analysis import World, analyze
from worldstate.extract.timeline.life_implied import implied_words
from worldstate.state.timeline import Modality, Predicate, StateInterval


def _alive(world: World) -> list[StateInterval]:
    return [s for s in world.timeline.states if s.predicate == Predicate.ALIVE]


def _dead_facts(world: World) -> dict[str, StateInterval]:
    """Subject → its first factual death."""
    out: dict[str, StateInterval] = {}
    for s in _alive(world):
        if s.modality.factual and s.value == "false":
            out.setdefault(s.subject, s)
    return out


def test_the_classes_come_from_wordnet() -> None:
    iw = implied_words()
    assert {"death", "murder", "execution", "killing", "strangulation"} <= iw.death_nouns
    assert "loss" not in iw.death_nouns and "passing" not in iw.death_nouns  # a later sense only
    assert "kill" not in iw.death_nouns  # "the lion's kill" is its prey
    assert {"loss", "passing"} <= iw.mourned_nouns and {"mourn", "grieve", "lament"} <= iw.mourning_verbs
    assert {"bury", "inter", "entomb", "cremate"} <= iw.burial_verbs
    assert {"funeral", "burial", "interment"} <= iw.burial_nouns
    assert {"grave", "tomb", "sepulchre"} <= iw.grave_nouns and "monument" not in iw.grave_nouns
    assert {"widow", "widower"} <= iw.widowed_nouns and "orphan" in iw.orphan_nouns
    assert {"heaven", "hell", "afterlife"} <= iw.afterlife_nouns and "paradise" not in iw.afterlife_nouns
    assert {"fear", "plot", "threat"} <= iw.unrealised_heads


@cases.parametrize("timeline", "implied_deaths")
def test_an_implied_death_is_a_fact_from_its_sentence(text: str, who: str, sentence: int, quote: str) -> None:
    world = analyze(text)
    dead = _dead_facts(world)
    assert who in dead, (dead, [(s.subject, s.value, s.modality) for s in _alive(world)])
    assert dead[who].start == sentence
    assert quote in world.text[dead[who].evidence.start : dead[who].evidence.end]


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Martha married Henry. Martha was a widow now.", "henry"),
        ("Ann married the sailor. Ann was widowed at twenty.", "sailor"),
        ("The boy was the son of a farmer and his wife. The boy was an orphan now.", "farmer"),
    ],
)
def test_a_widow_or_orphan_tells_the_death_of_the_spouse_or_parents(text: str, who: str) -> None:
    world = analyze(text)
    dead = _dead_facts(world)
    assert who in dead and dead[who].start == 1 and dead[who].inferred == "bereaved"


@pytest.mark.parametrize(
    "text",
    [
        "The knight feared death. He rode on.",
        "The king received death threats. The king laughed.",
        "The people were forbidden to leave on pain of death. They stayed.",
        "The queen feared her husband's death. The queen wept.",
        "The duke plotted the king's murder. The king slept.",
        "Before his death, the old king called his sons.",
        "Tom dug a hole. Tom dug his own grave.",
        "The monk studied. He was buried in thought.",
        "The witch caught the boy. She buried him alive.",
        "The old man looked up to heaven and prayed.",
        "The boy was happy. The boy was no more a child.",
        "Aesop served the king. The mission was the occasion of his death. Having been sent to Delphi, he wept.",
        "Jacob and Wilhelm wrote books. The dictionary was not completed until a century after their deaths.",
        "The queen had a son. The fear of her death made the king weep.",
    ],
)
def test_no_death_where_none_is_told(text: str) -> None:
    world = analyze(text)
    assert not _dead_facts(world), [(s.subject, s.value, s.modality) for s in _alive(world)]


def test_news_of_a_death_is_not_the_hearer_s_own() -> None:
    world = analyze("Caroline had a mother named Madame Duval. When she was informed of her death, she wept.")
    assert not _dead_facts(world)  # "her" is Caroline's mother, though coreference reads it as Caroline


def test_a_pronoun_buried_is_the_one_told_dying() -> None:
    world = analyze("Jack Lawton sang. Wolsey died in the abbey where the abbots buried him.")
    dead = _dead_facts(world)
    assert "jack-lawton" not in dead and "wolsey" in dead


def test_a_hypothetical_death_is_no_fact() -> None:
    world = analyze("The dragon lived in a cave. The death of the dragon would free them.")
    states = [s for s in _alive(world) if s.subject == "dragon"]
    assert states and all(s.modality == Modality.HYPOTHETICAL for s in states)


def test_hearsay_of_a_death_is_no_fact() -> None:
    world = analyze("The sailor sailed away. It was said that the sailor had died.")
    states = [s for s in _alive(world) if s.subject == "sailor"]
    assert states and not any(s.modality.factual for s in states)


def test_a_presupposed_death_survives_a_denied_clause() -> None:
    world = analyze("Tom's father was a baker. Tom did not leave the town after his father's death.")
    assert "father" in _dead_facts(world) or any(s.value == "false" and s.modality.factual for s in _alive(world))


def test_a_revival_still_ends_an_implied_death() -> None:
    world = analyze(
        "The old man lived in the village. They buried the old man under an oak. The old man came to life again."
    )
    states = [s for s in _alive(world) if s.subject == "old-man" and s.modality.factual]
    assert [s.value for s in states] == ["false", "true"]
