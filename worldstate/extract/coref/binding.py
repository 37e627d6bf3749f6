"""Binding: the object pronoun of a verb never refers to that verb's own subject ("the birds had picked
them up": them is not the birds; "the witch grabbed her": her is not the witch); a reflexive object
does ("he should strike him and place himself on the throne": himself is the striker).

The subject is read from the parse: the verb's own ``nsubj``; for a relative clause whose subject is a
relative pronoun ("the birds which had picked them up"), the noun the clause hangs on; for a verb
without a subject of its own, the subject it shares: a conjoined verb's ("she took him and carried
him"), the governing verb's for an infinitive or participle ("he did not venture to give him", "without
putting himself"), or the governing verb's object when it has one ("he asked her to help him"); for a
subject headed by a number or group noun ("thousands of birds", "a flock of geese"), also the noun of
its "of" phrase (the lexicon's number words; WordNet's group and quantity nouns, ``noun_classes.tsv``).
Only direct and indirect objects are bound this way, and the "to" object of a verb that has a direct
object ("he betrothed his daughter to him", "gave the ring to her"; not after the verbs of
``data/binding.yaml``: "he drew her to him"): a pronoun inside another prepositional phrase may well be
the subject's ("she looked about her"). A quantified mention ("no one", "every man") and a reflexive it
binds are no antecedent for the pronouns of later sentences.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from worldstate.data import load_yaml
from worldstate.extract.coref.mentions import MentionInfo
from worldstate.extract.mentions.features import noun_classes
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.resources.lexicon import lexicon

OBJECT_DEPS = frozenset({"dobj", "dative", "iobj"})
RELATIVE_PRONOUNS = frozenset({"who", "which", "that", "whom"})
CLAUSE_STEPS = 3  # conjoined and subjectless verbs walked up to find the subject they share
AMOUNT_LEXFILES = frozenset({"group", "quantity"})  # WordNet lexfile of a noun's first sense: "flock", "multitude"


def _subject_token(doc: ParsedDoc, verb: int) -> int | None:
    """The token that is the subject of ``verb``'s clause (see the module docstring), or None."""
    k = verb
    for _ in range(CLAUSE_STEPS + 1):
        subjects = doc.kids(k, "nsubj")
        if subjects:
            s = subjects[0]
            if s.low in RELATIVE_PRONOUNS and doc.tokens[k].dep == "relcl":
                return doc.tokens[k].head
            return s.i
        tok = doc.tokens[k]
        if tok.head == k:
            return None
        if tok.dep in ("xcomp", "advcl"):  # "he asked her to ...": her; "he went on, taking ...": he
            objects = doc.kids(tok.head, "dobj", "dative") if tok.dep == "xcomp" else []
            if objects:
                return objects[0].i
            k = tok.head
        elif tok.dep == "pcomp":  # "without putting himself": the subject of the verb "without" hangs on
            k = doc.tokens[tok.head].head
        elif tok.dep == "conj":
            k = tok.head
        else:
            return None
    return None


def _amount(tok: Token) -> bool:
    """A number or group noun: "thousands", "a dozen", "a flock"."""
    lemma = tok.lemma.lower()
    classes = noun_classes().get(lemma)
    return lemma in lexicon().number_words or (classes is not None and classes[0] in AMOUNT_LEXFILES)


def _subject_tokens(doc: ParsedDoc, verb: int) -> list[int]:
    """The subject token, and for an amount subject ("thousands of birds") the noun of its "of" phrase."""
    subject = _subject_token(doc, verb)
    if subject is None:
        return []
    out = [subject]
    tok = doc.tokens[subject]
    if _amount(tok):
        for prep in doc.kids(subject, "prep"):
            if prep.low == "of":
                out += [p.i for p in doc.kids(prep.i, "pobj")]
    return out


@lru_cache(maxsize=1)
def _quantifiers() -> frozenset[str]:
    """First words of a mention that is no one person ("any man", "no one"; ``data/roles.yaml``)."""
    return frozenset(str(w) for w in load_yaml("extract", "coref/data/roles.yaml")["quantifiers"])


