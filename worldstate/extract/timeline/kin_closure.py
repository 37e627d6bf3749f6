"""Kinship a reader closes over: relations no sentence tells but two told ones make certain.

- the parents of one child are married ("Their father was a woodcutter. Their mother had died.": the
  woodcutter was married to the children's mother): two parents of one child, of the two genders, neither
  told married to someone else;
- siblings share parents ("Tom and Anna were brother and sister. Tom's father …": he is Anna's father too),
  for two siblings who both have a proper name (a role such as "the sister" or "the old woman" is where
  coreference errs most, and a wrong sibling or parent would spread), unless the other sibling has a told
  parent of that gender already.

(A marriage told one way is already told both ways: :func:`.relations.both_ways`.) Each derived state is
marked ``inferred`` with :data:`KIN_CLOSURE`, has the later of its two told states for evidence and both for
``support``, starts when both hold and ends when either ends. Derived states are made after the timeline is
assembled, so they never end a told state, and a derived marriage has no ``married`` value text, so the
one-spouse check (which reads marriages told by a verb) never reads one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from worldstate.state.timeline import Modality, Predicate, StateInterval

KIN_CLOSURE = "kin_closure"  # the ``inferred`` mark of a derived relation
PARENT, CHILD, SIBLING, SPOUSE = "parent_of", "child_of", "sibling_of", "married_to"


def kin_closure(
    states: list[StateInterval], gender: Callable[[str], str], named: Callable[[str], bool]
) -> list[StateInterval]:
    """The derived relations of the told ``states`` (``gender``: an entity's gender, '' when unknown;
    ``named``: the entity has a proper name)."""
    told = [s for s in states if s.predicate == Predicate.RELATION and s.modality.factual and not s.inferred]
    have = {(s.subject, s.value) for s in told}
    out: list[StateInterval] = []
    for state in [*_shared_parents(told, gender, named), *_married_parents(told, gender)]:
        if (state.subject, state.value) not in have:
            have.add((state.subject, state.value))
            out.append(state)
            told.append(state)
    return out


def _parents(told: list[StateInterval]) -> dict[str, list[StateInterval]]:
    """Child → the told ``parent_of`` states naming it."""
    out: dict[str, list[StateInterval]] = defaultdict(list)
    for s in told:
        if s.key == PARENT:
            out[_other(s)].append(s)
    return out


def _shared_parents(
    told: list[StateInterval], gender: Callable[[str], str], named: Callable[[str], bool]
) -> Iterator[StateInterval]:
    """A named sibling's parent is the other named sibling's parent (when it has none of that gender told)."""
    parents = _parents(told)
    for sib in (s for s in told if s.key == SIBLING):
        one, other = sib.subject, _other(sib)
        if not named(one) or not named(other):
            continue
        theirs = parents.get(other, [])
        for p in parents.get(one, []):
            g = gender(p.subject)
            if not g or p.subject == other or any(q.subject == p.subject or gender(q.subject) == g for q in theirs):
                continue
            yield from _derived(p.subject, PARENT, other, CHILD, p, sib)


def _married_parents(told: list[StateInterval], gender: Callable[[str], str]) -> Iterator[StateInterval]:
    """Two parents of one child, one male and one female, neither told married to a third: married."""
    spouses: dict[str, set[str]] = defaultdict(set)
    for s in told:
        if s.key == SPOUSE:
            spouses[s.subject].add(_other(s))
    for ps in _parents(told).values():
        for i, a in enumerate(ps):
            for b in ps[i + 1 :]:
                x, y = a.subject, b.subject
                if x == y or {gender(x), gender(y)} != {"male", "female"}:
                    continue
                if spouses[x] - {y} or spouses[y] - {x}:
                    continue  # told married to another: a stepparent, a widower's new wife
                spouses[x].add(y)
                spouses[y].add(x)
                yield from _derived(x, SPOUSE, y, SPOUSE, a, b)


def _derived(
    subject: str, kind: str, other: str, inverse: str, a: StateInterval, b: StateInterval
) -> Iterator[StateInterval]:
    """``subject`` ``kind`` ``other`` and its inverse, drawn from the told states ``a`` and ``b``."""
    later = max(a, b, key=lambda s: (s.start, s.evidence.start))
    ends = [s.end for s in (a, b) if s.end is not None]
    end = min(ends) if ends else None
    if end is not None and end <= later.start:
        return
    for who, rel, whom in ((subject, kind, other), (other, inverse, subject)):
        yield StateInterval(
            who,
            Predicate.RELATION,
            f"{rel}={whom}",
            later.start,
            later.evidence,
            Modality.ASSERTED,
            end,
            inferred=KIN_CLOSURE,
            support=(a.evidence, b.evidence),
        )


def _other(state: StateInterval) -> str:
    return state.value.split("=", 1)[1]
