"""Event arithmetic: how many of something there are, kept up as the story tells it.

Three readings, each a COUNT state (value ``"<key>=<n>"``) with the span that changed it and, as its
``value_text``, the change told (``=40``, ``-1``, ``+4``: a told change, which the continuity rule
``timeline.count-stable`` leaves alone):

- group size (subject ``story``, key the noun): "a group of forty thieves" sets it; a member killed, dead
  or gone ("the second thief is killed", "one of them ran away") lowers it, once per member (an ordinal
  names a member, it is no count); "two more came", "four other little Mice", "another (little) one came"
  raise it (an "another" with no count yet makes two: the one before and this one);
- transfer tallies: each give/send/promise of a thing between two parties adds to a tally on both
  parties, keyed ``"<noun> <verb participle> to|by <party>"`` ("needle given by grethel"), once under the
  thing's noun and once under the class the event makes it ("gift given by grethel"); a transfer only
  offered or bound to come ("would give her another dress") counts as ``promised``;
- stated debts and holdings beyond "had seven kids" (:func:`.patterns.count`): "owed him seven million,
  two hundred thousand pieces of copper" (key ``"piece owed to <party>"``).

The count of things an owner holds now (had a ring, sold it, got it back) is read from the HOLDS states
at question time: :func:`held_count`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.data import load_yaml
from worldstate.extract.mentions.features import is_person_noun
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.numbers import number_before
from worldstate.extract.timeline.verbs import is_thing_noun
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.state.timeline import StateInterval, Timeline

STORY = "story"  # subject of a count that belongs to no one character
_PROMISING = (Modality.HYPOTHETICAL, Modality.FUTURE)  # "would give her another dress", "will send"


@dataclass(frozen=True)
class TallyWords:
    added: frozenset[str]
    joining: frozenset[str]
    leaving: frozenset[str]
    leaving_particles: frozenset[str]
    measures: frozenset[str]
    transfers: dict[str, str]  # verb lemma → its participle in a tally's key
    classes: dict[str, str]  # verb lemma → the class it makes its things ("gift")
    promised: str


@lru_cache(maxsize=1)
def tally_words() -> TallyWords:
    """The word lists of ``data/tally.yaml``."""
    raw = load_yaml("extract.timeline", "data/tally.yaml")
    groups, transfers = raw["groups"], raw["transfers"]
    return TallyWords(
        frozenset(groups["added_markers"]),
        frozenset(groups["joining_verbs"]),
        frozenset(groups["leaving_verbs"]),
        frozenset(groups["leaving_particles"]),
        frozenset(groups["measures"]),
        {str(k): str(v) for k, v in transfers["verbs"].items()},
        {str(k): str(v) for k, v in transfers["classes"].items()},
        str(transfers["promised_word"]),
    )


def tally_changes(views: list[SentenceView]) -> list[Change]:
    """Every COUNT change the event arithmetic reads in the story's sentences (in story order)."""
    return _GroupTally().read(views) + _transfers(views) + _debts(views)


