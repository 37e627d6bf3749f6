"""Tallies of deeds: how many of a thing a character has done something to, as the story tells it.

"He broke off a little branch … and broke a branch from each" is two branches broken by him; "killed two
giants" is two giants killed. A factual clause whose agent is a character and whose direct object is a
counted noun (a number before it, or "a", "an", "one", "another" for one) adds to the agent's tally, a
COUNT state keyed ``"<noun> <verb lemma> by-self"`` (:data:`DEED_MARK`), so a question can ask for the
things done by the verb its own words name ("branches broken from the trees"). A definite object ("the
branch") is one counted before, a bare plural ("broke branches") no number: neither adds. Verbs of giving
are the tally's transfers (:mod:`.tally`), and being and having no deeds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from worldstate.extract.mentions.features import is_person_noun
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.numbers import number_before
from worldstate.extract.timeline.tally import tally_words, told
from worldstate.extract.timeline.verbs import is_thing_noun
from worldstate.state.timeline import Modality, Predicate

DEED_MARK = "by-self"  # the last word of a deed tally's key: "branch break by-self"
_NO_DEED = ("be", "have", "do", "get")  # being, having and the light verbs tell no deed
_ONE = ("a", "an", "one", "another")


def deed_tallies(views: list[SentenceView]) -> list[Change]:
    """Every change of a deed tally in the story's sentences (in story order)."""
    skip = tally_words().transfers
    tallies: dict[tuple[str, str], int] = defaultdict(int)  # (agent, key) → count so far
    out: list[Change] = []
    for view in views:
        for verb in view.doc:
            lemma = verb.lemma_.lower()
            if verb.pos_ != "VERB" or lemma in _NO_DEED or lemma in skip or not told(view, verb).factual:
                continue
            if any(c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children):
                continue  # "wished to take away some token": a wish, no deed
            agent = view.agent(verb)
            if not agent or view.kind(agent) not in ("character", "group"):
                continue
            for thing in _objects(verb):
                n = counted(thing)
                if n is None:
                    continue
                key = deed_key(thing.lemma_.lower(), lemma)
                tallies[(agent, key)] += n
                change = make_change(view, verb, agent, Predicate.COUNT, f"{key}={tallies[(agent, key)]}", thing)
                out.append(replace(change, modality=Modality.ASSERTED, holder=None, value_text=f"+{n}"))
    return out


def deed_key(noun: str, verb: str) -> str:
    """The key of a deed tally: 'branch break by-self'."""
    return f"{noun} {verb} {DEED_MARK}"


def deed_verb(key: str) -> str | None:
    """The verb lemma of a deed tally's key, else None (another count's key)."""
    words = key.split(" ")
    return words[1] if len(words) == 3 and words[2] == DEED_MARK else None


def counted(thing: Token) -> int | None:
    """How many of the thing the object phrase counts: its number, 1 for "a"/"one"/"another", else None."""
    found = number_before(thing, tally_words().added)
    if found is not None:
        return found[0]
    if thing.tag_ == "NN" and any(c.dep_ == "det" and c.lower_ in _ONE for c in thing.children):
        return 1
    return None


def _objects(verb: Token) -> list[Token]:
    """The verb's direct objects that are things or creatures (joined ones too: "a ring and a brooch")."""
    obj = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
    if obj is None:
        return []
    found = [obj, *(c for c in obj.conjuncts if c.pos_ == "NOUN" and c.i > obj.i)]
    return [t for t in found if is_thing_noun(t.lemma_.lower()) or is_person_noun(t.lemma_.lower())]
