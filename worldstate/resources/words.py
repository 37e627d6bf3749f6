"""The timeline word tables of ``data/patterns.yaml`` (and ``data/relation_nouns.yaml``), loaded once."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from worldstate.data import load_yaml, typed
from worldstate.resources.lexicon import lexicon


@dataclass(frozen=True)
class Words:
    conditional_marks: frozenset[str]
    hypothetical_aux: frozenset[str]
    future_aux: frozenset[str]
    wish_verbs: frozenset[str]
    belief_verbs: frozenset[str]
    dream_words: frozenset[str]
    speech_verbs: frozenset[str]
    clause_links: frozenset[str]
    motion_verbs: frozenset[str]
    arrival_verbs: frozenset[str]
    destination_preps: frozenset[str]
    static_verbs: frozenset[str]
    static_preps: frozenset[str]
    leave_particles: frozenset[str]
    place_parts: frozenset[str]
    place_nouns: frozenset[str]
    furniture: frozenset[str]
    approach_preps: frozenset[str]
    measure_nouns: frozenset[str]
    self_moving_release: frozenset[str]
    animate: frozenset[str]  # nouns that name a creature: an unresolved one may still be a subject
    take_verbs: frozenset[str]
    give_verbs: frozenset[str]
    lose_verbs: frozenset[str]
    consume_verbs: frozenset[str]
    not_holdable: frozenset[str]
    people: frozenset[str]  # person nouns, kinship nouns, titles: never held
    die_verbs: frozenset[str]
    kill_verbs: frozenset[str]
    figurative_instruments: frozenset[str]  # "stabbed him with a glance": no death
    dead_adjectives: frozenset[str]
    alive_adjectives: frozenset[str]
    colours: frozenset[str]
    coloured_parts: dict[str, str]
    trait_words: dict[str, str]  # adjective → trait key (size, age, wound)
    relation_nouns: dict[str, str]
    inverse: dict[str, str]
    titles: frozenset[str]
    numbers: dict[str, float]
    definite: frozenset[str] = frozenset()  # determiners of a noun phrase that points back ("the", "his")
    skip_adjectives: frozenset[str] = frozenset()
    skip_nouns: frozenset[str] = frozenset()
    extra_oppositions: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    change_verbs: frozenset[str] = frozenset()  # "her hair turned golden": a told change of a trait
    magic_words: frozenset[str] = frozenset()  # magic told between two descriptions licenses a change
    mount_verbs: frozenset[str] = frozenset()  # "jumped upon the horse": the rider has the beast
    ridden_animals: frozenset[str] = frozenset()
    pelts: frozenset[str] = frozenset()  # "the wolf's skin": held once it is drawn off
    deceit_words: frozenset[str] = frozenset()  # "she lied": the speaker's words are no fact
    self_report_verbs: frozenset[str] = frozenset()  # "I am in the clock-case": where the speaker is
    habitual_words: frozenset[str] = frozenset()  # "I always sit here": a habit, not where the speaker is now
    marriage_verbs: frozenset[str] = frozenset()  # "married", "wed", "betrothed": relations.py
    betrothal_verbs: frozenset[str] = frozenset()
    service_nouns: frozenset[str] = frozenset()  # "took her into service", "entered the service of"
    standing_relations: frozenset[str] = frozenset()  # kin and friends: held before the story tells them
    relation_ends: dict[str, tuple[str, ...]] = field(default_factory=dict)  # married_to ends betrothed_to
    bare_verb_heads: frozenset[str] = frozenset()  # "let the band drop": verbs whose complement is a bare verb
    leave_behind_verbs: frozenset[str] = frozenset()  # "left the children in the forest": the object stays there
    unrealised_preps: frozenset[str] = frozenset()  # "for fear of killing somebody": a gerund under them is no event
    negating_preps: frozenset[str] = frozenset()  # "without killing him": denied
    life_taking_verbs: frozenset[str] = frozenset()  # "took his life", "deprived him of life"
    life_losing_verbs: frozenset[str] = frozenset()  # "lost his life"
    attributive_dead_adjectives: frozenset[str] = frozenset()  # "her late husband"
    fatal_losses: frozenset[str] = frozenset()  # "cut off its head": the owner dies
    near_miss_adverbs: frozenset[str] = frozenset()  # "nearly drowned": it did not happen
    generic_people: frozenset[str] = frozenset()  # "a tall man": too general to be a role
    documents: frozenset[str] = frozenset()  # "a letter saying …": read, it is known (passing.py)


@lru_cache(maxsize=1)
def words() -> Words:
    """The timeline word lists (``worldstate/resources/data/patterns.yaml``), each typed by its field;
    the lists that join the lexicon's are built here."""
    raw = load_yaml("resources", "data/patterns.yaml")
    lex = lexicon()
    sections = ("modality", "location", "possession", "alive", "traits", "descriptions", "changes")
    values: dict[str, Any] = {k: v for section in sections for k, v in raw.get(section, {}).items()}
    traits, possession = raw["traits"], raw["possession"]
    people = (
        frozenset(lex.person_nouns)
        | frozenset(lex.kinship)
        | lex.titles
        | frozenset(raw["titles"])
        | frozenset(raw["people_extra"])
    )
    values |= {
        "place_nouns": frozenset(raw["location"]["extra_place_nouns"]) | lex.place_nouns,
        "animate": people | frozenset(possession["holdable_animals"]),
        "people": people - frozenset(possession["holdable_animals"]),
        "trait_words": {w: trait for trait in ("size", "age", "wound") for w in traits[trait]},
        "relation_nouns": load_yaml("resources", "data/relation_nouns.yaml")["nouns"] | raw["relations"]["nouns"],
        "inverse": raw["relations"]["inverse"],
        "marriage_verbs": raw["relations"]["marriage_verbs"],
        "betrothal_verbs": raw["relations"]["betrothal_verbs"],
        "service_nouns": raw["relations"]["service_nouns"],
        "standing_relations": raw["relations"]["standing"],
        "relation_ends": {k: tuple(v) for k, v in raw["relations"]["ends"].items()},
        "titles": raw["titles"],
        "numbers": lex.number_words,
    }
    return typed(Words, values)
