"""Things that fall, slip or float: away from the one who had them, or into someone's lap or hands.

The place patterns read a self-moving verb ("fell", "floated", "slipped", ``words.self_moving_release``) with
a destination: the thing is there and nobody holds it. Two more readings of such a verb whose subject is a
thing one can hold:

- with a source ("fell from her bosom", "slipped off his finger", "out of her hand") or an away/off/out
  adverb ("floated away") and no place to go to: nobody holds it now;
- into or onto a person's body part ("fell into the lap of the girl", "dropped into my hands"): that person
  holds it (the part's owner is its possessor, or the person of its "of" phrase).
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import RELEASE, Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.scan import each_verb
from worldstate.extract.timeline.verbs import is_body_noun
from worldstate.state.timeline import Predicate

SOURCE_PREPS = frozenset({"from", "off"})  # "fell from her bosom", "slipped off his finger"
AWAY = frozenset({"away", "off", "out"})  # "floated away", "fell off", "dropped out"
INTO_PART = frozenset({"in", "into", "on", "onto", "upon"})  # "into the lap of the girl", "on her knees"
PEOPLE = ("character", "group")


def fallen_things(view: SentenceView) -> list[Change]:
    """Every holding a falling, slipping or floating thing changes in one sentence."""
    return each_verb(view, lambda verb: verb.lemma_.lower() in view.w.self_moving_release, _fallen)


def _fallen(view: SentenceView, verb: Token) -> Iterator[Change]:
    subject = view.subject(verb)
    if subject is None:
        return
    thing = holdable(view, subject)
    if thing is None:
        return
    value, text, lemma = thing
    caught = _caught_by(view, verb, value)
    if caught is not None:
        owner, part = caught
        yield make_change(
            view, verb, owner, Predicate.HOLDS, value, part, value_text=text, object_lemma=lemma, active=False
        )
    elif _fell_away(verb) and not _goes_somewhere(view, verb):
        yield make_change(view, verb, RELEASE, Predicate.HOLDS, value, value_text=text, object_lemma=lemma)


def _preps(verb: Token) -> list[Token]:
    """The verb's prepositions, and those under its particle or adverb ("fell down into the lap")."""
    out = [c for c in verb.children if c.dep_ == "prep"]
    out += [p for a in verb.children if a.dep_ in ("prt", "advmod") for p in a.children if p.dep_ == "prep"]
    return out


def _caught_by(view: SentenceView, verb: Token, value: str) -> tuple[str, Token] | None:
    """(owner, body noun) when the thing goes into or onto a person's body part."""
    for prep in _preps(verb):
        if prep.lower_ not in INTO_PART:
            continue
        part = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if part is None or not is_body_noun(part.lemma_.lower()):
            continue
        owner = view.who(_owner(part))
        if owner and owner != value and view.kind(owner) in PEOPLE:
            return owner, part
    return None


def _owner(part: Token) -> Token | None:
    """The possessor of a body noun ("her lap"), else the person of its "of" phrase ("the lap of the girl")."""
    poss = next((c for c in part.children if c.dep_ == "poss"), None)
    if poss is not None:
        return poss
    of = next((c for c in part.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    return next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None


def _fell_away(verb: Token) -> bool:
    """A source phrase ("from her bosom", "out of his hand") or an away/off/out adverb."""
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ in SOURCE_PREPS:
            return True
        if child.dep_ in ("prt", "advmod", "prep") and child.lower_ in AWAY:
            return True
    return False


def _goes_somewhere(view: SentenceView, verb: Token) -> bool:
    """A destination phrase too ("fell from the tree into the well"): the place patterns read it."""
    return any(p.lower_ in view.w.destination_preps for p in _preps(verb))
