"""The word lists of ``data/patterns.yaml``, loaded once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.lexicon import lexicon


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


@lru_cache(maxsize=1)
def words() -> Words:
    """The timeline word lists (``worldstate/extract/timeline/data/patterns.yaml``)."""
    raw = load_yaml("extract.timeline", "data/patterns.yaml")
    lex = lexicon()
    fs = frozenset
    mod, loc, pos, alive, traits, rel = (
        raw[k] for k in ("modality", "location", "possession", "alive", "traits", "relations")
    )
    trait_words = {w: "size" for w in traits["size"]} | {w: "age" for w in traits["age"]}
    trait_words |= {w: "wound" for w in traits["wound"]}
    return Words(
        conditional_marks=fs(mod["conditional_marks"]),
        hypothetical_aux=fs(mod["hypothetical_aux"]),
        future_aux=fs(mod["future_aux"]),
        wish_verbs=fs(mod["wish_verbs"]),
        belief_verbs=fs(mod["belief_verbs"]),
        dream_words=fs(mod["dream_words"]),
        speech_verbs=fs(mod["speech_verbs"]),
        clause_links=fs(mod["clause_links"]),
        motion_verbs=fs(loc["motion_verbs"]),
        arrival_verbs=fs(loc["arrival_verbs"]),
        destination_preps=fs(loc["destination_preps"]),
        static_verbs=fs(loc["static_verbs"]),
        static_preps=fs(loc["static_preps"]),
        leave_particles=fs(loc["leave_particles"]),
        place_parts=fs(loc["place_parts"]),
        place_nouns=fs(loc["extra_place_nouns"]) | lex.place_nouns,
        furniture=fs(loc["furniture"]),
        approach_preps=fs(loc["approach_preps"]),
        measure_nouns=fs(pos["measure_nouns"]),
        self_moving_release=fs(pos["self_moving_release"]),
        animate=fs(lex.person_nouns)
        | fs(lex.kinship)
        | lex.titles
        | fs(raw["titles"])
        | fs(pos["holdable_animals"])
        | fs(raw["people_extra"]),
        take_verbs=fs(pos["take_verbs"]),
        give_verbs=fs(pos["give_verbs"]),
        lose_verbs=fs(pos["lose_verbs"]),
        consume_verbs=fs(pos["consume_verbs"]),
        not_holdable=fs(pos["not_holdable"]),
        people=(fs(lex.person_nouns) | fs(lex.kinship) | lex.titles | fs(raw["titles"]) | fs(raw["people_extra"]))
        - fs(pos["holdable_animals"]),
        die_verbs=fs(alive["die_verbs"]),
        kill_verbs=fs(alive["kill_verbs"]),
        dead_adjectives=fs(alive["dead_adjectives"]),
        alive_adjectives=fs(alive["alive_adjectives"]),
        colours=fs(traits["colours"]),
        coloured_parts=dict(traits["coloured_parts"]),
        trait_words=trait_words,
        relation_nouns=dict(rel["nouns"]),
        inverse=dict(rel["inverse"]),
        titles=fs(raw["titles"]),
        numbers=dict(lex.number_words),
        definite=fs(raw["descriptions"]["definite"]),
        skip_adjectives=fs(raw["descriptions"]["skip_adjectives"]),
        skip_nouns=fs(raw["descriptions"]["skip_nouns"]),
        change_verbs=fs(raw["changes"]["change_verbs"]),
        extra_oppositions=tuple((fs(a), fs(b)) for a, b in raw["descriptions"]["extra_oppositions"]),
        magic_words=fs(raw["changes"]["magic_words"]),
    )
