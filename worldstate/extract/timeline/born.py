"""Kin told by a birth: "the queen gave birth to a daughter", "a son was born to the king and queen", "she
bore him a son".

The one born is ``child_of`` each parent (and each parent its ``parent_of``), from the parse:

- "X gave birth to Y": the subject of "give" with the object "birth" is the parent, the object of the
  "to" (on the verb or on "birth") the child;
- "Y was born to X (and Z)": the subject of the passive "born" is the child, each conjoined object of
  its "to" a parent;
- "X bore (Z) a son": "bear" whose object is a child noun (a relation noun of kind ``child_of``:
  "son", "daughter", "baby", from WordNet) bears the child to its subject and to its indirect object;
  "bore the pain", "bore him on her back" are not births.

The clause's modality is the relation's ("she hoped to bear him a son" is no birth yet).
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways
from worldstate.extract.timeline.scan import each_token

_CHILD = "child_of"


def births(views: list[SentenceView]) -> list[Change]:
    """Every parent-and-child relation a birth tells in the story's sentences."""
    return each_token(views, birth)


def birth(view: SentenceView, verb: Token) -> Iterator[Change]:
    """The relations ``verb`` tells when it is a verb of birth, else none."""
    if verb.pos_ not in ("VERB", "AUX"):
        return
    lemma = verb.lemma_.lower()
    if lemma == "give":
        pairs = _gave_birth(view, verb)
    elif lemma == "bear" and verb.lower_ == "born":
        pairs = _born_to(view, verb)
    elif lemma == "bear":
        pairs = _bore(view, verb)
    else:
        return
    for child, parent, parent_tok in pairs:
        if child != parent and view.kind(child) == "character" and view.kind(parent) in ("character", "group"):
            yield from both_ways(view, verb, child, _CHILD, parent, parent_tok)


def _gave_birth(view: SentenceView, verb: Token) -> list[tuple[str, str, Token | None]]:
    """'X gave birth to Y' (the "to" on the verb or on "birth")."""
    birth_tok = next((c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() == "birth"), None)
    if birth_tok is None:
        return []
    hosts = [verb, birth_tok]
    children = [o for h in hosts for o in _objects_of(h, "to")]
    parent = view.agent(verb)
    subj = view.subject(verb)
    return [(c, parent, subj) for c in (view.ent(t) for t in children) if c and parent]


def _born_to(view: SentenceView, verb: Token) -> list[tuple[str, str, Token | None]]:
    """'Y was born to X and Z': the passive subject is the child of each object of "to"."""
    child = view.who(next((c for c in verb.children if c.dep_ == "nsubjpass"), None))
    if not child:
        return []
    return [(child, p, t) for t in _objects_of(verb, "to") if (p := view.who(t))]


def _bore(view: SentenceView, verb: Token) -> list[tuple[str, str, Token | None]]:
    """'X bore (Z) a son': a child noun for object; the subject and the indirect object are the parents."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is None or view.w.relation_nouns.get(obj.lemma_.lower()) != _CHILD:
        return []
    child = view.ent(obj)
    subj = view.subject(verb)
    dative = next((c for c in verb.children if c.dep_ == "dative" and c.pos_ != "ADP"), None)
    parents = [(view.who(t), t) for t in (subj, dative) if t is not None]
    return [(child, p, t) for p, t in parents if child and p]


def _objects_of(head: Token, prep: str) -> list[Token]:
    """The objects of ``head``'s ``prep`` phrases, each conjunct ("to the king and queen")."""
    out: list[Token] = []
    for p in head.children:
        if p.dep_ in ("prep", "dative") and p.lower_ == prep:
            for o in p.children:
                if o.dep_ == "pobj":
                    out += [o, *o.conjuncts]
    return out
