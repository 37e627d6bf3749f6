"""A thing taken in a passive with no one named to take it is held by nobody the story names: "the purse was
stolen", "the ring was taken from her". The taking is a verb the possession patterns read as acquiring
(:func:`.verbs.class_of`); with no "by" phrase it takes the thing from its holder when the verb is one of
WordNet's ``acquire`` class (steal, seize, snatch, catch: not its ``retain`` class, "the lamp was held
high") or when a "from" phrase names the one it is taken from."""

from __future__ import annotations

from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.verbs import ACQUIRE, wordnet_class


def taken_from_holder(view: SentenceView, verb: Token) -> bool:
    """True when an acquiring verb's passive, with no agent, takes its subject from whoever had it."""
    if any(c.dep_ == "agent" for c in verb.children):  # type: ignore[attr-defined]
        return False
    if wordnet_class(verb) == ACQUIRE:
        return True
    source = next((c for c in verb.children if c.dep_ == "prep" and c.lower_ == "from"), None)  # type: ignore[attr-defined]
    pobj = next((c for c in source.children if c.dep_ == "pobj"), None) if source is not None else None
    return view.kind(view.who(pobj)) in ("character", "group")