def quantified(text: str) -> bool:
    """ "no one", "nobody", "every man", "anyone": a mention that refers to no one person, so that no later
    pronoun refers back to it."""
    words = text.lower().split()
    return bool(words) and (words[0] in _quantifiers() or bool(re.fullmatch(r"(no|every|any)(one|body)", words[0])))


@lru_cache(maxsize=1)
def _to_place_verbs() -> frozenset[str]:
    """Verbs whose "to" phrase may be the subject's own place ("drew her to him"; ``data/binding.yaml``)."""
    return frozenset(str(w) for w in load_yaml("extract", "coref/data/binding.yaml")["to_place_verbs"])


def _bound_verb(doc: ParsedDoc, tok: Token) -> int | None:
    """The verb whose subject object pronoun ``tok`` cannot be: its head for a direct or indirect object; for
    the object of "to", the verb "to" hangs on when that verb has a direct object (module docstring)."""
    if tok.dep in OBJECT_DEPS and tok.head != tok.i:
        return tok.head
    if tok.dep != "pobj" or doc.tokens[tok.head].low != "to" or doc.tokens[tok.head].dep not in ("prep", "dative"):
        return None
    verb = doc.tokens[tok.head].head
    if doc.tokens[verb].pos != "VERB" or doc.tokens[verb].lemma.lower() in _to_place_verbs():
        return None
    return verb if doc.kids(verb, "dobj") else None


def _reflexive(text: str) -> bool:
    low = text.lower()
    return low.endswith("self") or low.endswith("selves")


def _binding(doc: ParsedDoc, infos: list[MentionInfo], pronoun: np.ndarray, reflexive: bool) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()] * len(infos)
    by_head = {int(info.head): n for n, info in enumerate(infos)}
    for n, info in enumerate(infos):
        if not pronoun[n]:
            continue
        tok = doc.tokens[info.head]
        if _reflexive(tok.text) != reflexive:
            continue
        verb = _bound_verb(doc, tok) if not reflexive else (tok.head if tok.dep in OBJECT_DEPS else None)
        if verb is None or verb == tok.i:
            continue
        found = [by_head.get(s) for s in _subject_tokens(doc, verb) if s != tok.i]
        out[n] = tuple(m for m in found if m is not None and m < n)
    return out


def clause_binders(doc: ParsedDoc, infos: list[MentionInfo], pronoun: np.ndarray) -> list[tuple[int, ...]]:
    """Per mention, the indices of the mentions that are its clause's subject when the mention is a
    non-reflexive object pronoun (``pronoun`` flags third-person pronouns) and the subject comes before
    it in ``infos``; empty otherwise. The pronoun never refers to them."""
    return _binding(doc, infos, pronoun, reflexive=False)


def reflexive_binders(doc: ParsedDoc, infos: list[MentionInfo], pronoun: np.ndarray) -> list[tuple[int, ...]]:
    """The same for reflexive object pronouns ("himself", "themselves"): the reflexive refers to them."""
    return _binding(doc, infos, pronoun, reflexive=True)


def third_person_reflexives(infos: list[MentionInfo], third: np.ndarray) -> np.ndarray:
    """Per mention, True for a third-person reflexive ("herself", "themselves"; ``third`` flags the third-person
    pronouns): its antecedent is in its own sentence (where one is allowed at all), even when the parse does not
    show its clause's subject."""
    return np.array([bool(third[n]) and _reflexive(info.mention.text) for n, info in enumerate(infos)], dtype=bool)


def no_antecedents(infos: list[MentionInfo], reflexive_of: list[tuple[int, ...]]) -> np.ndarray:
    """Per mention, True when no pronoun of a later sentence may refer back to it: a quantified mention ("no
    one could approach them") and a reflexive it binds ("without putting himself in danger")."""
    out = np.array([quantified(info.mention.text) for info in infos], dtype=bool)
    for n, binders in enumerate(reflexive_of):
        if any(out[b] for b in binders):
            out[n] = True
    return out
