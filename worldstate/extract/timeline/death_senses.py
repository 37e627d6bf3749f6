"""A death told by an instrument of execution: "the witch is hanging on the gallows", "hung from the gibbet".

A kill verb (:func:`.life.verb_classes`, or a ``kill_person_verbs`` word of ``data/life_classes.yaml``: a verb
whose first sense is no killing but whose sense said of a person only is: hang, burn, drown …) said of its own
subject, with no object, with "on/upon/from/at" one of the ``execution_nouns`` (gallows, gibbet, guillotine
…; both classes from WordNet 3.0 by ``scripts/build_life_classes.py``), is the death of that subject. It is
a state, not an act, so the progressive tells it too (:func:`.life.life_by_verb` reads "was hanging" as no
death yet), in the clause's modality.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token, direct_object
from worldstate.extract.timeline.life import KILL, _passive, _target, _told, verb_classes

_AT = ("on", "upon", "from", "at")  # "on the gallows", "at the stake"


@lru_cache(maxsize=1)
def _classes() -> tuple[frozenset[str], frozenset[str]]:
    raw = load_yaml("extract.timeline", "data/life_classes.yaml")
    return frozenset(raw["kill_person_verbs"]), frozenset(raw["execution_nouns"])


def deaths_by_sense(views: list[SentenceView]) -> list[Change]:
    """Every death an instrument of execution tells in the story's sentences."""
    return [c for view in views for tok in view.doc for c in death_by_sense(view, tok)]


def death_by_sense(view: SentenceView, verb: Token) -> Iterator[Change]:
    """The death of the subject of a kill verb told with an instrument of execution ("the witch is hanging on
    the gallows"): a state, so the progressive tells it too (see the module docstring)."""
    kill, execution = _classes()
    lemma = verb.lemma_.lower()
    if verb.pos_ != "VERB" or not (lemma in kill or KILL in verb_classes(verb)):
        return
    if direct_object(verb) is not None or _passive(verb) or not _instrument(verb, execution):
        return
    yield from _person(view, verb, view.subject(verb))


def _person(view: SentenceView, verb: Token, tok: Token | None) -> Iterator[Change]:
    """Dead: the character ``tok`` names (not a thing, a body part or a group)."""
    who = _target(view, tok)
    if who and view.kind(who) == "character" and tok is not None and tok.lower_ not in ("it", "itself"):
        yield from _told(view, verb, who, "false", tok)


def _instrument(verb: Token, execution: frozenset[str]) -> bool:
    """The verb has "on/from/at" + an instrument of execution ("on the gallows")."""
    return any(
        p.dep_ == "prep"
        and p.lower_ in _AT
        and any(o.dep_ == "pobj" and (o.lemma_.lower() in execution or o.lower_ in execution) for o in p.children)
        for p in verb.children
    )
