"""Death a reader infers without a die or kill verb: an event noun of dying, a burial, a grave, a widow,
an orphan, the afterlife.

The word classes come from WordNet 3.0 (``data/life_classes.yaml``, built by
``scripts/build_life_classes.py``: death_nouns, mourned_nouns, mourning_verbs, burial_verbs, burial_nouns,
grave_nouns, widowed_nouns, orphan_nouns, afterlife_nouns). The constructions:

- an event noun of dying with its owner: "after the death of their father", "upon his mother's death",
  "since her husband's murder", "the king's execution", "mourned the loss of his wife" (a euphemism noun
  only under a mourning verb). The owner is dead from that sentence. A definite event noun presupposes
  its event, so a negated clause keeps it ("he did not leave after his father's death"); a hypothetical
  one does not ("the death of the dragon would free them"), nor a noun governed by a word of fear, wish
  or plan ("feared his death", "plotted the king's murder": ``alive.unrealised_heads`` of
  ``patterns.yaml``), nor one told before it ("before his death"). Without an owner ("feared death",
  "death threats", "on pain of death") nothing is told of anyone;
- a burial: "they buried the old man", "they buried his body", "he was interred in the vault", "at her
  mother's funeral", "the burial of the king" (not "buried alive", "buried himself in his books", "buried in thought");
- a grave and its owner: "the grave of his father", "his mother's tomb" (not "his own grave");
- a widow's or widower's late spouse: "the widow of Lord Hugh", "the old man's widow";
- the afterlife: "she is in heaven", "he had gone to heaven", "the angels carried her to heaven";
- "he was no more".

"X was a widow" and "X was an orphan" tell of someone else (the spouse, the parents): :func:`bereaved`
reads them over the whole story's relations once every sentence is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.data import load_yaml
from worldstate.extract.timeline.clause import SentenceView, Token, direct_object, is_reflexive
from worldstate.extract.timeline.life import (
    DIE,
    _is_character,
    _living,
    _passive,
    _progressive,
    _sentence_antecedent,
    _target,
    _told,
    _usual_bearer,
    verb_classes,
)
from worldstate.extract.timeline.places import is_place_noun
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change

_AFTERLIFE_VERBS = ("be", "go", "ascend", "rise", "take", "carry", "bear", "call", "send", "fly")
_AFTERLIFE_PREPS = ("in", "to", "into", "unto")
_NOT_YET_PREPS = ("before", "till", "until", "against")  # "before his death": no death told yet
_OBJECT_GENDER = {"him": "male", "her": "female"}


@dataclass(frozen=True)
class ImpliedWords:
    """The word classes of an implied death (WordNet's, see the module docstring)."""

    death_nouns: frozenset[str]
    mourned_nouns: frozenset[str]
    mourning_verbs: frozenset[str]
    burial_verbs: frozenset[str]
    body_nouns: frozenset[str]
    burial_nouns: frozenset[str]
    grave_nouns: frozenset[str]
    widowed_nouns: frozenset[str]
    orphan_nouns: frozenset[str]
    afterlife_nouns: frozenset[str]
    unrealised_heads: frozenset[str]  # words under which an event noun tells no event
    news_verbs: frozenset[str]  # "she was informed of her death": not her own


@lru_cache(maxsize=1)
def implied_words() -> ImpliedWords:
    """The classes of ``data/life_classes.yaml`` (single words) and the modality words that block them."""
    raw = load_yaml("extract.timeline", "data/life_classes.yaml")
    patterns = load_yaml("resources", "data/patterns.yaml")
    modality = patterns["modality"]

    def single(name: str) -> frozenset[str]:
        return frozenset(w.lower() for w in raw[name] if "_" not in w)

    unrealised = set(patterns["alive"]["unrealised_heads"]) | set(modality["wish_verbs"])
    unrealised |= set(modality["belief_verbs"]) | set(modality["dream_words"]) | set(modality["deceit_words"])
    return ImpliedWords(
        single("death_nouns"),
        single("mourned_nouns"),
        single("mourning_verbs"),
        single("burial_verbs"),
        single("body_nouns"),
        single("burial_nouns"),
        single("grave_nouns"),
        single("widowed_nouns"),
        single("orphan_nouns"),
        single("afterlife_nouns"),
        frozenset(unrealised),
        frozenset(patterns["alive"]["news_verbs"]),
    )


# -- nouns ---------------------------------------------------------------------------------------------
def implied_by_noun(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'the death of their father', 'her husband's murder', 'mourned the loss of his wife', 'at her
    mother's funeral', 'the grave of his father', 'the widow of Lord Hugh', 'she is in heaven'."""
    iw = implied_words()
    lemma = noun.lemma_.lower()
    if lemma in iw.afterlife_nouns:
        yield from _in_afterlife(view, noun)
        return
    mourned = lemma in iw.mourned_nouns and _mourned(noun, iw)
    event = lemma in iw.death_nouns or lemma in iw.burial_nouns or mourned
    if not event and lemma not in iw.grave_nouns and lemma not in iw.widowed_nouns:
        return
    if lemma in iw.grave_nouns and any(c.lower_ == "own" for c in noun.subtree):
        return  # "dug his own grave": a death to come
    owner = _owner(noun, of_first=lemma in iw.death_nouns)
    if owner is None or _unrealised(noun, iw):
        return
    who = owner_entity(view, owner)
    if who and _news_of_own(view, noun, who, iw):
        return
    for change in _told(view, noun, who, "false", owner):
        if change.modality == Modality.NEGATED:
            change.modality = Modality.ASSERTED  # presupposed: "did not leave after his father's death"
        yield change


def owner_entity(view: SentenceView, owner: Token) -> str | None:
    """The entity of an event's owner, mended where coreference put a possessed kin noun on its possessor
    ("after the death of their father" read as Tom's own): the character the story has called so before,
    else nobody."""
    ent = _target(view, owner)
    poss = next((c for c in owner.children if c.dep_ == "poss"), None)
    if poss is None or ent is None or owner.pos_ != "NOUN":
        return ent
    better = _usual_bearer(view, owner, ent)  # None when ``ent`` was called so before
    if better:
        return better
    return None if view.who(poss) == ent else ent


def _news_of_own(view: SentenceView, noun: Token, who: str, iw: ImpliedWords) -> bool:
    """True when ``who`` is the subject of the verb of hearing, telling or grieving the noun hangs under:
    "she was informed of her death" tells another's death (coreference slipped), not her own."""
    cur = noun
    for _ in range(4):
        cur = cur.head
        if cur.pos_ in ("VERB", "AUX") or cur.head.i == cur.i:
            break
    if cur.lemma_.lower() not in iw.news_verbs:
        return False
    subj = view.subject(cur)
    return subj is not None and _target(view, subj) == who


def _owner(noun: Token, of_first: bool) -> Token | None:
    """The one a noun is of: "the death of X" / "X's death" (the of-phrase first: "Cain's murder of Abel")."""
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if of_first and pobj is not None:
        return pobj
    return poss if poss is not None else pobj


def _mourned(noun: Token, iw: ImpliedWords) -> bool:
    """A euphemism noun ("loss", "passing") under a mourning verb: "mourned the loss of his wife",
    "grieved over her passing"."""
    head = noun.head
    if noun.dep_ == "pobj" and head.dep_ == "prep":
        head = head.head
    return head.pos_ == "VERB" and head.lemma_.lower() in iw.mourning_verbs


def _unrealised(noun: Token, iw: ImpliedWords) -> bool:
    """The event noun is feared, wished, planned, not yet come or not dated here: "feared his death", "the
    fear of her death", "plotted the king's murder", "before his death", "a century after their deaths was
    not completed until ..." (a "before" or "until" anywhere up to the clause's verb), "the occasion of his
    death" (told before the events that led to it)."""
    cur = noun
    for _ in range(6):
        head = cur.head
        if head.i == cur.i:
            return False
        if head.pos_ == "ADP" and head.lower_ in _NOT_YET_PREPS:
            return True
        if head.lemma_.lower() in iw.unrealised_heads or head.lower_ in iw.unrealised_heads:
            return True
        if head.pos_ in ("VERB", "AUX"):
            return False
        cur = head
    return False


def _in_afterlife(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'she is in heaven', 'he had gone to heaven', 'the angels carried her to heaven': a person only,
    the place bare ("in seventh heaven", "the heaven above" are no afterlife)."""
    prep = noun.head
    if (
        noun.dep_ != "pobj"
        or prep.lower_ not in _AFTERLIFE_PREPS
        or any(c.dep_ in ("amod", "det") for c in noun.children)
    ):
        return
    verb = prep.head
    if verb.pos_ not in ("VERB", "AUX") or verb.lemma_.lower() not in _AFTERLIFE_VERBS or _progressive(verb):
        return
    if verb.lemma_.lower() in ("be", "go", "ascend", "rise", "fly") or _passive(verb):
        tok = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None) or view.subject(verb)
    else:
        tok = direct_object(verb)
    who = _target(view, tok)
    if who and _is_character(view, who):
        yield from _told(view, verb, who, "false", tok, noun)


# -- verbs ---------------------------------------------------------------------------------------------
def implied_by_verb(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'they buried the old man', 'he was interred in the vault', 'the miller was no more'."""
    yield from _no_more(view, verb)
    iw = implied_words()
    if verb.lemma_.lower() not in iw.burial_verbs or _progressive(verb):
        return
    if any(c.lower_ == "alive" for c in verb.children):
        return  # "buried him alive"
    if _passive(verb):
        tok = next((c for c in verb.children if c.dep_ == "nsubjpass"), None) or view.subject(verb)
        if not _buried_in_ground(verb):
            return  # "was buried in thought"
    else:
        tok = direct_object(verb)
        if tok is None or is_reflexive(tok):
            return  # "buried himself in his books"
    body = tok if tok is not None and tok.lemma_.lower() in iw.body_nouns else None
    if body is not None:
        tok = _owner(body, of_first=True)  # "buried his body": its owner
    who = owner_entity(view, tok) if tok is not None else None
    if who and tok is not None and tok.lower_ in _OBJECT_GENDER:  # "Wolsey died … the abbots buried him"
        who = _died_here(view, tok, who) or who
    if who and _living(view, who):
        yield from _told(view, verb, who, "false", tok, body)


def _died_here(view: SentenceView, pron: Token, ent: str) -> str | None:
    """For "him"/"her" buried: the one an earlier clause of the sentence tells dying ("Wolsey died in
    Leicester Abbey where the abbots buried him"), when coreference put the pronoun on one not named there."""
    better = _sentence_antecedent(view, pron, ent, _OBJECT_GENDER[pron.lower_])
    if better is None:
        return None
    for verb in view.doc[: pron.i]:
        subj = view.subject(verb) if DIE in verb_classes(verb) else None
        if subj is not None and _target(view, subj) == better:
            return better
    return None


def _buried_in_ground(verb: Token) -> bool:
    """A passive burial's "in" phrase, if any, names a place ("buried in the churchyard", not "in thought")."""
    iw = implied_words()
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ == "in":
            for pobj in prep.children:
                lemma = pobj.lemma_.lower()
                if pobj.dep_ == "pobj" and not (is_place_noun(lemma, pobj.lower_) or lemma in iw.grave_nouns):
                    return False
    return True


def _no_more(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'the miller was no more': "be" with "no more" as its whole predicate."""
    if verb.lemma_ != "be":
        return
    more = next((c for c in verb.children if c.dep_ in ("attr", "acomp", "advmod") and c.lower_ == "more"), None)
    if more is None or not any(c.lower_ == "no" for c in more.children):
        return
    if more.i + 1 < len(view.doc) and not view.doc[more.i + 1].is_punct:
        return  # "he was no more a boy"
    if any(c.dep_ in ("attr", "acomp", "prep") and c.i != more.i for c in verb.children):
        return
    subj = view.subject(verb)
    who = _target(view, subj)
    if who and _is_character(view, who):
        yield from _told(view, verb, who, "false", more)


# -- widows and orphans: someone else's death ----------------------------------------------------------
def bereaved(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """'Martha was a widow now', 'she was widowed' (her husband dead), 'Oliver was an orphan' (his parents
    dead): the spouse or parents the relations read at or before that sentence are dead from there."""
    from worldstate.extract.timeline.change import make_change

    iw = implied_words()
    out: list[Change] = []
    for view in views:
        for noun in view.doc:
            lemma = noun.lemma_.lower()
            if noun.tag_ == "VBN" and lemma in iw.widowed_nouns and _passive(noun):  # "she was widowed"
                subj, anchor = view.subject(noun), noun
            elif noun.dep_ == "attr" and noun.head.lemma_ in ("be", "become", "remain", "leave"):
                subj, anchor = view.subject(noun.head), noun.head  # "she was a widow"
            else:
                continue
            if lemma in iw.widowed_nouns:
                kinds = ("married_to",)
            elif lemma in iw.orphan_nouns:
                kinds = ("child_of", "parent_of")
            else:
                continue
            who = _target(view, subj)
            if not who or any(c.dep_ == "neg" for c in anchor.children):
                continue
            for other in _related(changes, who, kinds, view.index):
                change = make_change(view, anchor, other, Predicate.ALIVE, "false", noun, value_text="dead")
                change.inferred = "bereaved"
                out.append(change)
    return out


def _related(changes: list[Change], who: str, kinds: tuple[str, str] | tuple[str], before: int) -> list[str]:
    """The spouse (``("married_to",)``) or the parents (``("child_of", "parent_of")``: ``who`` is a child
    of them, they are parents of ``who``) told by a factual relation by sentence ``before``."""
    found: list[str] = []
    for c in changes:
        if c.predicate != Predicate.RELATION or c.sentence > before or not c.modality.factual:
            continue
        kind, _, other = c.value.partition("=")
        if c.subject == who and kind == kinds[0]:
            related = other
        elif other == who and kind == kinds[-1]:
            related = c.subject
        else:
            continue
        if related and related != who and related not in found:
            found.append(related)
    return found
