"""Which trade a character plies: a story that keeps calling its character by one trade noun ("a shoemaker …
the poor shoemaker … the shoemaker's bench") and then, once, points back to them with another trade noun it
never introduced ("the good tailor") calls one person two things.

Only trade nouns count (``roles.yaml``: crafts and callings a tale names its people by; names of one trade,
"cobbler" and "shoemaker", are one), the new noun is used once in the whole story, points back with a
determiner ("the", "this", "that") and an epithet ("the good tailor": a bare "the landlord" is how a tale brings
in someone met in passing), is no shop or house ("the tailor's"), and stands within a few sentences after a
use of the established noun, with no use of that noun in its own sentence (two trades side by side are two
people).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.reason.timeline.word_counts import count_uses, word_counts
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from worldstate.analysis import World

POINTING_BACK = frozenset(["the", "this", "that"])


@dataclass(frozen=True)
class TradeMention:
    """One trade noun in the story: its lemma, sentence, span and determiner (lower case, "" for none)."""

    trade: str
    sentence: int
    span: Span
    determiner: str
    epithet: bool = False  # an adjective before the noun ("the good tailor")


@dataclass(frozen=True)
class RoleSwitch:
    """``new`` (at ``later``) points back where the established trade ``old`` (first at ``earlier``) is meant."""

    old: str
    new: str
    earlier: TradeMention
    later: TradeMention


@lru_cache(maxsize=1)
def trades() -> frozenset[str]:
    """The trade nouns of ``roles.yaml`` (singular lemmas)."""
    from worldstate.data import load_yaml

    return frozenset(str(w).lower() for w in load_yaml("reason.timeline", "roles.yaml")["trades"])


@lru_cache(maxsize=1)
def _same_trade() -> dict[str, frozenset[str]]:
    """Each trade noun → the names of its trade (itself included)."""
    from worldstate.data import load_yaml

    out = {t: frozenset([t]) for t in trades()}
    for group in load_yaml("reason.timeline", "roles.yaml")["same_trade"]:
        names = frozenset(str(w).lower() for w in group)
        for name in names:
            out[name] = out.get(name, frozenset([name])) | names
    return out


def one_trade(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name one trade ("cobbler", "shoemaker")."""
    return b in _same_trade().get(a, frozenset([a]))


def trade_mentions(world: World) -> list[TradeMention]:
    """Every singular trade noun naming someone, in story order."""
    known = trades()
    out = []
    for index, doc in enumerate(world.sentence_docs):
        offset = world.state.story.sentences[index].span.start
        for tok in doc if doc is not None else ():
            if tok.pos_ != "NOUN" or tok.tag_ != "NN" or tok.lemma_.lower() not in known or _shop(tok):
                continue
            det = next((c.lower_ for c in tok.children if c.dep_ in ("det", "poss") and c.i < tok.i), "")
            span = Span(offset + tok.idx, offset + tok.idx + len(tok.text))
            epithet = any(c.dep_ == "amod" and c.i < tok.i for c in tok.children)
            out.append(TradeMention(tok.lemma_.lower(), index, span, det, epithet))
    return out


def _shop(tok: Token) -> bool:
    """ "the tailor's", "the baker's shop": a place or a thing of the trade, not the person; "a tailor's son":
    someone else."""
    return any(c.dep_ == "case" for c in tok.children) or tok.dep_ in ("compound", "poss")


def role_switches(world: World, *, min_uses: int = 3, max_gap: int = 5, epithet: bool = True) -> Iterator[RoleSwitch]:
    """The story's role switches: a trade noun used once (counted over the whole text, plurals too), pointing
    back (with an epithet when ``epithet``), within ``max_gap`` sentences after a use of a trade noun the story
    used at least ``min_uses`` times and that is not a name of the same trade."""
    text = world.state.story.text
    mentions = trade_mentions(world)
    counts = word_counts(text)
    uses = {m.trade: _occurrences(counts, text, m.trade) for m in mentions}
    established = {t for t, n in uses.items() if n >= min_uses}
    for later in mentions:
        if uses[later.trade] != 1 or later.trade in established or later.determiner not in POINTING_BACK:
            continue
        if epithet and not later.epithet:
            continue
        before = [m for m in mentions if m.trade in established and m.sentence <= later.sentence]
        if any(m.sentence == later.sentence for m in before):
            continue  # "the shoemaker and the tailor": two people side by side
        recent = [m for m in before if later.sentence - m.sentence <= max_gap]
        if not recent:
            continue
        old = recent[-1].trade
        if one_trade(old, later.trade):
            continue
        first = next(m for m in mentions if m.trade == old)
        yield RoleSwitch(old, later.trade, first, later)


def _occurrences(counts: Counter[str], text: str, word: str) -> int:
    """Uses of ``word`` and its plural anywhere in the text (narration and speech alike)."""
    return count_uses(counts, text, word, ("", "s", "es"))