# -- group size --------------------------------------------------------------------------------------------
class _GroupTally:
    """The running size of each counted group of the story, by noun lemma."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.gone: dict[str, set[str]] = defaultdict(set)
        self.last_single = ""  # the latest "a <noun>": what "another little one" counts

    def read(self, views: list[SentenceView]) -> list[Change]:
        out: list[Change] = []
        for view in views:
            for tok in view.doc:
                if tok.pos_ in ("NOUN", "PROPN") or tok.lower_ == "one":
                    out += self._noun(view, tok)
        return out

    def _noun(self, view: SentenceView, noun: Token) -> list[Change]:
        tw = tally_words()
        lemma = noun.lemma_.lower()
        if lemma in tw.measures or noun.dep_ == "compound" or (lemma in view.w.not_holdable and lemma != "one"):
            return []
        verb = _clause_verb(noun)
        if verb is not None and (not told(view, verb).factual or _infinitive(verb)):
            return []
        found = number_before(noun, tw.added)
        added = added_to_others(noun)
        if lemma == "one" and added:
            lemma = self.last_single
        elif noun.tag_ in ("NN", "NNP") and found is None and any(c.lower_ in ("a", "an") for c in noun.children):
            self.last_single = lemma
        if not lemma:
            return []
        if added and _joins(noun, view):
            n = found[0] if found else 1
            self.counts[lemma] = self.counts.get(lemma, 1) + n
            return [self._change(view, noun, lemma, f"+{n}", *(found[1] if found else ()))]
        if found is not None and found[0] >= 2 and not added:
            if leaves(noun, view) and lemma in self.counts:  # "killing the thirty-seven thieves"
                self.counts[lemma] = max(0, self.counts[lemma] - found[0])
                return [self._change(view, noun, lemma, f"-{found[0]}", *found[1])]
            if (lemma not in self.counts or _indefinite(noun)) and not _owned(noun):
                self.counts[lemma] = found[0]
                return [self._change(view, noun, lemma, f"={found[0]}", *found[1])]
            return []
        member = _member_noun(noun)
        if member is not None and member in self.counts and leaves(noun, view):
            identity = view.phrase(noun).lower()  # "the lesser thief", "the second thief": one member each
            if identity in self.gone[member]:
                return []
            self.gone[member].add(identity)
            self.counts[member] = max(0, self.counts[member] - 1)
            return [self._change(view, noun, member, "-1")]
        return []

    def _change(self, view: SentenceView, noun: Token, lemma: str, told_as: str, *toks: Token) -> Change:
        """The new count, its ``value_text`` the change told: ``=40`` set, ``-1`` one gone, ``+4`` joined."""
        anchor = _clause_verb(noun) or noun
        change = make_change(view, anchor, STORY, Predicate.COUNT, f"{lemma}={self.counts[lemma]}", noun, *toks)
        modality = told(view, anchor) if anchor is not noun else change.modality
        return replace(change, modality=modality, holder=None, value_text=told_as)


def told(view: SentenceView, verb: Token) -> Modality:
    """How the verb's clause is told: its modality, but a finite clause with its own subject, outside any
    quote, keeps its own (the parser hangs "... and the head thief kills the lesser thief" under "cannot",
    and "So Grethel gave Hans a goat; then he said" under "said")."""
    modality = view.modality(verb)[0]
    if modality.factual or view.story.speaker_at(view.offset + verb.idx)[0]:
        return modality
    own_subject = any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
    bare = not any(c.dep_ in ("aux", "mark", "neg") or c.lower_ in ("if", "unless") for c in verb.children)
    finite = verb.tag_ in ("VBD", "VBZ", "VBP")  # a modal's verb is bare: "cannot identify … and kills"
    if finite and bare and (verb.dep_ == "conj" or (verb.dep_ == "ccomp" and own_subject)):
        return Modality.ASSERTED
    return modality


def _owned(noun: Token) -> bool:
    """'had three sons', 'his seven kids': someone's, counted by :func:`.patterns.count`, not a group."""
    have = noun.dep_ == "dobj" and noun.head.lemma_.lower() in ("have", "own", "possess")
    return have or any(c.dep_ == "poss" for c in noun.children)


def _infinitive(verb: Token) -> bool:
    """'the plan is for the other thieves to come back': a plan, no event."""
    return any(c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children)


def _passable(thing: Token) -> bool:
    """A thing or a creature one can give or send (not "a proper burial", "her freedom", "home")."""
    lemma = thing.lemma_.lower()
    return is_thing_noun(lemma) or is_person_noun(lemma)


def _clause_verb(noun: Token) -> Token | None:
    """The verb the noun is an argument of (through a preposition: "came with four other Mice")."""
    head = noun.head
    if head.pos_ == "ADP":
        head = head.head
    return head if head.pos_ in ("VERB", "AUX") and head.i != noun.i else None


def added_to_others(noun: Token) -> bool:
    """'two more Mice', 'four other little Mice', 'another thief': those named join the ones before
    ('the other thieves' are the rest of those counted)."""
    if any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in ("the", "these", "those")) for c in noun.children):
        return False
    added = tally_words().added
    return any(t.lower_ in added for t in noun.doc[noun.left_edge.i : noun.i])


def _indefinite(noun: Token) -> bool:
    """No definite determiner or possessor: "a group of forty thieves", "forty thieves came"."""
    return not any(c.dep_ in ("det", "poss") and c.lower_ not in ("a", "an", "some") for c in noun.children)


def _joins(noun: Token, view: SentenceView) -> bool:
    """The noun names those who come ("two more came", "came with four others")."""
    verb = _clause_verb(noun)
    if verb is None:
        return False
    arrives = verb.lemma_.lower() in tally_words().joining or verb.lemma_.lower() in view.w.motion_verbs
    as_subject = noun.dep_ in ("nsubj", "nsubjpass")
    with_them = noun.dep_ == "pobj" and noun.head.lower_ == "with"
    return arrives and (as_subject or with_them)


def _member_noun(noun: Token) -> str | None:
    """The group noun one member is named by: 'the second thief' → thief; 'one of the thieves' → thief."""
    if noun.lemma_.lower() == "one":
        prep = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
        return pobj.lemma_.lower() if pobj is not None and pobj.pos_ == "NOUN" else None
    return noun.lemma_.lower() if noun.tag_ in ("NN", "NNP") else None


