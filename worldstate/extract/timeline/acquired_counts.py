"""How many of a thing someone has, from what they get: "Hans picked three apples" (Hans has three apples),
"the old woman gave the girl three nuts" (the girl has three nuts).

A plural object counted by a number ("three apples", "a hundred pieces": :func:`.numbers.number_before`) of
a verb of WordNet's ``acquire`` class (:func:`.verbs.class_of`: get, take, pick, find, buy, steal) is had by
the verb's agent; of a transfer (``data/tally.yaml``) or a verb of the ``give`` class, by its recipient. The
count is an owned count (the noun's lemma on its owner, like "had three apples"), so
:mod:`.owned_losses` lowers it when the owner parts with some ("ate one of them", "gave two coins to the
beggar"). An owner told to have some already keeps that count: the sum of both is left to the tally.
"""

from __future__ import annotations

from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.numbers import number_before
from worldstate.extract.timeline.tally import STORY, added_to_others, receiver_of, tally_words, told
from worldstate.extract.timeline.verbs import ACQUIRE, GIVE, class_of
from worldstate.state.timeline import Predicate


def acquired_counts(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """The owned counts the story's acquisitions tell, for owners with no count of that noun in ``changes``."""
    have = {(c.subject, c.value.partition("=")[0]) for c in changes if c.predicate == Predicate.COUNT}
    out: list[Change] = []
    for view in views:
        for tok in view.doc:
            change = acquired(view, tok)
            if change is not None and (change.subject, change.value.partition("=")[0]) not in have:
                have.add((change.subject, change.value.partition("=")[0]))
                out.append(change)
    return out


def acquired(view: SentenceView, noun: Token) -> Change | None:
    """The owned count ``noun`` tells when it is a counted plural object got by someone, else None."""
    if noun.pos_ != "NOUN" or noun.tag_ != "NNS" or noun.dep_ != "dobj" or added_to_others(noun):
        return None
    lemma = noun.lemma_.lower()
    if lemma in view.w.not_holdable or lemma in tally_words().measures:
        return None
    found = number_before(noun)
    if found is None or found[0] < 2:
        return None
    verb = noun.head
    if verb.pos_ != "VERB" or not told(view, verb).factual:
        return None
    kind = GIVE if verb.lemma_.lower() in tally_words().transfers else class_of(verb, view.w)
    owner = view.agent(verb) if kind == ACQUIRE else receiver_of(view, verb) if kind == GIVE else None
    if not owner or owner == STORY or view.kind(owner) not in ("character", "group"):
        return None
    return make_change(view, verb, owner, Predicate.COUNT, f"{lemma}={found[0]}", *found[1], noun)