def leaves(noun: Token, view: SentenceView) -> bool:
    """The noun's referent is killed, dies or goes away ("the lesser thief" of "kills the lesser thief")."""
    tw, w = tally_words(), view.w
    verb = noun.head
    lemma = verb.lemma_.lower()
    if noun.dep_ in ("dobj", "nsubjpass") and lemma in w.kill_verbs:
        return True
    if noun.dep_ != "nsubj":
        return False
    away = any(c.lower_ in tw.leaving_particles for c in verb.children if c.dep_ in ("prt", "advmod"))
    return lemma in w.die_verbs or lemma in tw.leaving or (lemma in w.motion_verbs and away)


# -- transfers ---------------------------------------------------------------------------------------------
def _transfers(views: list[SentenceView]) -> list[Change]:
    """Tallies of things passed between two parties, on both parties (see the module's docstring)."""
    tw = tally_words()
    tallies: dict[tuple[str, str], int] = defaultdict(int)  # (subject, key) → count
    out: list[Change] = []
    for view in views:
        for verb in view.doc:
            lemma = verb.lemma_.lower()
            if verb.pos_ != "VERB" or lemma not in tw.transfers:
                continue
            modality = told(view, verb)
            if modality.factual:
                word = tw.transfers[lemma]
            elif modality in _PROMISING:
                word = tw.promised
            else:
                continue
            giver, recipient = view.agent(verb), receiver_of(view, verb)
            for thing in _things(verb):
                if not _passable(thing):  # "gave the Tree any pleasure", "brings the body home"
                    continue
                found = number_before(thing, tw.added)
                n = found[0] if found else 1
                nouns = [(thing.lemma_.lower(), n)]
                if lemma in tw.classes:
                    nouns.append((tw.classes[lemma], 1))
                for noun, add in nouns:
                    for subject, key in _tally_keys(noun, word, giver, recipient):
                        tallies[(subject, key)] = max(tallies[(subject, key)] + add, 2 if added_to_others(thing) else 0)
                        value = f"{key}={tallies[(subject, key)]}"
                        change = make_change(view, verb, subject, Predicate.COUNT, value, thing)
                        # a promise is a fact; value_text the change told ("+1")
                        out.append(replace(change, modality=Modality.ASSERTED, holder=None, value_text=f"+{add}"))
    return out


def _tally_keys(noun: str, word: str, giver: str | None, recipient: str | None) -> list[tuple[str, str]]:
    """(party, key) of one transfer: 'needle given to hans' on the giver, 'needle given by grethel' on the
    recipient; without the other party the key ends at the participle ('officer sent')."""
    keys = []
    if giver:
        keys.append((giver, f"{noun} {word} to {recipient}" if recipient else f"{noun} {word}"))
    if recipient:
        keys.append((recipient, f"{noun} {word} by {giver}" if giver else f"{noun} {word}"))
    return keys


def receiver_of(view: SentenceView, verb: Token) -> str | None:
    """Who receives: the dative ("gave Hans a needle") or the object of "to" ("sent it to the king")."""
    for c in verb.children:
        if c.dep_ == "dative" and c.pos_ != "ADP":
            return view.who(c)
        if c.dep_ in ("dative", "prep") and c.lower_ == "to":
            pobj = next((p for p in c.children if p.dep_ == "pobj"), None)
            if pobj is not None:
                return view.who(pobj)
    return None


def _things(verb: Token) -> list[Token]:
    """The things passed: the direct object and the objects joined to it ("a needle and a knife")."""
    obj = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")), None)
    if obj is None:
        return []
    return [obj, *(c for c in obj.conjuncts if c.pos_ == "NOUN" and c.i > obj.i)]


# -- debts -------------------------------------------------------------------------------------------------
def _debts(views: list[SentenceView]) -> list[Change]:
    """'he owed him seven million, two hundred thousand pieces of copper': the sum stands on both parties."""
    out: list[Change] = []
    for view in views:
        for verb in view.doc:
            if verb.lemma_.lower() != "owe" or not told(view, verb).factual:
                continue
            debtor, creditor = view.agent(verb), receiver_of(view, verb)
            for noun in verb.subtree:
                found = number_before(noun, tally_words().added) if noun.pos_ == "NOUN" else None
                if found is None or noun.lemma_.lower() in tally_words().measures:
                    continue
                for subject, key in _tally_keys(noun.lemma_.lower(), "owed", debtor, creditor):
                    value = f"{key}={found[0]}"
                    out.append(make_change(view, verb, subject, Predicate.COUNT, value, noun, *found[1]))
                break
    return out


# -- holdings ----------------------------------------------------------------------------------------------
def held_count(timeline: Timeline, sentence: int, owners: set[str], matches: object) -> list[StateInterval]:
    """The factual HOLDS states of ``owners`` at the end of ``sentence`` whose object ``matches`` (a callable
    on the state), one per object: how many of them the owners have then."""
    seen: dict[str, StateInterval] = {}
    for s in timeline.at(sentence):
        if s.predicate == Predicate.HOLDS and s.subject in owners and matches(s):  # type: ignore[operator]
            seen.setdefault(s.value, s)
    return list(seen.values())
